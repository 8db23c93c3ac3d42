import Synchronization
import Foundation
import SitegenLimits
import SitegenMarkdown
import SitegenTemplateDialects
import SitegenTemplates

/// A Jekyll site's pages run as Jekyll runs them: each page (Markdown or HTML) is a Liquid
/// template first, with `site` (its `_config.yml`, `site.data`, `site.posts` newest first,
/// each collection's documents as `site.LABEL` and all in `site.collections`,
/// `site.pages`, `site.categories` and `site.tags`), `page` (its front matter, `url`, `date`,
/// `title`, `categories`, `tags`, `excerpt`), `{% include %}` of `_includes/` files,
/// `{% highlight %}`, `{% post_url %}` and `{% link %}`. As in Jekyll, tags run in code
/// blocks too; `{% raw %}` keeps them as written. A page whose Liquid sitegen cannot run is
/// shown as written, with a warning at its line.
struct JekyllLiquid: Sendable {
    let site: TemplateValue
    /// Where `_includes/` is read.
    private let source: any SiteSource
    /// Each post's URL by its file's name without extension (`2024-01-02-title`), for `post_url`.
    private let postURLs: [String: String]
    /// Each page's URL by its path from the site folder, for `link`.
    private let pageURLs: [String: String]
    private let pages: [String: TemplateValue]
    /// The documents' values and HTML as the build learns them.
    let documents = JekyllDocuments()
    /// The posts, newest first.
    private let posts: [TemplateValue]
    /// Each post's place in ``posts``, by content path.
    private let postPlaces: [String: Int]
    /// `site` as an object, which a post's render sees with its `related_posts`.
    private let siteObject: OrderedTemplateObject
    /// More variables every template sees (jekyll-paginate's `paginator`).
    private var globals: [String: TemplateValue] = [:]
    /// What `{% feed_meta %}` writes in a layout: a link to jekyll-feed's feed, else to sitegen's Atom feed.
    private let feedMeta: String
    /// `sass:` of `_config.yml`, for `scssify` and `sassify`.
    private let sass: JekyllSassSettings
    /// The outputs of `{% include_cached %}`, made once in a build.
    private let includeCache = LiquidIncludeCache()

