import Foundation
import SitegenMarkdown
import SitegenTemplates

/// The values templates see, typed (see `TemplateModel/`): every template gets `site` and
/// `data`; the page template gets `page`, the section and home templates get `section` and
/// `pagination` (and `recent` on the home page), the taxonomy and term templates `taxonomy`
/// and `term`. What is the same for every page is made once per build.
package struct TemplateContext: Sendable {
    /// `site` and `t` of one language, and its code.
    package struct SiteValues: Sendable {
        package let language: String
        let model: SiteModel
        let strings: TemplateValue
        var site: TemplateValue { .object(model) }
    }

    let configuration: SiteConfiguration
    /// The path part of `baseURL`, without a trailing slash (`""` or `/blog`).
    package let basePath: String
    /// `baseURL` without a trailing slash, for absolute links.
    let absoluteBase: String
    /// The scheme and host of `baseURL` (`https://example.org`), which the head's URLs start
    /// with: `nil` when `baseURL` is a path alone, so that no relative URL passes for an absolute one.
    let origin: String?
    /// Each language's top-level sections, for its menu, by language code.
    let menus: [String: [(title: String, url: String)]]
    /// The site's menus (`site.menus`); with a `main` menu, it is `site.menu` too.
    let siteMenus: SiteMenus
    let year: Int
    /// The site's data files.
    private(set) var data: FrontMatter
    /// The nested sections and pages of each language (by code), once pages are parsed, when a
    /// template uses `site.nav`.
    var navigation: [String: NavigationTree]?
    /// The words of the theme's interface in each language (`t`).
    var strings: InterfaceStrings?
    /// Where each output is in the other languages, in a site with `languages:`.
    var translations: TranslationTable
    /// The share copies of images (``ImagePlan/shareCopy(of:)``) by the images' output paths:
    /// what the head's `og:image` names instead of the image.
    var shareCopies: [String: String] = [:]
    /// The site's images, for the copies templates show of each page's image
    /// (``ImageSettings/copies``, `page.imageCopies`); nil while those are not worked out.
    var images: ImagePlan?

    init(configuration: SiteConfiguration, sections: [String: Section], data: FrontMatter = .empty, now: Date,
         menus siteMenus: SiteMenus = SiteMenus()) {
        self.configuration = configuration
        self.siteMenus = siteMenus
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
        var menus: [String: [(title: String, url: String)]] = [:]
        for language in configuration.publishedLanguages where configuration.menuOfSections {
            menus[language.code] = (sections[language.path]?.subsectionPaths ?? []).compactMap { sections[$0] }.filter(\.hasListPage)
                .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
                .map { ($0.linkTitle, $0.url) }
        }
        self.menus = menus
        year = DateText.year(now)
        translations = TranslationTable(languages: configuration.languages, defaultLanguage: configuration.language)
        languagesByCode = Dictionary(configuration.publishedLanguages.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        defaultLanguage = configuration.defaultLanguage
    }

    /// The site's languages by code, and the default one: looked up for every page.
    private let languagesByCode: [String: SiteLanguage]
    private let defaultLanguage: SiteLanguage

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
        let context = self
        let made = try await Parallel.map(pages.indices) { index in context.makeSummary(pages[index]) }
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

    /// Remembers the term URLs of a page in the default language (those of others are made as asked).
    private mutating func rememberTermURLs(of page: RenderedPage) {
        guard page.page.language == configuration.language else { return }
        for (taxonomy, terms) in page.page.terms {
            for term in terms where termURLs[taxonomy]?[term] == nil {
                termURLs[taxonomy, default: [:]][term] = basePath + ListRenderer.termURL(taxonomy: taxonomy, term: term,
                                                                                         in: defaultLanguage.path, rules: configuration.hugo)
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

    /// The URL of a term's list page in `language`, with the base path.
    func termURL(taxonomy: String, term: String, language: String) -> String {
        if language == configuration.language, let url = termURLs[taxonomy]?[term] { return url }
        return basePath + ListRenderer.termURL(taxonomy: taxonomy, term: term, in: self.language(language).path,
                                                 rules: configuration.hugo)
    }

    /// The language of `code` (the default language for a code the site does not have).
    func language(_ code: String) -> SiteLanguage {
        languagesByCode[code] ?? defaultLanguage
    }

    private func makeSummary(_ rendered: RenderedPage) -> PageSummary {
        PageSummary(rendered, basePath: basePath, language: rendered.page.language, imageCopies: imageCopies(of: rendered))
    }

    /// The copies of the page's image (``image(of:)``, here read from the page's own URL)
    /// that `images.copies` names, each with its URL, width and height, and the requests that
    /// make them; nil when none is named or the page has no image of the site's that can be made.
    func imageCopies(of rendered: RenderedPage) -> PageSummary.ImageCopies? {
        guard !configuration.images.copies.isEmpty, images != nil else { return nil }
        return imageCopies(ofImageAt: image(of: rendered, origin: copyOrigin))
    }

    /// `section.imageCopies`: the copies of the image a section's `_index.md` names (its own
    /// file when relative), as ``imageCopies(of:)`` makes them of a page's.
    func imageCopies(of section: Section) -> PageSummary.ImageCopies? {
        guard !configuration.images.copies.isEmpty, images != nil else { return nil }
        return imageCopies(ofImageAt: imageURL(in: section.source.frontMatter, isBundle: true, folderOf: section.url, origin: copyOrigin) { _ in nil })
    }

    /// `page.images`: the images of a page bundle, its subfolders' too
    /// (``ImagePlan/bundleImages(of:)``), each with its `url`, `name`, `title` and `params` (its
    /// path in the bundle, unless the front matter's `resources` say otherwise:
    /// ``BundleResources``), `width`, `height`, the `srcset` of its smaller WebP copies and the
    /// copies `images.copies` names (`imageCopies`); and the requests that make those copies.
    /// None for a page that is not a bundle, or when the site's images are published as they are.
    func bundleImages(of page: Page) -> (values: [TemplateValue], requests: [ImageRequest]) {
        guard let images else { return ([], []) }
        let found = images.bundleImages(of: page)
        let folder = URLPath.folder(of: page.sourcePath)
        let described = BundleResources(frontMatter: page.frontMatter).describe(found.map { String(($0.file.contentPath ?? "").dropFirst(folder.count + 1)) })
        var values: [TemplateValue] = []
        var requests: [ImageRequest] = []
        for (image, description) in zip(found, described) {
            let url = basePath + "/" + URLPath.encoded(image.file.outputPath)
            var entry = TemplateDictionary(["url": .text(url), "name": .text(description.name), "title": .text(description.title),
                                            "params": .object(FrontMatterObject(frontMatter: description.params, language: page.language))])
            if image.width > 0 {
                entry["width"] = .int(image.width)
                entry["height"] = .int(image.height)
            }
            let smaller = image.copies.filter { $0.format == .webp }
            if !smaller.isEmpty { entry["srcset"] = .text(ImageTags.srcset(smaller, src: url)) }
            let copies = imageCopies(ofSiteURL: url)
            // Empty rather than missing, as on a page (``PageSummary``): never the page's own, a level up.
            entry["imageCopies"] = .object(copies?.values ?? TemplateDictionary())
            requests += copies?.requests ?? []
            values.append(.object(entry))
        }
        return (values, requests)
    }

    /// Where the site is when the copies' images are looked for: its origin, or a stand-in
    /// without an absolute `baseURL` (the copies are of the site's own files either way).
    private var copyOrigin: String { origin ?? "http://sitegen.invalid" }

    /// The copies `images.copies` names of the image at `absolute`, when it is one of the site's.
    private func imageCopies(ofImageAt absolute: String?) -> PageSummary.ImageCopies? {
        guard let absolute, absolute.hasPrefix(copyOrigin + "/") else { return nil }
        return imageCopies(ofSiteURL: String(absolute.dropFirst(copyOrigin.count)))
    }

    /// The copies `images.copies` names of the site's image at the root-relative `url` (with the
    /// base path); nil when none can be made.
    private func imageCopies(ofSiteURL url: String) -> PageSummary.ImageCopies? {
        guard let images else { return nil }
        let named = configuration.images.copies
        var copies = PageSummary.ImageCopies()
        for (name, operation) in named.sorted(by: { $0.key < $1.key }) {
            guard let made = images.processed(url, operation) else { continue }
            copies.values[name] = ["url": .text(made.url), "width": .int(made.width), "height": .int(made.height)]
            copies.requests.append(made.request)
        }
        return copies.requests.isEmpty ? nil : copies
    }

    /// `site` and `t` for the outputs in `language`: the same for every template of a build
    /// in that language.
    package func site(_ code: String) -> SiteValues {
        let base = basePath
        let language = language(code)
        let menu = menus[language.code] ?? []
        let languagePath = base + language.homeURL.dropLast()
        var values: [String: TemplateValue] = [
            "title": .text(language.title ?? configuration.title),
            "description": .text(language.description ?? configuration.description),
            "language": .text(language.code),
            "languageName": .text(language.name),
            "direction": .text(language.readsRightToLeft ? "rtl" : "ltr"),
            "readsRightToLeft": .bool(language.readsRightToLeft),
            "baseURL": .text(configuration.baseURL),
            "basePath": .text(base),
            "languagePath": .text(languagePath),
            "menu": .list(menu.map { ["title": .text($0.title), "url": .text(base + $0.url), "isCurrent": .bool(false),
                                      "hasChildren": .bool(false)] }),
            "hasMenu": .bool(!menu.isEmpty),
            "hasFeeds": .bool(origin != nil),
            "search": .bool(configuration.searchIsOn),
            "year": .int(year),
            "params": .object(FrontMatterObject(frontMatter: configuration.params, language: language.code)),
            "nav": navigation?[language.code]?.value(basePath: base) ?? .list([]),
            "languages": .list(configuration.languages.map {
                .object(LanguageLink(code: $0.code, name: $0.name, url: base + $0.homeURL, isCurrent: $0.code == language.code))
            }),
            "isMultilingual": .bool(configuration.isMultilingual),
        ]
        if !siteMenus.isEmpty { menuValues(language: language.code, url: nil).forEach { values[$0.key] = $0.value } }
        if let author = configuration.author { values["author"] = .text(author) }
        if let repository = configuration.repository { values["repository"] = .text(repository) }
        if !configuration.stylesheets.isEmpty {
            values["stylesheets"] = .list(configuration.stylesheets.map { path in
                ["url": .text(path.contains("://") ? path : base + path)]
            })
        }
        return SiteValues(language: language.code, model: SiteModel(language: language.code, values: values), strings: words(code))
    }

    /// `site` and `t` of every language, by code.
    func sites() -> [String: SiteValues] {
        languagesByCode.mapValues { site($0.code) }
    }

    /// `site.menus`, and `site.menu` and `site.hasMenu` when there is a `main` menu, in
    /// `language`, marked for the output at `url`.
    private func menuValues(language: String, url: String?) -> [String: TemplateValue] {
        let menus = siteMenus.menus(in: language)
        let model = MenuModel(menus: menus, basePath: basePath, currentURL: url)
        var values: [String: TemplateValue] = ["menus": .object(model)]
        if let main = menus["main"] {
            values["menu"] = model.list(main)
            values["hasMenu"] = .bool(!main.isEmpty)
        }
        return values
    }

    /// The values every template gets at the top: `site`, `t` and `data`, plus `values`; with
    /// menus, marked for the output at `url`.
    package func top(site: SiteValues, _ values: [String: TemplateValue], url: String? = nil) -> TemplateValue {
        var top = values
        var model = site.model
        if let url, !siteMenus.isEmpty { model.marked = menuValues(language: site.language, url: url) }
        top["site"] = .object(model)
        top["t"] = site.strings
        top["data"] = .object(dataModel(site.language))
        return .object(TemplateDictionary(top))
    }

    /// `t`, the words of the interface in the language of `code`.
    func words(_ code: String) -> TemplateValue {
        FactValue.standing(for: .words(code), strings?.value(for: code) ?? .object(TemplateDictionary([:])))
    }

    /// `data`, the site's data files, as the templates of a language see them.
    func dataModel(_ code: String) -> FactValue {
        FactValue(fact: .data(code), base: FrontMatterObject(frontMatter: data, language: code))
    }

    /// `page`, with its neighbours in its section's order.
    package func page(_ rendered: RenderedPage, section: Section?, previous: RenderedPage?, next: RenderedPage?) -> TemplateValue {
        .object(pageModel(rendered, section: section, previous: previous, next: next))
    }

    /// The object of ``page(_:section:previous:next:)``.
    func pageModel(_ rendered: RenderedPage, section: Section?, previous: RenderedPage?, next: RenderedPage?) -> PageModel {
        PageModel(rendered: rendered, summary: summaryModel(rendered), section: section, previous: previous.map(self.summary),
                  next: next.map(self.summary), context: self)
    }

    /// `head` of a page's output.
    /// It stands for the page (all it shows is worked out from the page and the configuration).
    package func head(of rendered: RenderedPage) -> TemplateValue {
        let page = rendered.page
        return .object(FactValue(fact: .page(page.sourcePath), base: HeadModel(title: rendered.title, description: description(page.description, rendered.summary, language: page.language),
                                 url: absoluteURL(page.url), type: "article", image: image(of: rendered).map(shareImage),
                                 published: page.date.map(DateText.rfc3339), modified: page.updated.map(DateText.rfc3339),
                                 languages: languages(of: .page(page.translationKey), in: page.language))))
    }

    /// What `{% seo %}` writes for `rendered` in a Jekyll site's own layout: what the theme's
    /// head says of it (its absolute URL and share image; its description, or a post's
    /// excerpt), with its front matter's `author` (or the first of its `authors`) and, for a
    /// post, its date.
    func jekyllSEO(of rendered: RenderedPage, isPost: Bool) -> JekyllSEOTag {
        let page = rendered.page
        let author = page.frontMatter["author"]?.string ?? page.frontMatter["authors"]?.list?.first?.string
        // A post is titled (by its file name, at least); another page only by its front matter, else by the site.
        return JekyllSEOTag(title: isPost ? rendered.title : page.explicitTitle, siteTitle: configuration.title, siteTagline: jekyllTagline,
                            description: jekyllDescription(page.description, isPost ? rendered.summary : nil),
                            url: absoluteURL(page.url), image: image(of: rendered).map(shareImage), author: author,
                            published: isPost ? page.date.map(Self.xmlSchemaDate) : nil)
    }

    /// A date as Jekyll's `date_to_xmlschema` writes it in UTC: `2025-12-02T00:00:00+00:00`.
    private static func xmlSchemaDate(_ date: Date) -> String {
        let text = DateText.rfc3339(date)
        return text.hasSuffix("Z") ? text.dropLast() + "+00:00" : text
    }

    /// The first of `written` with more than white space in it, else the site's description
    /// (as jekyll-seo-tag picks it: never the title).
    private func jekyllDescription(_ written: String?...) -> String {
        (written + [configuration.description]).compactMap(\.self).first { $0.contains(where: { !$0.isWhitespace }) } ?? ""
    }

    /// What jekyll-seo-tag follows the site's title with on a page titled by the site alone:
    /// `tagline` of `_config.yml`, else its description, its white space made single spaces.
    private var jekyllTagline: String {
        let written = [configuration.params["tagline"]?.string, configuration.description].compactMap(\.self)
            .first { $0.contains(where: { !$0.isWhitespace }) } ?? ""
        return written.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What `{% seo %}` writes for the folder's page of `section` in a Jekyll site's own layout.
    func jekyllSEO(of section: Section) -> JekyllSEOTag {
        let frontMatter = section.source.frontMatter
        return JekyllSEOTag(title: frontMatter["title"]?.string, siteTitle: configuration.title, siteTagline: jekyllTagline,
                            description: jekyllDescription((frontMatter["description"] ?? frontMatter["excerpt"])?.string),
                            url: absoluteURL(section.url), image: image(of: section).map(shareImage),
                            author: frontMatter["author"]?.string, published: nil)
    }

    /// `head` of a list page at `url` (or, with none, of the 404 page) in `language`, titled
    /// `title`, known in other languages by `translation`; a section's list (any of its numbered
    /// pages) takes its description and image from its `_index.md`.
    package func listHead(title: String, url: String?, section: Section? = nil, language: String,
                          translation: TranslationTable.Key?) -> TemplateValue {
        let frontMatter = section?.source.frontMatter ?? .empty
        let image = image(of: section)
        let written = (frontMatter["description"] ?? frontMatter["summary"])?.string
        return .object(HeadModel(title: title, description: description(written, language: language), url: url.flatMap(absoluteURL),
                                 type: "website", image: image.map(shareImage), published: nil, modified: nil,
                                 languages: languages(of: translation, in: language)))
    }

    /// What the head says of an output's language and translations.
    private func languages(of key: TranslationTable.Key?, in language: String) -> HeadModel.Languages {
        guard !translations.isEmpty else { return HeadModel.Languages(code: language) }
        let alternates = key.map { translations.alternates(of: $0, prefix: (origin ?? "") + basePath) } ?? []
        return HeadModel.Languages(code: language, alternates: alternates,
                                   switcher: translations.switcher(for: key, in: language, basePath: basePath))
    }

    /// The absolute URL of the image a section's `_index.md` names: its lists' share image. A
    /// relative image is the folder's file, whichever numbered page shows it.
    func image(of section: Section?) -> String? {
        imageURL(in: section?.source.frontMatter ?? .empty, isBundle: true, folderOf: section?.url ?? "/", origin: origin) { _ in nil }
    }

    /// `page.image`: the absolute URL of the image the page's front matter names, else of the
    /// first image of its text (see ``ShareImage``).
    func image(of rendered: RenderedPage) -> String? {
        image(of: rendered, origin: origin)
    }

    /// ``image(of:)`` read as if the site were at `origin`.
    private func image(of rendered: RenderedPage, origin: String?) -> String? {
        let page = rendered.page
        return imageURL(in: page.frontMatter, isBundle: page.isBundle, folderOf: page.url, origin: origin) {
            ShareImage.first(inHTML: rendered.content, from: $0)
        }
    }

    /// The absolute URL of the image `frontMatter` names, else of the one `firstInText` finds,
    /// for the output at `url` of the site at `origin` (without one, only an absolute URL written).
    /// A relative image is read from the output's folder (of `/posts/trip/`, itself; of
    /// `/feed.xml`, `/`) when `isBundle`, else from the site's base.
    private func imageURL(in frontMatter: FrontMatter, isBundle: Bool, folderOf url: String, origin: String?,
                          firstInText: (ShareImage.Base?) -> String?) -> String? {
        let folder = url.lastUTF8Index(of: UInt8(ascii: "/")).map { String(url[...$0]) } ?? "/"
        let base = origin.map { ShareImage.Base(origin: $0, basePath: basePath, folder: folder) }
        if let named = ShareImage.named(in: Self.params(frontMatter)),
           let found = ShareImage.absolute(named: named, isBundle: isBundle, from: base) {
            return found
        }
        return firstInText(base)
    }

    /// The output path of the site's file an absolute image URL names (`posts/trip/ridge.jpg`).
    func sitePath(ofImage url: String) -> String? {
        guard let origin, url.hasPrefix(origin + basePath + "/") else { return nil }
        let path = url.dropFirst(origin.utf8.count + basePath.utf8.count + 1).prefix { $0 != "?" && $0 != "#" }
        return path.removingPercentEncoding
    }

    /// The share copy's URL in place of an image's URL, when the image has one.
    private func shareImage(_ url: String) -> String {
        guard !shareCopies.isEmpty, let path = sitePath(ofImage: url), let copy = shareCopies[path],
              let slash = url.prefix(while: { $0 != "?" && $0 != "#" }).lastIndex(of: "/"),
              let name = copy.split(separator: "/").last?.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else { return url }
        return url[...slash] + name
    }

    /// The absolute URL of a URL path of the site; `nil` without an absolute `baseURL`.
    private func absoluteURL(_ url: String) -> String? {
        origin.map { $0 + basePath + url }
    }

    /// The first of `written` (the page's own descriptions, in order) with more than white space
    /// in it, else the site's description, else the site's title, in `language`.
    private func description(_ written: String?..., language code: String) -> String {
        let language = language(code)
        for text in written + [language.description ?? configuration.description, language.title ?? configuration.title] {
            if let text, text.contains(where: { !$0.isWhitespace }) { return text }
        }
        return ""
    }

    /// What lists show of a page.
    package func summary(_ rendered: RenderedPage) -> TemplateValue {
        remembered(rendered)?.value ?? .object(makeSummary(rendered))
    }

    /// The object of ``summary(_:)``.
    func summaryModel(_ rendered: RenderedPage) -> PageSummary {
        remembered(rendered)?.summary ?? makeSummary(rendered)
    }

    package func section(_ section: Section, html: String, pages: some Collection<RenderedPage>, subsections: [Section],
                         pageCounts: [String: Int]) -> TemplateValue {
        [
            "title": .text(section.title),
            "url": .text(basePath + section.url),
            // A folder without text of its own has none: its template shows what stands in its place (the home page, the site's title).
            "content": html.allSatisfy(\.isWhitespace) ? .null : .text(html),
            "pages": .list(pages.map(summary)),
            "hasPages": .bool(!pages.isEmpty),
            "subsections": .list(subsections.map {
                ["title": .text($0.title), "url": .text(basePath + $0.url), "count": .int(pageCounts[$0.path] ?? 0)]
            }),
            "hasSubsections": .bool(!subsections.isEmpty),
            "params": .object(FrontMatterObject(frontMatter: Self.params(section.source.frontMatter), language: section.language)),
            "imageCopies": .object(imageCopies(of: section)?.values ?? TemplateDictionary()),
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
