import Foundation
import SitegenMarkdown

/// The URL Jekyll gives a content file of a site configured by `_config.yml`, from the
/// ``JekyllPermalinkRules`` and the file's own front matter, as Jekyll documents it:
///
/// - a post (in a `_posts` or `_drafts` folder): the site's `permalink` (default the `date`
///   style, `/:categories/:year/:month/:day/:title:output_ext`), or its collection's;
/// - a document of another collection (`_recipes/soup.md`): `/:collection/:path` with the
///   site style's ending, or the collection's `permalink`;
/// - any other page: `/:path/:basename` with the site style's ending (`/about.html` with
///   `date` or `none`, `/about/` with `pretty`), `index` files their folder's URL (`/x/`).
///
/// The front matter's own `permalink` pattern wins, then `defaults:` (the most specific scope),
/// then the above. A URL that ends in neither `/` nor an extension is written as Jekyll writes
/// it, with `.html`.
struct JekyllPermalink {
    /// What a file is to Jekyll: which rules give its URL and what `:path` means.
    enum Kind: Equatable {
        case page
        /// A post; its categories from the folders above `_posts`.
        case post(folderCategories: [String], draft: Bool)
        /// A document of the collection with this label.
        case document(collection: String)
    }

    let rules: JekyllPermalinkRules
    /// The file's path from the site's root.
    let path: String
    let frontMatter: FrontMatter
    /// The page's date, if it has one (the front matter's, else its file name's).
    let date: Date?

    /// The URL of the file at `path` in a site with `rules` (`nil`: not a Jekyll site, so none).
    ///
    /// - Throws: ``SiteError`` at the `permalink` line when the URL would leave the site.
    static func url(of path: String, frontMatter: FrontMatter, date: Date?, rules: JekyllPermalinkRules?,
                    now: Date, file: String) throws(SiteError) -> String? {
        guard let rules else { return nil }
        return try JekyllPermalink(rules: rules, path: path, frontMatter: frontMatter, date: date ?? now).url(file: file)
    }

    /// The `scope: type:` of `defaults:` that takes the file at `path` (from the site's root):
    /// `posts` (drafts too: they are posts to Jekyll), a collection's label or `pages`.
    static func defaultsType(of path: String, rules: JekyllPermalinkRules) -> String {
        switch JekyllPermalink(rules: rules, path: path, frontMatter: FrontMatter(), date: nil).kind {
        case .post: "posts"
        case .document(let collection): collection
        case .page: "pages"
        }
    }

    /// `frontMatter` of the file at `path` (from the site's root) with the values `defaults:` of
    /// `rules` give it; a Markdown file (`isMarkdown`) that names no `layout` then gets the one
    /// jekyll-default-layout gives it (on by default on GitHub Pages) among the rules'
    /// ``JekyllPermalinkRules/defaultLayouts``: the home page (`index.md`) `home`, else `page`,
    /// else `default`; a post `post`, else `default`; another page `page`, else `default`.
    /// `layout: null` keeps none.
    static func frontMatter(_ frontMatter: FrontMatter, of path: String, isMarkdown: Bool, rules: JekyllPermalinkRules) -> FrontMatter {
        let type = defaultsType(of: path, rules: rules)
        var merged = rules.withDefaults(frontMatter, path: path, type: type)
        guard isMarkdown, merged["layout"] == nil, !rules.defaultLayouts.isEmpty else { return merged }
        let isHome = ["index.md", "index.markdown"].contains(path.lowercased())
        let candidates = isHome ? ["home", "page", "default"] : type == "posts" ? ["post", "default"] : type == "pages" ? ["page", "default"] : []
        if let name = candidates.first(where: rules.defaultLayouts.contains) { merged["layout"] = .string(name) }
        return merged
    }

