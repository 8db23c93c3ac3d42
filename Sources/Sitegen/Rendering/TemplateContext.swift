import Foundation
import SitegenMarkdown

/// The values templates see, built as dictionaries (the template engine's fastest input).
/// Every template gets `site`; the page template gets `page`, the section and home
/// templates get `section` (and `recentPages` on the home page).
struct TemplateContext: Sendable {
    let configuration: SiteConfiguration
    /// The path part of `baseURL`, without a trailing slash (`""` or `/blog`).
    let basePath: String
    /// `baseURL` without a trailing slash, for absolute links.
    let absoluteBase: String
    /// The top-level sections, for the navigation.
    let menu: [(title: String, url: String)]
    let year: Int
    /// The site's data files.
    let data: FrontMatter
    /// The nested sections and pages, once pages are parsed, when a template uses `site.nav`.
    var navigation: NavigationTree?

    init(configuration: SiteConfiguration, sections: [String: Section], data: FrontMatter = .empty, now: Date) {
        self.configuration = configuration
        self.data = data
        var base = configuration.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        absoluteBase = base
        if let schemeEnd = base.range(of: "://") {
            let afterHost = base[schemeEnd.upperBound...].firstIndex(of: "/")
            basePath = afterHost.map { String(base[$0...]) } ?? ""
        } else {
            basePath = base
        }
        menu = (sections[""]?.subsectionPaths ?? []).compactMap { sections[$0] }
            .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
            .map { ($0.linkTitle, $0.url) }
        year = DateText.year(now)
    }

    func site() -> [String: Any] {
        let base = basePath
        var values: [String: Any] = [
            "title": configuration.title,
            "description": configuration.description,
            "language": configuration.language,
            "baseURL": configuration.baseURL,
            "basePath": base,
            "menu": menu.map { ["title": $0.title, "url": base + $0.url] },
            "hasMenu": !menu.isEmpty,
            "hasFeeds": absoluteBase.hasPrefix("http://") || absoluteBase.hasPrefix("https://"),
            "year": year,
            "params": value(.map(configuration.params)),
            "nav": navigation?.values(basePath: base) ?? [],
        ]
        if let author = configuration.author { values["author"] = author }
        return values
    }

    /// The values every template gets at the top: `site` and `data`, plus `values`.
    func top(site: [String: Any], _ values: [String: Any]) -> [String: Any] {
        var top = values
        top["site"] = site
        top["data"] = value(.map(data))
        return top
    }

    func page(_ rendered: RenderedPage, html: String, section: Section?) -> [String: Any] {
        let page = rendered.page
        var values = summary(rendered)
        values["content"] = html
        if let titleID = rendered.titleID { values["titleID"] = titleID }
        values["permalink"] = absoluteBase + page.url
        let hasTagPages = configuration.taxonomies.contains("tags")
        values["tags"] = page.tags.map { tag -> [String: Any] in
            var entry: [String: Any] = ["name": tag]
            if hasTagPages { entry["url"] = basePath + ListRenderer.termURL(taxonomy: "tags", term: tag) }
            return entry
        }
        values["hasTags"] = !page.tags.isEmpty
        var terms: [String: Any] = [:]
        for taxonomy in configuration.taxonomies {
            terms[taxonomy] = (page.terms[taxonomy] ?? []).map {
                ["name": $0, "url": basePath + ListRenderer.termURL(taxonomy: taxonomy, term: $0)]
            }
        }
        values["terms"] = terms
        values["summary"] = rendered.summary
        let toc = TableOfContents.entries(rendered.headings)
        values["toc"] = toc
        values["hasToc"] = toc.count > 1 || (toc.first?["children"] as? [Any])?.isEmpty == false
        values["wordCount"] = rendered.wordCount
        values["readingMinutes"] = max(1, (rendered.wordCount + 219) / 220)
        if let updated = page.updated {
            values["updated"] = DateText.long(updated, language: configuration.language)
            values["updatedISO"] = DateText.iso(updated)
        }
        if let section, !section.path.isEmpty { values["section"] = ["title": section.title, "url": basePath + section.url] }
        values["params"] = value(.map(Self.params(page.frontMatter)))
        values["data"] = value(.map(rendered.data))
        values["linkTitle"] = page.linkTitle ?? rendered.title
        values["keywords"] = Self.keywords(page.frontMatter)
        return values
    }

    /// What lists show of a page.
    func summary(_ rendered: RenderedPage) -> [String: Any] {
        var values: [String: Any] = [
            "title": rendered.title,
            "url": basePath + rendered.page.url,
            "description": rendered.description,
        ]
        if let date = rendered.page.date {
            values["date"] = DateText.long(date, language: configuration.language)
            values["dateISO"] = DateText.iso(date)
        }
        return values
    }

    func section(_ section: Section, html: String, pages: [RenderedPage], subsections: [Section],
                 pageCounts: [String: Int]) -> [String: Any] {
        [
            "title": section.title,
            "url": basePath + section.url,
            "content": html,
            "pages": pages.map(summary),
            "hasPages": !pages.isEmpty,
            "subsections": subsections.map { ["title": $0.title, "url": basePath + $0.url, "count": pageCounts[$0.path] ?? 0] },
            "hasSubsections": !subsections.isEmpty,
            "params": value(.map(Self.params(section.source.frontMatter))),
        ]
    }

    /// What templates see as `params`: the front matter, and the entries of Zola's `[extra]`
    /// table beside its own keys (a key of the front matter itself wins).
    static func params(_ frontMatter: FrontMatter) -> FrontMatter {
        guard let extra = frontMatter["extra"]?.map else { return frontMatter }
        var params = frontMatter
        for (key, value) in extra.entries where params[key] == nil { params[key] = value }
        return params
    }

    /// `keywords` (a list, or text) as the text of `<meta name="keywords">`; empty without them.
    static func keywords(_ frontMatter: FrontMatter) -> String {
        switch frontMatter["keywords"] {
        case .list(let words)?: words.compactMap { $0.string ?? $0.int.map(String.init) }.joined(separator: ", ")
        case .string(let text)?: text
        default: ""
        }
    }

    /// A front matter value as templates use it (dates as long text, in the site's language).
    func value(_ value: FrontMatterValue) -> Any {
        switch value {
        case .string(let string): string
        case .int(let int): int
        case .double(let double): double
        case .bool(let bool): bool
        case .date(let date): DateText.long(date, language: configuration.language)
        case .list(let list): list.map(self.value)
        case .map(let map): Dictionary(map.entries.map { ($0.key, self.value($0.value)) }, uniquingKeysWith: { $1 })
        case .null: ""
        }
    }
}
