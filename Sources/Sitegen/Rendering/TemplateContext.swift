import Foundation
import SitegenMarkdown
import SitegenTemplates

/// The values templates see, typed (see `TemplateModel/`): every template gets `site` and
/// `data`; the page template gets `page`, the section and home templates get `section` and
/// `pagination` (and `recent` on the home page), the taxonomy and term templates `taxonomy`
/// and `term`. What is the same for every page is made once per build.
struct TemplateContext: Sendable {
    let configuration: SiteConfiguration
    /// The path part of `baseURL`, without a trailing slash (`""` or `/blog`).
    let basePath: String
    /// `baseURL` without a trailing slash, for absolute links.
    let absoluteBase: String
    /// The scheme and host of `baseURL` (`https://example.org`), which the head's URLs start
    /// with: `nil` when `baseURL` is a path alone, so that no relative URL passes for an absolute one.
    let origin: String?
    /// The top-level sections, for the navigation.
    let menu: [(title: String, url: String)]
    let year: Int
    /// The site's data files.
    private(set) var data: FrontMatter
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
        origin = base.hasPrefix("http://") || base.hasPrefix("https://") ? String(base.dropLast(basePath.utf8.count)) : nil
        menu = (sections[""]?.subsectionPaths ?? []).compactMap { sections[$0] }
            .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
            .map { ($0.linkTitle, $0.url) }
        year = DateText.year(now)
    }

    /// What lists show of each page, by source path, worked out once per build (see
    /// ``remember(_:)``); a page not remembered gets its summary made on the spot.
    private var summaries: [String: (summary: PageSummary, value: TemplateValue)] = [:]
    /// Summaries of pages edited since the whole site was remembered (``remember(edited:)``),
    /// looked up first: a live edit then copies no table of every page.
    private var edited: [String: (summary: PageSummary, value: TemplateValue)] = [:]
    /// Each term's list URL (with the base path), by taxonomy and term, worked out once per build.
    private var termURLs: [String: [String: String]] = [:]

    /// Works out the list summary and term URLs of each of the build's `pages` once, for every
    /// list that shows them; the summaries on all cores.
    mutating func remember(_ pages: [RenderedPage]) async throws {
        let (basePath, language) = (basePath, configuration.language)
        let made = try await Parallel.map(pages.indices) { index in
            PageSummary(pages[index], basePath: basePath, language: language)
        }
        summaries.reserveCapacity(pages.count)
        for (page, summary) in zip(pages, made) {
            summaries[page.page.sourcePath] = (summary, .object(summary))
            rememberTermURLs(of: page)
        }
        edited = [:]
    }

    /// Remembers one page parsed anew after the build (a live edit), beside the build's table.
    mutating func remember(edited page: RenderedPage) {
        let summary = makeSummary(page)
        edited[page.page.sourcePath] = (summary, .object(summary))
        rememberTermURLs(of: page)
    }

    private mutating func rememberTermURLs(of page: RenderedPage) {
        for (taxonomy, terms) in page.page.terms {
            for term in terms where termURLs[taxonomy]?[term] == nil {
                termURLs[taxonomy, default: [:]][term] = basePath + ListRenderer.termURL(taxonomy: taxonomy, term: term)
            }
        }
    }

    /// This context with other data files: what lists show of each page stays.
    func with(data: FrontMatter) -> TemplateContext {
        var context = self
        context.data = data
        return context
    }

    private func remembered(_ rendered: RenderedPage) -> (summary: PageSummary, value: TemplateValue)? {
        if !edited.isEmpty, let found = edited[rendered.page.sourcePath] { return found }
        return summaries[rendered.page.sourcePath]
    }

    /// The URL of a term's list page, with the base path.
    func termURL(taxonomy: String, term: String) -> String {
        termURLs[taxonomy]?[term] ?? basePath + ListRenderer.termURL(taxonomy: taxonomy, term: term)
    }

    private func makeSummary(_ rendered: RenderedPage) -> PageSummary {
        PageSummary(rendered, basePath: basePath, language: configuration.language)
    }

    /// `site`: the same for every template of a build.
    func site() -> TemplateValue {
        let base = basePath
        var values: [String: TemplateValue] = [
            "title": .text(configuration.title),
            "description": .text(configuration.description),
            "language": .text(configuration.language),
            "baseURL": .text(configuration.baseURL),
            "basePath": .text(base),
            "menu": .list(menu.map { ["title": .text($0.title), "url": .text(base + $0.url)] }),
            "hasMenu": .bool(!menu.isEmpty),
            "hasFeeds": .bool(origin != nil),
            "search": .bool(configuration.searchIsOn),
            "year": .int(year),
            "params": .object(FrontMatterObject(frontMatter: configuration.params, language: configuration.language)),
            "nav": navigation?.value(basePath: base) ?? .list([]),
        ]
        if let author = configuration.author { values["author"] = .text(author) }
        return .object(TemplateDictionary(values))
    }

    /// The values every template gets at the top: `site` and `data`, plus `values`.
    func top(site: TemplateValue, _ values: [String: TemplateValue]) -> TemplateValue {
        var top = values
        top["site"] = site
        top["data"] = .object(FrontMatterObject(frontMatter: data, language: configuration.language))
        return .object(TemplateDictionary(top))
    }

    /// `page`, with its neighbours in its section's order.
    func page(_ rendered: RenderedPage, section: Section?, previous: RenderedPage?, next: RenderedPage?) -> TemplateValue {
        let summary = remembered(rendered)?.summary ?? makeSummary(rendered)
        return .object(PageModel(rendered: rendered, summary: summary, section: section, previous: previous.map(self.summary),
                                 next: next.map(self.summary), context: self))
    }

    /// `head` of a page's output.
    func head(of rendered: RenderedPage) -> TemplateValue {
        let page = rendered.page
        return .object(HeadModel(title: rendered.title, description: description(page.description, rendered.summary),
                                 url: absoluteURL(page.url), type: "article", image: image(of: rendered),
                                 published: page.date.map(DateText.rfc3339), modified: page.updated.map(DateText.rfc3339)))
    }

    /// `head` of a list page at `url` (or, with none, of the 404 page) titled `title`; a
    /// section's list (any of its numbered pages) takes its description and image from its `_index.md`.
    func listHead(title: String, url: String?, section: Section? = nil) -> TemplateValue {
        let frontMatter = section?.source.frontMatter ?? .empty
        // A relative image is the folder's file, whichever numbered page shows it.
        let image = ShareImage.named(in: Self.params(frontMatter)).flatMap {
            ShareImage.absolute(named: $0, isBundle: true, from: shareBase(folderOf: section?.url ?? "/"))
        }
        let written = (frontMatter["description"] ?? frontMatter["summary"])?.string
        return .object(HeadModel(title: title, description: description(written), url: url.flatMap(absoluteURL),
                                 type: "website", image: image, published: nil, modified: nil))
    }

    /// `page.image`: the absolute URL of the image the page's front matter names, else of the
    /// first image of its text (see ``ShareImage``).
    func image(of rendered: RenderedPage) -> String? {
        let page = rendered.page
        let base = shareBase(folderOf: page.url)
        if let named = ShareImage.named(in: Self.params(page.frontMatter)),
           let url = ShareImage.absolute(named: named, isBundle: page.isBundle, from: base) {
            return url
        }
        return ShareImage.first(inHTML: rendered.content, from: base)
    }

    /// The absolute URL of a URL path of the site; `nil` without an absolute `baseURL`.
    private func absoluteURL(_ url: String) -> String? {
        origin.map { $0 + basePath + url }
    }

    /// Where an image of the output at `url` is resolved from (the folder of `/posts/trip/` is
    /// itself; of `/feed.xml`, `/`); `nil` without an absolute `baseURL`.
    private func shareBase(folderOf url: String) -> ShareImage.Base? {
        let folder = url.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(url[...$0]) } ?? "/"
        return origin.map { ShareImage.Base(origin: $0, basePath: basePath, folder: folder) }
    }

    /// The first of `written` (the page's own descriptions, in order) with more than white space
    /// in it, else the site's description, else the site's title.
    private func description(_ written: String?...) -> String {
        for text in written + [configuration.description, configuration.title] {
            if let text, text.contains(where: { !$0.isWhitespace }) { return text }
        }
        return ""
    }

    /// What lists show of a page.
    func summary(_ rendered: RenderedPage) -> TemplateValue {
        remembered(rendered)?.value ?? .object(makeSummary(rendered))
    }

    func section(_ section: Section, html: String, pages: some Collection<RenderedPage>, subsections: [Section],
                 pageCounts: [String: Int]) -> TemplateValue {
        [
            "title": .text(section.title),
            "url": .text(basePath + section.url),
            "content": .text(html),
            "pages": .list(pages.map(summary)),
            "hasPages": .bool(!pages.isEmpty),
            "subsections": .list(subsections.map {
                ["title": .text($0.title), "url": .text(basePath + $0.url), "count": .int(pageCounts[$0.path] ?? 0)]
            }),
            "hasSubsections": .bool(!subsections.isEmpty),
            "params": .object(FrontMatterObject(frontMatter: Self.params(section.source.frontMatter), language: configuration.language)),
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
}