    /// The kind of the file at ``path``.
    var kind: Kind {
        let components = path.split(separator: "/").map(String.init)
        if let index = components.dropLast().firstIndex(where: { $0 == "_posts" || $0 == "_drafts" }) {
            return .post(folderCategories: components[..<index].filter { !$0.hasPrefix("_") }, draft: components[index] == "_drafts")
        }
        if let first = components.first, components.count > 1, first.hasPrefix("_"),
           rules.collectionLabels.contains(String(first.dropFirst())) {
            return .document(collection: String(first.dropFirst()))
        }
        return .page
    }

    /// The pattern that gives the file's URL.
    var pattern: String {
        // Another generator's template (`{{ title | slugify }}`) is no Jekyll pattern.
        if let own = frontMatter["permalink"]?.string, !own.isEmpty, !own.contains("{{"), !own.contains("{%") { return own }
        switch kind {
        case .post(_, let draft):
            if let given = (draft ? rules.defaultPermalink(path: path, type: "drafts") : nil)
                ?? rules.defaultPermalink(path: path, type: "posts") { return given }
            if let given = rules.collections["posts"] { return JekyllPermalinkRules.styles[given] ?? given }
            return rules.sitePattern
        case .document(let collection):
            if let given = rules.defaultPermalink(path: path, type: collection) { return given }
            if let given = rules.collections[collection] {
                if let style = JekyllPermalinkRules.styles[given] {
                    return "/:collection/:path" + (style.hasSuffix("/") ? "/" : ":output_ext")
                }
                return given
            }
            return "/:collection/:path" + rules.pageSuffix
        case .page:
            if let given = rules.defaultPermalink(path: path, type: "pages") { return given }
            if basename == "index" { return "/:path/" }
            return "/:path/:basename" + rules.pageSuffix
        }
    }

    /// The URL path, percent-encoded.
    func url(file: String) throws(SiteError) -> String {
        var expanded = "/" + Self.expand(pattern) { value(of: $0) }
        while let double = expanded.range(of: "//") { expanded.replaceSubrange(double, with: "/") }
        let last = URLPath.lastComponent(of: expanded)
        if !expanded.hasSuffix("/") && !last.contains(".") { expanded += ".html" }
        guard var url = URLPath.explicitURL(expanded) else {
            let reason = URLPath.refusal(ofExplicitURL: expanded) ?? "is not a path inside the site"
            throw SiteError(file: file, line: frontMatter.line(of: "permalink") ?? 2,
                            "the permalink \(pattern) gives \(expanded), which \(reason); change the permalink")
        }
        // A folder whose name has a dot (`/change.org/`) stays a folder.
        if expanded.hasSuffix("/") && !url.hasSuffix("/") { url += "/" }
        return url
    }

    // MARK: Placeholders

    /// The placeholders Jekyll documents, longest first so that `:short_year` is not `:short_…`.
    static let placeholders = ["slugified_categories", "short_month", "long_month", "categories", "collection", "short_year",
                               "output_ext", "short_day", "long_day", "basename", "i_month", "minute", "second", "w_year",
                               "month", "title", "i_day", "y_day", "w_day", "year", "hour", "slug", "name", "path", "week",
                               "day"]