    /// The Liquid of the Jekyll site `loaded`; `excerpt` renders a post's first paragraph.
    init(loaded: LoadedSite, excerpt: @escaping @Sendable (Page) -> String) {
        let configuration = loaded.configuration
        source = loaded.layout.source
        sass = configuration.jekyllPermalinks?.sass ?? JekyllSassSettings()
        var postURLs: [String: String] = [:], pageURLs: [String: String] = [:], pages: [String: TemplateValue] = [:]
        var posts: [(Page, TemplateValue)] = [], others: [(path: String, url: String, value: TemplateValue)] = []
        var collectionDocuments: [TemplateValue] = []
        var categories: [String: [TemplateValue]] = [:], tags: [String: [TemplateValue]] = [:]
        // Each collection's documents (`_recipes/soup.md` of `collections: [recipes]`), by label.
        let labels = configuration.jekyllPermalinks?.collectionLabels ?? []
        var collections: [String: [TemplateValue]] = [:], collectionPaths: [String: [String]] = [:]
        let separator = configuration.params["excerpt_separator"]?.string ?? "\n\n"
        let documents = documents
        for page in loaded.pages {
            let value = TemplateValue.object(JekyllDocument(page: page, language: configuration.language, documents: documents,
                                                            separator: separator, timeZone: configuration.jekyllPermalinks?.timeZone,
                                                            excerpt: excerpt))
            pages[page.sourcePath] = value
            pageURLs[loaded.layout.display(contentPath: page.sourcePath)] = page.url
            if let first = page.sourcePath.split(separator: "/").first, first.hasPrefix("_"), labels.contains(String(first.dropFirst())) {
                collections[String(first.dropFirst()), default: []].append(value)
                collectionPaths[String(first.dropFirst()), default: []].append(page.sourcePath)
                // A collection's document is not one of `site.pages`, as in Jekyll.
                collectionDocuments.append(value)
                continue
            }
            if JekyllDocument.isPost(page.sourcePath) {
                let name = URLPath.lastComponent(of: page.sourcePath)
                postURLs[String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])] = page.url
                posts.append((page, value))
            } else {
                others.append((page.sourcePath, page.url, value))
            }
        }
        // A folder's `index.md` (or `index.html` drawn by a layout) is one of Jekyll's pages too: in `site.pages`, for `{% link %}`.
        for section in loaded.sections.values {
            guard let path = section.sourcePath, pages[path] == nil else { continue }
            // Only listed: its own render is given its `page` as the folder's page is drawn (a redirect's, for one).
            let value = TemplateValue.object(JekyllDocument(frontMatter: section.source.frontMatter, url: section.url,
                                                            language: configuration.language, path: path))
            pageURLs[loaded.layout.display(contentPath: path)] = section.url
            others.append((path, section.url, value))
        }
        // A file other than HTML whose Liquid runs (`search.json`, a stylesheet) is one of Jekyll's pages too.
        for path in loaded.liquidFiles {
            let layout = loaded.layout
            guard let text = try? layout.source.text(of: layout.sourcePath(ofContentPath: path), maximumSize: Limits.markdownFileBytes),
                  let file = try? MarkdownSource(text: text) else { continue }
            let url = "/" + Self.output(ofFile: path, frontMatter: file.frontMatter)
            pageURLs[layout.display(contentPath: path)] = url
            others.append((path, url, .object(JekyllDocument(frontMatter: file.frontMatter, url: url, language: configuration.language, path: path))))
        }
        // In the order Jekyll sorts them: by file name (then path).
        others.sort { (URLPath.lastComponent(of: $0.path), $0.path) < (URLPath.lastComponent(of: $1.path), $1.path) }
        posts.sort { ($0.0.date ?? .distantPast, $0.0.sourcePath) > ($1.0.date ?? .distantPast, $1.0.sourcePath) }
        for (page, value) in posts {
            for category in JekyllDocument.list(page, "categories", single: "category") { categories[category, default: []].append(value) }
            for tag in JekyllDocument.list(page, "tags", single: "tag") { tags[tag, default: []].append(value) }
        }
        var members: [String: TemplateValue] = [:]
        let dateText: @Sendable (Date) -> String = { JekyllPermalink.valueText(of: $0) }
        for (key, value) in configuration.params.entries {
            members[key] = FrontMatterObject.value(value, language: configuration.language, dateText: dateText)
        }
        members["title"] = .text(configuration.title)
        // As `_config.yml` writes them (`baseurl: /` stays `/`), unless the build's base URL is
        // another (`--base-url`, the preview's): then `url` is its scheme and host, `baseurl` the
        // path below it, neither with a `/` at its end (`{{ site.baseurl }}/x` is `/x`, never `//x`).
        let (host, path) = Self.urlParts(of: configuration.baseURL)
        let written = (url: configuration.params["url"]?.string ?? "", baseurl: configuration.params["baseurl"]?.string ?? "")
        if (Self.urlParts(of: JekyllConfiguration.baseURL(url: written.url, baseurl: written.baseurl)) == (host, path)) {
            // A key the configuration does not give is empty, as in Jekyll (`url: https://x.org/sub/` has no `baseurl`).
            members["url"] = members["url"] ?? .text("")
            members["baseurl"] = members["baseurl"] ?? .text("")
        } else {
            members["url"] = .text(host)
            members["baseurl"] = .text(path)
        }
        members["description"] = members["description"] ?? .text(configuration.description)
        members["data"] = .object(FrontMatterObject(frontMatter: loaded.data, language: configuration.language, dateText: dateText))
        members["posts"] = .list(posts.map(\.1))
        members["pages"] = .list(others.map(\.value))
        // The pages written as HTML, as Jekyll's `site.html_pages` gives them (themes' navigation reads it).
        members["html_pages"] = .list(others.filter { $0.url.hasSuffix("/") || $0.url.hasSuffix(".html") || $0.url.hasSuffix(".htm") }.map(\.value))
        // Every collection's documents, posts among them, as Jekyll's `site.documents` holds them.
        members["documents"] = .list(posts.map(\.1) + collectionDocuments)
        for (label, documents) in collections where members[label] == nil { members[label] = .list(documents) }
        members["collections"] = .list((["posts"] + labels).sorted().map { label in
            .object(OrderedTemplateObject([("label", .text(label)),
                                           ("docs", .list(label == "posts" ? posts.map(\.1) : collections[label] ?? []))]))
        })
        // In the order Jekyll's hashes hold them: as the oldest post that names each comes first.
        var categoryOrder: [String] = [], tagOrder: [String] = [], seenCategories: Set<String> = [], seenTags: Set<String> = []
        for (page, _) in posts.reversed() {
            for category in JekyllDocument.list(page, "categories", single: "category") where seenCategories.insert(category).inserted {
                categoryOrder.append(category)
            }
            for tag in JekyllDocument.list(page, "tags", single: "tag") where seenTags.insert(tag).inserted { tagOrder.append(tag) }
        }
        members["categories"] = .object(OrderedTemplateObject(categoryOrder.map { ($0, .list(categories[$0] ?? [])) }))
        members["tags"] = .object(OrderedTemplateObject(tagOrder.map { ($0, .list(tags[$0] ?? [])) }))
        // The build's time where the site is (`timezone:`), as Jekyll gives it.
        let clock = ISO8601DateFormatter()
        if let zone = configuration.jekyllPermalinks?.timeZone { clock.timeZone = zone }
        members["time"] = .text(clock.string(from: Date()))
        siteObject = OrderedTemplateObject(members.sorted { $0.key < $1.key })
        site = .object(siteObject)
        self.postURLs = postURLs
        self.pageURLs = pageURLs
        self.pages = pages
        // sitegen's feeds are written for a site with its address (`url:`) only; jekyll-feed's always, linked from the site's root without one.
        let jekyllFeed = JekyllFeed.path(in: configuration.params)
        feedMeta = host.isEmpty && jekyllFeed == nil ? "" : JekyllFeed.meta(path: jekyllFeed ?? "atom.xml", siteURL: host + path,
                                                                            title: configuration.title)
        self.posts = posts.map(\.1)
        postPlaces = Dictionary(posts.enumerated().map { ($1.0.sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
        // Newest first: a post's previous one is the one after it here.
        var neighbours: [String: (previous: String?, next: String?)] = [:]
        for (index, post) in posts.enumerated() {
            neighbours[post.0.sourcePath] = (index + 1 < posts.count ? posts[index + 1].0.sourcePath : nil,
                                             index > 0 ? posts[index - 1].0.sourcePath : nil)
        }
        // A collection's documents in the order of their paths, as Jekyll sorts them.
        for paths in collectionPaths.values {
            for (index, path) in paths.enumerated() {
                neighbours[path] = (index > 0 ? paths[index - 1] : nil, index + 1 < paths.count ? paths[index + 1] : nil)
            }
        }
        documents.remember(values: pages, neighbours: neighbours)
    }

    /// How many pages jekyll-paginate makes of the posts, `perPage` a page (at least one).
    func paginatedPages(perPage: Int) -> Int {
        perPage <= 0 ? 1 : max(1, (listedPosts.count + perPage - 1) / perPage)
    }

    /// The posts jekyll-paginate lists: not those with `hidden: true`.
    private var listedPosts: [TemplateValue] {
        posts.filter { post in
            if case .object(let document) = post, case .bool(true)? = document.member("hidden") { return false }
            return true
        }
    }

    /// The URL of jekyll-paginate's page `number` (from 1): the first is `firstURL`, the others
    /// `pattern` with `:num` (`/page:num/` → `/page2/`).
    static func paginatedURL(_ number: Int, pattern: String, firstURL: String) -> String {
        guard number > 1 else { return firstURL }
        var url = pattern.replacingOccurrences(of: ":num", with: String(number))
        // One `/` between names: `//2/` would name another host.
        url = "/" + url.split(separator: "/").joined(separator: "/") + (url.hasSuffix("/") ? "/" : "")
        if !url.hasSuffix("/"), !url.hasSuffix(".html") { url += "/" }
        return url.hasSuffix("/index.html") ? String(url.dropLast("index.html".count)) : url
    }

    /// This Liquid with jekyll-paginate's `paginator` for page `number` of `perPage` posts each,
    /// its pages' URLs from `pattern` and `firstURL` (``paginatedURL(_:pattern:firstURL:)``).
    func paginated(page number: Int, perPage: Int, pattern: String, firstURL: String) -> JekyllLiquid {
        let total = paginatedPages(perPage: perPage), posts = listedPosts
        let start = perPage <= 0 ? 0 : min(posts.count, (number - 1) * perPage)
        let end = perPage <= 0 ? posts.count : min(posts.count, start + perPage)
        let path = { (page: Int) -> TemplateValue in .text(Self.paginatedURL(page, pattern: pattern, firstURL: firstURL)) }
        let members: [(String, TemplateValue)] = [
            ("page", .int(number)), ("per_page", .int(perPage)), ("posts", .list(Array(posts[start..<end]))),
            ("total_posts", .int(posts.count)), ("total_pages", .int(total)),
            ("previous_page", number > 1 ? .int(number - 1) : .null), ("previous_page_path", number > 1 ? path(number - 1) : .null),
            ("next_page", number < total ? .int(number + 1) : .null), ("next_page_path", number < total ? path(number + 1) : .null),
        ]
        var liquid = self
        liquid.globals["paginator"] = .object(OrderedTemplateObject(members))
        return liquid
    }

    /// Where a file whose Liquid runs (``LoadedSite/liquidFiles``) is written, from its content
    /// path and front matter: at its path, or at its `permalink` when that is a plain path (a
    /// folder's is its `index` file with the file's own extension: `/feeds/` →
    /// `feeds/index.json`); a Sass file as its `.css`.
    static func output(ofFile path: String, frontMatter: FrontMatter) -> String {
        var output = path
        if let permalink = PageReader.permalinkPath(frontMatter["permalink"]), !permalink.contains(":"),
           let normalized = URLPath.normalize(String(permalink.drop { $0 == "/" })) {
            let index = "index" + (path.lastIndex(of: ".").map { String(path[$0...]) } ?? "")
            output = permalink.hasSuffix("/") ? (normalized.isEmpty ? index : normalized + "/" + index) : normalized
            if output.isEmpty { output = path }
        }
        return JekyllSassSettings.isSass(path) ? JekyllSassSettings.stylesheetPath(of: output) : output
    }

    /// `site` as the page at `path` sees it: a post's with `related_posts`, as Jekyll gives it
    /// without `lsi`: the ten newest posts but the post itself (of the eleven newest).
    private func site(for path: String) -> TemplateValue {
        guard let place = postPlaces[path] else { return site }
        let related = posts.prefix(11).indices.filter { $0 != place }.prefix(10).map { posts[$0] }
        return .object(siteObject.adding("related_posts", .list(related)))
    }

    /// What a page or layout is told of the filter `name`, which sitegen does not run (a site
    /// plugin's): ``isUnknownPluginCall(_:)`` knows it, so that a site is told it once.
    static func unknownFilter(_ name: String) -> String {
        "filter `\(name)`" + unknownFilterWords
    }

    /// What a page or layout is told of the tag `name`, which sitegen does not run (a site
    /// plugin's): ``isUnknownPluginCall(_:)`` knows it, so that a site is told it once.
    static func unknownTag(_ name: String) -> String {
        "tag `\(name)`" + unknownTagWords
    }

    /// Whether `message` is one ``unknownFilter(_:)`` or ``unknownTag(_:)`` makes.
    static func isUnknownPluginCall(_ message: String) -> Bool {
        (message.hasPrefix("filter `") && message.hasSuffix(unknownFilterWords)) || (message.hasPrefix("tag `") && message.hasSuffix(unknownTagWords))
    }

    private static let unknownFilterWords = " is not one sitegen runs (a plugin's?); its input is shown unchanged, as Jekyll shows it without the plugin"
    private static let unknownTagWords = " is not one sitegen runs (a plugin's?); it is shown as written, and the rest of the Liquid runs"

    /// jekyll-gist's `{% gist ID [FILE] %}` (`ID` may be `user/ID`): the script that shows the
    /// gist, as jekyll-gist writes it when it cannot fetch the code for `<noscript>`; `nil` for
    /// another argument (a variable's name).
    static func gist(_ argument: String) -> String? {
        let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let id = words.first, words.count <= 2,
              id.split(separator: "/", omittingEmptySubsequences: false).count <= 2,
              id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/-_".contains($0)) }), !id.hasPrefix("/"), !id.hasSuffix("/")
        else { return nil }
        // The file's name as written, as jekyll-gist writes it (escaped for the attribute).
        let file = words.count == 2 ? "?file=" + words[1] : ""
        return "<script src=\"https://gist.github.com/\(id).js\(HTMLText.escapeAttribute(file))\"> </script>"
    }

    /// Jekyll's `site.url` and `site.baseurl` of the base URL `baseURL`:
    /// `https://x.org/blog/` → (`https://x.org`, `/blog`); `/` → two empty texts.
    static func urlParts(of baseURL: String) -> (url: String, baseurl: String) {
        guard var components = URLComponents(string: baseURL) else { return ("", "") }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = ""
        components.query = nil
        components.fragment = nil
        return (components.host == nil ? "" : components.string ?? "", path)
    }

    /// `text` (the body of the page at content path `path`, whose first line is the file's
    /// line `firstLine`) with its Liquid run; a warning at `file` when it cannot be.
    /// `post_url` and `link` that name nothing give an empty text and a warning each.
    /// In a layout (`_layouts/NAME.html`, ``JekyllLayouts``), `layout` gives `content` (the
    /// page's HTML, or the layout's below), `layout` (the layout's front matter) and what
    /// `{% seo %}` writes.
    func render(_ text: String, path: String, frontMatter: FrontMatter, url: String, language: String, file: String,
                firstLine: Int, layout: (content: String, values: FrontMatter, seo: @Sendable (String) -> String)? = nil,
                markdownify: @escaping @Sendable (String) -> String,
                highlight: @escaping @Sendable (String, String, String) -> String) -> Result<(text: String, warnings: [SiteError]), SiteError> {
        let page = pages[path] ?? .object(JekyllDocument(frontMatter: frontMatter, url: url, language: language))
        let seo = layout?.seo
        let source = source, postURLs = postURLs, pageURLs = pageURLs
        let unknown = Mutex<[SiteError]>([])
        // A problem said once for this render, however often its line runs.
        let told = Mutex<Set<String>>([])
        let tellOnce: @Sendable (SiteError) -> Void = { problem in
            guard told.withLock({ $0.insert(problem.message).inserted }) else { return }
            unknown.withLock { $0.append(problem) }
        }
        let environment = LiquidEnvironment(
            include: { name in Self.include(name, in: source) },
            includeRelative: { name in Self.include(relative: name, from: URLPath.folder(of: path), in: source) },
            markdownify: markdownify, highlight: highlight,
            tag: { name, argument in
                let target = argument.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                switch name {
                case "post_url", "link":
                    let found = name == "post_url" ? postURLs[target] ?? postURLs[URLPath.lastComponent(of: target)]
                        : pageURLs[target.hasPrefix("/") ? String(target.dropFirst()) : target]
                    if found == nil {
                        unknown.withLock { $0.append(SiteError(file: file, "`{% \(name) \(target) %}` names no \(name == "post_url" ? "post" : "page") of the site")) }
                    }
                    return found ?? ""
                // In a page's text, what the theme's head already writes.
                case "seo": return seo?(argument) ?? ""
                // jekyll-feed's link in a layout's head; in a page's text, the theme's head has it.
                case "feed_meta": return layout == nil ? "" : feedMeta
                case "gist": return Self.gist(argument)
                default: return nil
                }
            },
            // A filter of the site's plugins gives its input unchanged, as Jekyll gives it without the plugin, told once a line.
            unknownFilter: { name, line in
                tellOnce(SiteError(file: file, line: firstLine + line - 1, Self.unknownFilter(name)))
            },
            // A tag of the site's plugins is shown as written, told once a line; the rest of the page's Liquid runs.
            unknownTag: { name, line in
                tellOnce(SiteError(file: file, line: firstLine + line - 1, Self.unknownTag(name)))
            },
            sass: { [sass] text, indented in
                // Compiled as a Sass file beside this one would be, with the site's `sass:` settings.
                let request = SassStylesheet.Request(path: path + (indented ? ".sass" : ".scss"), text: text, settings: sass, source: source)
                // Sass that does not compile is its text as written, with one warning: the rest of the Liquid runs.
                switch SassStylesheet.compile(request, source: source) {
                case .success(let css): return .success(css)
                case .failure(let failure):
                    tellOnce(SiteError(file: file, "`\(indented ? "sassify" : "scssify")`: Sass: \(failure.message); its input is shown as written"))
                    return .success(text)
                }
            },
            includeCache: includeCache)
        do throws(DialectError) {
            let template = try LiquidTemplate(text)
            var values: [String: TemplateValue] = globals.merging(["site": site(for: path), "page": page,
                                                                   "jekyll": ["environment": "production"]]) { $1 }
            if let layout {
                values["content"] = .text(layout.content)
                values["layout"] = .object(FrontMatterObject(frontMatter: layout.values, language: language, dateText: { JekyllPermalink.valueText(of: $0) }))
            }
            let output = try template.render(values, environment: environment)
            return .success((output, unknown.withLock { $0 }))
        } catch {
            let what = if case .unsupported(let construct) = error.kind {
                "uses \(construct), which sitegen does not run"
            } else {
                error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            }
            return .failure(SiteError(file: file, line: firstLine + error.line - 1, "Liquid not run: \(what); the page shows it as written"))
        }
    }

    /// The site's own `_layouts/redirect.html`, which jekyll-redirect-from makes its redirect
    /// pages with instead of its own: its body, and the line of the file it starts at; a
    /// failure when its front matter cannot be read; `nil` when the site has none (or it
    /// cannot be read).
    func redirectLayout() -> Result<(body: String, firstLine: Int), SiteError>? {
        let file = "_layouts/redirect.html"
        guard let text = ConfinedFile.text(at: "redirect.html", from: "_layouts", root: "_layouts", in: source,
                                           maximumSize: Limits.templateFileBytes) else { return nil }
        do throws(MarkdownError) {
            let read = try MarkdownSource(text: text)
            return .success((String(read.body), read.bodyLineOffset + 1))
        } catch {
            return .failure(SiteError(file: file, line: error.line, "its front matter cannot be read: \(error.message)"))
        }
    }

    /// The text of the file `name` from the page's folder `folder`, for `include_relative`, if it
    /// is a file inside the site; as in Jekyll, a name that climbs (`..`) or starts at the top
    /// (`/`) reads nothing.
    private static func include(relative name: String, from folder: String, in source: any SiteSource) -> String? {
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        return ConfinedFile.text(at: name, from: folder, root: "", in: source, maximumSize: Limits.templateFileBytes)
    }

    /// The text of `_includes/NAME`, if it is a file inside that folder.
    private static func include(_ name: String, in source: any SiteSource) -> String? {
        guard !name.hasPrefix("/") else { return nil }
        return ConfinedFile.text(at: name, from: "_includes", root: "_includes", in: source, maximumSize: Limits.templateFileBytes)
    }
}