    /// `pattern` with each `:placeholder` replaced by `value`'s text for it; an unknown one stays as written.
    static func expand(_ pattern: String, value: (String) -> String) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            if let name = placeholders.first(where: { after.hasPrefix($0) }) {
                result += value(name)
                rest = after.dropFirst(name.count)
            } else {
                result += ":"
                rest = after
            }
        }
        return result + rest
    }

    /// The file's name without its extension.
    var basename: String {
        let name = URLPath.lastComponent(of: path)
        return String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
    }

    /// The text of one placeholder for this file.
    func value(of placeholder: String) -> String {
        let parts = dateParts
        switch placeholder {
        case "year": return String(format: "%04d", parts.year)
        case "short_year": return String(format: "%02d", parts.year % 100)
        case "month": return String(format: "%02d", parts.month)
        case "i_month": return String(parts.month)
        case "short_month": return String(Self.months[parts.month - 1].prefix(3))
        case "long_month": return Self.months[parts.month - 1]
        case "day": return String(format: "%02d", parts.day)
        case "i_day": return String(parts.day)
        case "y_day": return String(format: "%03d", parts.dayOfYear)
        case "hour": return String(format: "%02d", parts.hour)
        case "minute": return String(format: "%02d", parts.minute)
        case "second": return String(format: "%02d", parts.second)
        case "week": return String(format: "%02d", parts.week)
        case "w_year": return String(parts.weekYear)
        case "w_day": return String(parts.weekday)
        case "short_day": return String(Self.weekdays[parts.weekday - 1].prefix(3))
        case "long_day": return Self.weekdays[parts.weekday - 1]
        case "title": return JekyllSlug.make(frontMatter["slug"]?.string ?? titleSource, mode: .pretty, cased: true)
        case "slug": return JekyllSlug.make(frontMatter["slug"]?.string ?? titleSource, mode: .plain, cased: false)
        case "name": return JekyllSlug.make(basename, mode: .plain, cased: false)
        case "basename": return basename
        case "output_ext": return ".html"
        case "categories": return categories.map { $0.lowercased() }.joined(separator: "/")
        case "slugified_categories": return categories.map { JekyllSlug.make($0, mode: .plain, cased: false) }.joined(separator: "/")
        case "collection":
            switch kind {
            case .post: return "posts"
            case .document(let collection): return collection
            case .page: return ""
            }
        case "path":
            switch kind {
            case .page: return URLPath.folder(of: path)
            case .post, .document:
                // The path inside the collection's folder, without the extension.
                let inside = path.split(separator: "/").drop { !$0.hasPrefix("_") }.dropFirst().joined(separator: "/")
                return String(inside[..<(inside.lastIndex(of: ".") ?? inside.endIndex)])
            }
        default: return ":" + placeholder
        }
    }

    /// A post's name without its date (`2026-01-05-hello` → `hello`), else the file's name.
    private var titleSource: String {
        if case .post = kind { return FileName.splitDatePrefix(basename).1 }
        return basename
    }

    /// The categories of a post: the folders above `_posts`, then `category` and `categories`
    /// of its front matter (a list, or names separated by spaces), each once. None for pages.
    var categories: [String] {
        var seen: Set<String> = []
        return categoryNames.filter { seen.insert($0.lowercased()).inserted }
    }

    /// The categories of a post as `page.categories` and `site.categories` give them: those of
    /// ``categories`` told apart by case too (`News` beside `news`), as Ruby's `uniq` tells them.
    var categoryNames: [String] {
        guard case .post(let folders, _) = kind else { return [] }
        var names = folders
        if let one = frontMatter["category"]?.string { names.append(one) }
        switch frontMatter["categories"] {
        case .list(let values)?: names += values.compactMap { $0.string ?? $0.int.map(String.init) ?? $0.double.map { String($0) } }
        case .string(let text)?: names += Self.words(text)
        default: break
        }
        var seen: Set<String> = []
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The words of a text of names (`categories: news releases`), split as Ruby's `split`
    /// splits: at runs of ASCII white space only.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" }).map(String.init)
    }

    /// A document's `id`, as Jekyll makes it (jekyll-feed's entry id is its absolute URL): the
    /// folder of its URL and its slug (its `slug`, else its file's name without date and
    /// extension): `/2016/05/19/a-post.html` and `/2016/05/19/a-post/` are `/2016/05/19/a-post`.
    static func documentID(of page: Page) -> String {
        var stem = URLPath.lastComponent(of: page.sourcePath)
        if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
        let slug = page.frontMatter["slug"]?.string ?? FileName.splitDatePrefix(stem).1
        var url = Substring(page.url)
        while url.count > 1, url.hasSuffix("/") { url.removeLast() }
        let folder = url.lastIndex(of: "/").map { String(url[..<$0]) } ?? ""
        return folder + "/" + slug
    }

    // MARK: Dates

    /// Whether `date` is a day without a time of day: midnight in UTC, as sitegen reads a file
    /// name's date and `date: 2013-06-07`.
    static func isDay(_ date: Date) -> Bool {
        date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0
    }

    /// `date` as Liquid's `page.date` gives it in a site whose `timezone:` is `zone` (else
    /// UTC), as Jekyll shows a post's time, a local one: `2013-06-07 07:02:13 +0800`; a day's
    /// midnight in that zone (so `date_to_xmlschema` writes `+08:00`, or `+00:00`, never `Z`).
    static func liquidText(of date: Date, zone: TimeZone?) -> String {
        let zone = zone ?? TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let instant = isDay(date) ? date.addingTimeInterval(-Double(zone.secondsFromGMT(for: date))) : date
        let time = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let offset = zone.secondsFromGMT(for: instant) / 60
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d %@%02d%02d", time.year ?? 1970, time.month ?? 1, time.day ?? 1, time.hour ?? 0,
                      time.minute ?? 0, time.second ?? 0, offset < 0 ? "-" : "+", abs(offset) / 60, abs(offset) % 60)
    }

    /// A date of front matter or a data file as Liquid shows it in Jekyll, which shows Ruby's
    /// value: a day as `2020-01-02` (a `Date`), a time as `2020-05-06 10:00:00 +0000` (a `Time`,
    /// with the offset it was read with; sitegen keeps the instant, shown in UTC).
    static func valueText(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let time = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", time.year ?? 1970, time.month ?? 1, time.day ?? 1)
        if isDay(date) { return day }
        return day + String(format: " %02d:%02d:%02d +0000", time.hour ?? 0, time.minute ?? 0, time.second ?? 0)
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                 "October", "November", "December"]
    /// Monday first, as ISO weeks count.
    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The parts of a date the placeholders show.
    struct DateParts: Equatable {
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0
        /// 1 (January 1st) to 366.
        var dayOfYear = 1
        /// The ISO week (1 to 53) and the year it belongs to.
        var week = 1, weekYear = 1970
        /// 1 (Monday) to 7 (Sunday).
        var weekday = 4
    }

    /// The date's parts where the site is (``JekyllPermalinkRules/timeZone``, else UTC, as
    /// Jekyll shows them on a machine in UTC: GitHub Pages'): `2013-06-07 01:02:13 +0200` is
    /// the 6th at 23:02 in UTC, the 7th at 07:02 in `Asia/Shanghai`. A date without a time of
    /// day (a file name's, `date: 2013-06-07`) is that day's midnight wherever the site is.
    var dateParts: DateParts {
        var calendar = Calendar(identifier: .gregorian)
        let utc = TimeZone(identifier: "UTC") ?? calendar.timeZone
        calendar.timeZone = date.map(Self.isDay) == true ? utc : rules.timeZone ?? utc
        var parts = DateParts()
        if let date {
            let found = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            parts.year = found.year ?? 1970
            parts.month = found.month ?? 1
            parts.day = found.day ?? 1
            parts.hour = found.hour ?? 0
            parts.minute = found.minute ?? 0
            parts.second = found.second ?? 0
        }
        guard let day = calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day)) else { return parts }
        parts.dayOfYear = calendar.ordinality(of: .day, in: .year, for: day) ?? 1
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = calendar.timeZone
        let week = iso.dateComponents([.weekOfYear, .yearForWeekOfYear, .weekday], from: day)
        parts.week = week.weekOfYear ?? 1
        parts.weekYear = week.yearForWeekOfYear ?? parts.year
        // Foundation counts Sunday as 1.
        parts.weekday = ((week.weekday ?? 1) + 5) % 7 + 1
        return parts
    }
}
