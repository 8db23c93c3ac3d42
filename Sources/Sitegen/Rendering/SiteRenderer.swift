import Foundation
import SitegenLimits
import SitegenMarkdown
import SitegenTemplates

/// Renders a ``LoadedSite``: parses every page's Markdown, then renders each page with its
/// template, on all cores, writing each as soon as it is done; then the list pages
/// (``ListRenderer``).
///
/// What it may remember between builds, and which outputs it may leave as the build before
/// wrote them, its ``RenderingMemory`` says (a plain build: none, all).
struct SiteRenderer: Sendable {
    let loaded: LoadedSite
    let theme: Theme
    /// The words of the theme's interface (`t`) in each language.
    let strings: InterfaceStrings?
    let site: Site
    /// The sizes and smaller copies of the site's images.
    let images: ImagePlan
    let output: OutputWriter
    let observers: BuildObservers
    let memory: any RenderingMemory
    /// How much Markdown a site has, at least, for its pages' HTML to be kept in a file
    /// between the parse and the render (see ``BuildOptions/spillThreshold``).
    var spillThreshold = BuildOptions.defaultSpillThreshold

    func render() async throws -> RenderedSite {
        var rendered = try await parsedSite()
        let maker = ImageCopyMaker(plan: images, layout: loaded.layout, output: output)
        if output.makesImageCopies {
            if images.hasShareCandidates { rendered.context.shareCopies = try await maker.makeShareCopies(of: shareImages(of: rendered)) }
            rendered.warnings += try await maker.make(Set(rendered.imageRequests + templateImageRequests(of: rendered)))
        } else if images.hasShareCandidates {
            // A preview names them as a build does, and makes each when a browser asks for it.
            rendered.context.shareCopies = maker.shareCopyNames(of: shareImages(of: rendered))
        }
        var facts = memory.isRecording ? FactValues(rendered) : nil
        let narrowed = facts.flatMap { memory.narrowed(rendered, facts: $0) }
        // A page edit's few outputs make what lists show of each page as they ask; when its plan
        // could not be narrowed, it is made ahead here (see `parsedSite()` for the other builds).
        if narrowed == nil && memory.mayNarrow {
            try await rendered.context.remember(rendered.pages)
            facts = FactValues(rendered)
        }
        // The other pages' files stand as the build before wrote them: kept on one core while the rest is rendered.
        let (pages, output, layout) = (rendered.loaded.pages, self.output, loaded.layout)
        let keeping = narrowed.map { narrowed in
            Task {
                guard !output.keepsUnwritten else { return }
                let chosen = Set(narrowed)
                output.keep(pages.indices.filter { !chosen.contains($0) }.map {
                    (URLPath.outputFile(for: pages[$0].url), OutputOwner.page(pages[$0], layout: layout))
                })
            }
        }
        do {
            try await writePages(of: rendered, only: narrowed, facts: facts)
            rendered.listPages = try await ListRenderer(site: rendered, output: output, memory: memory, facts: facts).render()
        } catch {
            // Nothing is kept into an output being discarded.
            await keeping?.value
            throw error
        }
        await keeping?.value
        return rendered
    }

    /// The copies of each page's image that `images.copies` names, which templates may show;
    /// and of each image of a page bundle, when a template shows `page.images`.
    private func templateImageRequests(of rendered: RenderedSite) -> [ImageRequest] {
        guard !loaded.configuration.images.copies.isEmpty else { return [] }
        let bundles = showsBundleImages ? rendered.pages.flatMap { rendered.context.bundleImages(of: $0.page).requests } : []
        return rendered.pages.flatMap { rendered.context.summaryModel($0).imageCopies?.requests ?? [] }
            + loaded.sections.values.flatMap { rendered.context.imageCopies(of: $0)?.requests ?? [] } + bundles
    }

    /// Whether a template shows the images of a page bundle (`page.images`, or `images` inside `{{#page}}`).
    private var showsBundleImages: Bool {
        theme.templates.mentions("page.images") || theme.templates.mentions("images")
    }

    /// The output paths of the site's images that share previews show: each page's image
    /// (``TemplateContext/image(of:)``), each section's.
    private func shareImages(of rendered: RenderedSite) -> Set<String> {
        let context = rendered.context
        var paths: Set<String> = []
        for page in rendered.pages {
            if let url = context.image(of: page), let path = context.sitePath(ofImage: url) { paths.insert(path) }
        }
        for section in loaded.sections.values {
            if let url = context.image(of: section), let path = context.sitePath(ofImage: url) { paths.insert(path) }
        }
        return paths
    }

    /// The first pass: every page and section text parsed (or kept from the memory), the
    /// orders, neighbours, terms and template values worked out. Nothing is written yet.
    func parsedSite() async throws -> RenderedSite {
        var context = TemplateContext(configuration: loaded.configuration, sections: loaded.sections, data: loaded.data, now: Date(),
                                      menus: loaded.menus)
        let warnings = WarningLog()
        // The link tables, each over every page, on both cores.
        async let sources = linkSources()
        async let aliases = aliasTargets()
        async let languageTable = loaded.configuration.isMultilingual ? linkLanguages() : nil
        let targets = linkTargets()
        var resolver = LinkResolver(targets: targets, basePath: context.basePath,
                                    contentFolder: loaded.layout.content.isEmpty ? "" : "content",
                                    headings: TargetHeadings(sources: await sources, parser: site.markdownParser),
                                    aliases: await aliases, warnings: warnings)
        resolver.languages = await languageTable
        let links = resolver
        let files = PublishedFiles(loaded: loaded, basePath: context.basePath, images: images)
        let memory = self.memory
        // A link resolves to the target's translation: a live build sees a translation come or go as a changed target.
        var watchedTargets = links.languages.map { Self.targets(targets, withTranslations: $0) } ?? targets
        // And through an alias, written from the root: one that comes, goes or leads elsewhere is a changed target.
        for (alias, url) in await aliases { if let key = LinkLookups.urlKey(ofURL: alias) { watchedTargets[key] = url } }
        // And a list page's text, which a page's parse may read (a Zola link's fragment matched to its headings, a `readfile`): by its digest.
        for section in loaded.listTexts {
            guard let source = section.sourcePath else { continue }
            watchedTargets[LinkLookups.readKey(loaded.layout.contentPath(ofSitePath: source))] = String(StableHasher.digest(String(section.source.body)))
        }
        let changedTargets = memory.changedTargets(watchedTargets)
        let showsTitle = theme.templates.mentions("page.title")
        let liquid = jekyllLiquid()
        // A Jekyll site's own layouts; a page rendered with one shows its text whole, as Jekyll does.
        let layouts = liquid.map { _ in
            // Redirects (`redirect_to`) are made by `_layouts/redirect.html` or by sitegen, never by the layout they name.
            let redirects = Set(loaded.redirects.map(\.page.url))
            let names = loaded.pages.filter { !redirects.contains($0.url) }.compactMap(\.layout)
                + loaded.sections.values.filter { JekyllRedirects.target(of: $0.source.frontMatter) == nil }
                    .compactMap { $0.source.frontMatter["layout"]?.string }
            return JekyllLayouts(names: Set(names), source: loaded.layout.source)
        }
        let spill = spillFile()
        let known = memory.parsed(loaded.pages, changedTargets: changedTargets)
        let parsed = try await Parallel.map(loaded.pages.indices) { index in
            if let known = known[index] { return known }
            let page = loaded.pages[index]
            let parsed = try parse(page, links: links, showsTitle: showsTitle && layouts?.draws(page.frontMatter, at: page.sourcePath, body: try? page.text.source().body) != true, liquid: liquid)
            return spill.map(parsed.spilled) ?? parsed
        }
        memory.remember(parsed, targets: watchedTargets)
        // The Liquid that runs from here (folders' pages, layouts) sees every page's HTML.
        liquid?.documents.remember(html: Dictionary(parsed.map { parsed in
            (parsed.page.page.sourcePath, { @Sendable in parsed.page.unspilled().content })
        }, uniquingKeysWith: { first, _ in first }))
        for page in parsed { for warning in page.warnings { warnings.add(warning) } }
        for warning in (layouts?.problems ?? []) + missingLayouts(except: layouts) { warnings.add(warning) }
        if images.hasProblems {
            for page in parsed {
                let path = URLPath.outputFile(for: page.page.page.url)
                let shown = ImageTags.problems(in: page.page.content, outputPath: path, files: files)
                for (src, problem) in shown {
                    warnings.add(SiteError(file: display(page.page.page.sourcePath),
                                           "the image \(src) \(problem); it is published as it is, without smaller copies"))
                }
                // The bundle's images a gallery (`page.images`) shows that its text does not.
                guard showsBundleImages else { continue }
                let shownURLs = Set(shown.compactMap { ImageTags.resolved($0.src, inOutputAt: path, base: files.basePath).map(URLPath.decoded) })
                for image in images.bundleImages(of: page.page.page) {
                    let src = context.basePath + "/" + URLPath.encoded(image.file.outputPath)
                    guard let problem = image.problem, !shownURLs.contains(URLPath.decoded(src)) else { continue }
                    warnings.add(SiteError(file: display(page.page.page.sourcePath),
                                           "the image \(src) \(problem); it is published as it is, without smaller copies"))
                }
            }
        }
        let pages = parsed.map(\.page)
        let orders = Self.sectionOrders(pages, sections: loaded.sections)
        var sectionHTML: [String: String] = [:]
        // jekyll-paginate's pages after the first of the folder's page that reads `paginator`: (folder, number) by URL.
        var paginated: [String: (section: String, number: Int, html: String)] = [:]
        // The Liquid each paged page is drawn with (its `paginator`), the first's too, by URL.
        var pagedLiquid: [String: JekyllLiquid] = [:]
        var sectionImageRequests: [ImageRequest] = []
        var templateTags = parsed.filter { !$0.templateTags.isEmpty }.map { (file: display($0.page.page.sourcePath), tags: $0.templateTags) }
        // What the list pages' texts read of pages (a `readfile`, a Zola link's fragment), which an edit of those pages alone changes.
        let listTextLookups = LinkLookups()
        let sectionLinks = links.recording(into: listTextLookups, warnings: warnings)
        // A Hugo site's `tags/_index.md` and `tags/swift/_index.md` are the text of those list pages.
        for section in loaded.listTexts {
            guard let source = section.sourcePath else { continue }
            let relative = loaded.layout.contentPath(ofSitePath: source)
            // The home page shows its text alone; a section's list shows the title above it.
            let title: MarkdownParser.TitleHeading = section.path.isEmpty || !theme.templates.mentions("section.title")
                || layouts?.draws(section.source.frontMatter, at: relative, body: section.source.body) == true
                ? .keep : .omit(given: section.source.frontMatter["title"]?.string)
            let sectionParser = parser(for: relative, links: sectionLinks, title: title, language: section.language)
            var sectionLiquid = liquid
            if let liquid, let pattern = loaded.configuration.jekyllPaginatePath, section.path == Self.paginatedFolder(pattern),
               let layouts, layouts.draws(section.source.frontMatter, at: relative, body: section.source.body),
               section.source.body.contains("paginator.")
                || layouts.mention("paginator.", from: section.source.frontMatter["layout"]?.string) {
                let perPage = loaded.configuration.paginate
                sectionLiquid = liquid.paginated(page: 1, perPage: perPage, pattern: pattern, firstURL: section.url)
                pagedLiquid[section.url] = sectionLiquid
                for number in stride(from: 2, through: liquid.paginatedPages(perPage: perPage), by: 1) {
                    let numbered = liquid.paginated(page: number, perPage: perPage, pattern: pattern, firstURL: section.url)
                    let page = try parseContent(section.source, at: relative, url: section.url, language: section.language, links: sectionLinks,
                                                parser: sectionParser, liquid: numbered)
                    let url = JekyllLiquid.paginatedURL(number, pattern: pattern, firstURL: section.url)
                    paginated[url] = (section.path, number, page.markdown.html)
                    pagedLiquid[url] = numbered
                }
            }
            let content = try parseContent(section.source, at: relative, url: section.url, language: section.language, links: sectionLinks,
                                           parser: sectionParser, liquid: sectionLiquid)
            for warning in content.warnings { warnings.add(warning) }
            sectionImageRequests += content.imageRequests
            // The heading the list's title stands for keeps its id, which links name (a README's `# Title`).
            if site.markdownParser.options.headingIDs, let id = content.markdown.omittedHeading?.id, !id.isEmpty {
                sectionHTML[section.path] = "<a id=\"\(HTMLText.escapeAttribute(id))\"></a>\n" + content.markdown.html
            } else {
                sectionHTML[section.path] = content.markdown.html
            }
            if images.hasProblems {
                for (src, problem) in ImageTags.problems(in: content.markdown.html, outputPath: URLPath.outputFile(for: section.url), files: files) {
                    warnings.add(SiteError(file: source, "the image \(src) \(problem); it is published as it is, without smaller copies"))
                }
            }
            templateTags.append((source, content.templateTags))
        }
        for warning in ForeignTemplateTags.warnings(templateTags.filter { !$0.tags.isEmpty }) { warnings.add(warning) }
        // What lists need is worked out while the summaries are made on all cores.
        let (taxonomies, languages) = (loaded.configuration.taxonomies, loaded.configuration.publishedLanguages)
        async let newest = ListRenderer.newest(pages)
        async let terms = ListRenderer.terms(of: taxonomies, in: pages, languages: languages, rules: loaded.configuration.hugo)
        if theme.templates.mentions("site.nav") { context.navigation = Self.navigation(of: loaded, orders: orders, targets: targets) }
        async let neighbours = Self.neighbours(pages, orders: orders, readingOrder: loaded.summary?.readingOrder ?? [])
        if !loaded.configuration.images.copies.isEmpty || showsBundleImages { context.images = images }
        // What lists show of each page, made ahead on all cores beside the neighbours and terms,
        // unless few outputs render (a page edit's plan makes that known only in `render()`).
        if !memory.rendersFew && !memory.mayNarrow { try await context.remember(pages) }
        context.strings = strings
        let allTerms = await terms
        if loaded.configuration.isMultilingual {
            context.translations = Self.translations(of: loaded, terms: allTerms)
        }
        let redirectHTML = liquid.map { redirectPages(with: $0, base: context.absoluteBase, warnings: warnings) } ?? [:]
        var layoutHTML: [String: String] = [:], liquidFiles: [RenderedSite.LiquidFile] = []
        if let liquid, let layouts {
            layoutHTML = await layoutPages(parsed, sectionHTML: sectionHTML, paginated: paginated, layouts: layouts, liquid: liquid,
                                           pagedLiquid: pagedLiquid, context: context, warnings: warnings)
            liquidFiles = self.liquidFiles(with: liquid, warnings: warnings)
        }
        return RenderedSite(loaded: loaded, pages: pages, listPages: 0, warnings: warnings.all, parsed: parsed, orders: orders,
                            neighbours: await neighbours, newest: await newest, terms: allTerms, sectionHTML: sectionHTML,
                            redirectHTML: redirectHTML, layoutHTML: layoutHTML,
                            paginatedPages: paginated.compactMap { layoutHTML[$0.key] == nil ? nil : ($0.key, $0.value.section, $0.value.number) },
                            liquidFiles: liquidFiles, context: context, theme: theme, site: site,
                            files: files, links: links, imageRequests: parsed.flatMap(\.imageRequests) + sectionImageRequests,
                            listTextReads: listTextLookups.all)
    }

    /// The HTML of each page (and folder's page, its text `sectionHTML`) of a Jekyll site whose
    /// layout is one of the site's own (``JekyllLayouts``), by URL, on all cores. A layout that
    /// fails gives one warning, and its pages none (the theme renders them).
    private func layoutPages(_ parsed: [ParsedPage], sectionHTML: [String: String],
                             paginated: [String: (section: String, number: Int, html: String)], layouts: JekyllLayouts,
                             liquid: JekyllLiquid, pagedLiquid: [String: JekyllLiquid], context: TemplateContext,
                             warnings: WarningLog) async -> [String: String] {
        /// What a layout is given of a page or folder.
        struct Given: Sendable {
            let layout: String
            let url: String
            let path: String
            let frontMatter: FrontMatter
            let language: String
            let seo: JekyllSEOTag
            let content: @Sendable () -> String
        }
        var chosen: [Given] = []
        // A redirect (`redirect_to`) is made by the site's `_layouts/redirect.html`, or sitegen's own.
        let redirects = Set(loaded.redirects.map(\.page.url))
        for page in parsed where !redirects.contains(page.page.page.url)
            && layouts.draws(page.page.page.frontMatter, at: page.page.page.sourcePath, body: try? page.page.page.text.source().body) {
            let rendered = page.page, seen = page.page.page
            let isPost = JekyllDocument.isPost(seen.sourcePath)
            chosen.append(Given(layout: seen.layout ?? "", url: seen.url, path: seen.sourcePath, frontMatter: seen.frontMatter,
                                language: seen.language, seo: context.jekyllSEO(of: rendered.unspilled(), isPost: isPost),
                                content: { rendered.unspilled().content }))
        }
        for section in loaded.sections.values.sorted(by: { $0.path < $1.path }) {
            let frontMatter = section.source.frontMatter
            guard let source = section.sourcePath, let html = sectionHTML[section.path],
                  layouts.draws(frontMatter, at: source, body: section.source.body),
                  JekyllRedirects.target(of: frontMatter) == nil else { continue }
            chosen.append(Given(layout: frontMatter["layout"]?.string ?? "", url: section.url, path: loaded.layout.contentPath(ofSitePath: source),
                                frontMatter: frontMatter, language: section.language, seo: context.jekyllSEO(of: section),
                                content: { html }))
            for (url, page) in paginated.sorted(by: { $0.key < $1.key }) where page.section == section.path {
                var seo = context.jekyllSEO(of: section)
                seo.url = context.origin.map { $0 + context.basePath + url }
                chosen.append(Given(layout: frontMatter["layout"]?.string ?? "", url: url, path: loaded.layout.contentPath(ofSitePath: source),
                                    frontMatter: frontMatter, language: section.language, seo: seo, content: { page.html }))
            }
        }
        guard !chosen.isEmpty else { return [:] }
        let markdownify = layoutMarkdownify()
        let given = chosen
        let made = (try? await Parallel.map(given.indices) { index -> Result<(text: String, warnings: [SiteError]), SiteError> in
            let page = given[index], seo = page.seo
            return layouts.render(page.layout, content: RougeCodeBlocks.rewritten(page.content()), path: page.path,
                                  frontMatter: page.frontMatter, url: page.url, language: page.language, liquid: pagedLiquid[page.url] ?? liquid,
                                  seo: { seo.html($0) }, markdownify: markdownify, highlight: Self.layoutHighlight(markdownify))
        }) ?? []
        var html: [String: String] = [:], told: Set<String> = []
        for (index, result) in made.enumerated() {
            switch result {
            case .success(let rendered):
                html[given[index].url] = rendered.text
                for warning in rendered.warnings where told.insert(warning.description).inserted { warnings.add(warning) }
            case .failure(let problem):
                if told.insert(problem.description).inserted { warnings.add(problem) }
            }
        }
        return html
    }

    /// A Jekyll site's files other than HTML with front matter (``LoadedSite/liquidFiles``), by
    /// output path: each one's text with its Liquid run, at its path, or at its front matter's
    /// `permalink` when that is a plain path. One whose Liquid sitegen cannot run is its text
    /// as written, with a warning.
    private func liquidFiles(with liquid: JekyllLiquid, warnings: WarningLog) -> [RenderedSite.LiquidFile] {
        var files: [RenderedSite.LiquidFile] = []
        let markdownify = layoutMarkdownify()
        for path in loaded.liquidFiles {
            let layout = loaded.layout
            guard let text = try? layout.source.text(of: layout.sourcePath(ofContentPath: path), maximumSize: Limits.markdownFileBytes),
                  let source = try? MarkdownSource(text: text) else { continue }
            let output = JekyllLiquid.output(ofFile: path, frontMatter: source.frontMatter)
            let result = liquid.render(String(source.body), path: path, frontMatter: source.frontMatter, url: "/" + output,
                                       language: loaded.configuration.language, file: display(path), firstLine: source.bodyLineOffset + 1,
                                       markdownify: markdownify, highlight: Self.layoutHighlight(markdownify))
            var made = String(source.body)
            switch result {
            case .success(let rendered):
                made = rendered.text
                for warning in rendered.warnings { warnings.add(warning) }
            case .failure(let problem):
                warnings.add(SiteError(file: problem.file, line: problem.line, problem.message.replacingOccurrences(
                    of: "the page shows it as written", with: "the file is published as written")))
            }
            if JekyllSassSettings.isSass(path) {
                guard let css = stylesheet(of: path, text: made, lineOffset: source.bodyLineOffset, output: output, warnings: warnings) else { continue }
                made = css
            }
            files.append(RenderedSite.LiquidFile(output: output, text: made, contentPath: path))
        }
        return files
    }

    /// The CSS of the Sass file at `path` (a content path) whose Liquid made `text`, to be
    /// published at `output`; `nil`, with a warning, when it does not compile.
    private func stylesheet(of path: String, text: String, lineOffset: Int, output: String, warnings: WarningLog) -> String? {
        let layout = loaded.layout
        let sourcePath = layout.sourcePath(ofContentPath: path)
        let request = SassStylesheet.Request(path: sourcePath, text: text, settings: loaded.configuration.jekyllPermalinks?.sass ?? JekyllSassSettings(),
                                             source: layout.source)
        switch SassStylesheet.compile(request, source: layout.source) {
        case .success(let css):
            return css
        case .failure(let failure):
            // A line of the file itself counts its front matter too.
            let isOwn = failure.path == nil || failure.path == sourcePath
            let file = display(isOwn ? path : failure.path ?? path)
            let line = failure.line.map { isOwn ? $0 + lineOffset : $0 }
            warnings.add(SiteError(file: file, line: line, "Sass: \(failure.message); /\(output) is not published"))
            return nil
        }
    }

    /// The HTML of each page (and folder's page) of a Jekyll site that is a redirect
    /// (`redirect_to`), by URL, when the site has its own `_layouts/redirect.html`: the
    /// layout's Liquid run as jekyll-redirect-from runs it, with the page's front matter and
    /// `page.redirect.from` and `page.redirect.to` (``JekyllRedirects/address(_:base:)``). A
    /// layout that cannot be read, or run for one of them, makes none (the theme's redirects
    /// stand for them), with one warning: it is not run again for each.
    private func redirectPages(with liquid: JekyllLiquid, base: String, warnings: WarningLog) -> [String: String] {
        var redirects = loaded.redirects.map { (url: $0.page.url, frontMatter: $0.page.frontMatter, target: $0.target,
                                                path: $0.page.sourcePath, language: $0.page.language) }
        for section in loaded.sections.values.sorted(by: { $0.path < $1.path }) {
            guard let path = section.sourcePath, let target = JekyllRedirects.target(of: section.source.frontMatter) else { continue }
            redirects.append((section.url, section.source.frontMatter, target, loaded.layout.contentPath(ofSitePath: path), section.language))
        }
        guard !redirects.isEmpty, let read = liquid.redirectLayout() else { return [:] }
        let ours = "the redirects of \(redirects.count == 1 ? "1 page" : "\(redirects.count) pages") are sitegen's own"
        let layout: (body: String, firstLine: Int)
        switch read {
        case .success(let found): layout = found
        case .failure(let problem):
            warnings.add(SiteError(file: problem.file, line: problem.line, problem.message + "; " + ours))
            return [:]
        }
        let markdownify = layoutMarkdownify()
        var made: [String: String] = [:]
        for redirect in redirects {
            var frontMatter = redirect.frontMatter
            frontMatter["layout"] = .string("redirect")
            frontMatter["sitemap"] = .bool(false)
            frontMatter["redirect"] = .map(FrontMatter([("from", .string(redirect.url)),
                                                        ("to", .string(JekyllRedirects.address(redirect.target, base: base)))]))
            let result = liquid.render(layout.body, path: redirect.path, frontMatter: frontMatter, url: redirect.url,
                                       language: redirect.language, file: "_layouts/redirect.html", firstLine: layout.firstLine,
                                       markdownify: { $0 }, highlight: Self.layoutHighlight(markdownify))
            switch result {
            case .success(let rendered):
                made[redirect.url] = rendered.text
                for warning in rendered.warnings { warnings.add(warning) }
            case .failure(let problem):
                warnings.add(SiteError(file: problem.file, line: problem.line, problem.message.replacingOccurrences(
                    of: "the page shows it as written", with: "\(ours) (it failed for \(display(redirect.path)))")))
                return [:]
            }
        }
        return made
    }

    /// The file the pages' HTML is kept in until it is rendered (and, in a live build, until
    /// the page is parsed again): for a build that writes to disk, of a site with
    /// ``spillThreshold`` bytes of Markdown or more; on the file system the output goes to.
    private func spillFile() -> SpillFile? {
        guard let folder = output.scratchFolder,
              loaded.pages.reduce(0, { $0 + $1.text.byteCount }) >= spillThreshold else { return nil }
        return SpillFile(in: folder)
    }

    /// `site.nav` of each language (by code): a book's `SUMMARY.md` (whose chapters are at
    /// `targets`, by content path), else the sections with their pages in `orders`.
    static func navigation(of loaded: LoadedSite, orders: [String: [RenderedPage]], targets: [String: String]) -> [String: NavigationTree] {
        var navigation: [String: NavigationTree] = [:]
        for language in loaded.configuration.publishedLanguages {
            navigation[language.code] = loaded.summary.map { NavigationTree(summary: $0, urls: targets) }
                ?? NavigationTree(sections: loaded.sections, orders: orders, root: language.path)
        }
        return navigation
    }

    /// Where each page, section, taxonomy, term and 404 page of a site with `languages:` is in each language.
    static func translations(of loaded: LoadedSite, terms: [String: [String: [ListRenderer.Term]]]) -> TranslationTable {
        let configuration = loaded.configuration
        var table = TranslationTable(languages: configuration.languages, defaultLanguage: configuration.language)
        for page in loaded.pages { table.add(.page(page.translationKey), language: page.language, url: page.url) }
        for section in loaded.sections.values {
            // A root that sends readers to the default language's home page is no translation.
            guard !section.path.isEmpty || !configuration.redirectsRoot else { continue }
            table.add(.section(section.translationKey), language: section.language, url: section.url)
        }
        for language in configuration.publishedLanguages {
            table.add(.notFound, language: language.code, url: URLPath.folderURL(language.path) + "404.html")
            for (taxonomy, terms) in terms[language.code] ?? [:] where !terms.isEmpty {
                table.add(.taxonomy(taxonomy), language: language.code,
                          url: ListRenderer.taxonomyURL(taxonomy, in: language.path, rules: configuration.hugo))
                for term in terms {
                    table.add(.term(taxonomy: taxonomy, slug: ListRenderer.slug(ofTermURL: term.url)), language: language.code, url: term.url)
                }
            }
        }
        return table
    }

    /// Where links to content files lead: each page's and section's source path → its URL,
    /// each published file's content path → its URL.
    private func linkTargets() -> [String: String] {
        var targets: [String: String] = [:]
        for page in loaded.pages { targets[page.sourcePath] = page.url }
        // The site's root, when it only redirects to the default language's home (which shows
        // the same `_index.md`), comes last; the others in a fixed order, so that every build
        // leads a link to the same list.
        let redirectsRoot = loaded.configuration.redirectsRoot
        let sections = loaded.sections.values.sorted {
            ($0.path.isEmpty && redirectsRoot ? 1 : 0, $0.path) < ($1.path.isEmpty && redirectsRoot ? 1 : 0, $1.path)
        }
        for section in sections {
            guard let source = section.sourcePath else { continue }
            let relative = loaded.layout.contentPath(ofSitePath: source)
            // A book's home page shows its first chapter's text: a link to the chapter leads to the chapter.
            if targets[relative] == nil { targets[relative] = section.url }
        }
        // A bundle's file published beside each translation of its page too is the first's (its own language's).
        for file in loaded.files {
            if let path = file.contentPath, targets[path] == nil { targets[path] = URLPath.encoded("/" + file.outputPath) }
        }
        // A link to a folder (`../specification`) leads to its page: the bundle's or the section's.
        for page in loaded.pages where page.isBundle {
            let folder = URLPath.folder(of: page.sourcePath)
            if targets[folder] == nil { targets[folder] = page.url }
        }
        for section in loaded.sections.values where !section.path.isEmpty && targets[section.path] == nil && section.hasListPage {
            targets[section.path] = section.url
        }
        return targets
    }

    /// Where each page and section file of a site with `languages:` is in each language.
    private func linkLanguages() -> LinkResolver.Languages {
        var byKey: [String: [String: String]] = [:], sectionsByKey: [String: [String: String]] = [:]
        var languageOfFile: [String: String] = [:], languageOfURL: [String: String] = [:], siteFolderOfFile: [String: String] = [:]
        for page in loaded.pages {
            byKey[page.translationKey, default: [:]][page.language] = page.url
            languageOfFile[page.sourcePath] = page.language
            siteFolderOfFile[page.sourcePath] = URLPath.folder(of: page.sitePath)
            languageOfURL[page.url] = page.language
        }
        var sectionFiles: [(path: String, section: Section)] = []
        for section in loaded.sections.values.sorted(by: { $0.path < $1.path }) {
            // A root that sends readers to the default language's home page shows that home's
            // file, and is no translation of it (see `linkTargets()`).
            guard !section.path.isEmpty || !loaded.configuration.redirectsRoot else { continue }
            sectionsByKey[section.translationKey, default: [:]][section.language] = section.url
            languageOfURL[section.url] = section.language
            if let source = section.sourcePath { sectionFiles.append((loaded.layout.contentPath(ofSitePath: source), section)) }
        }
        var translations: [String: [String: String]] = [:]
        for page in loaded.pages { translations[page.sourcePath] = byKey[page.translationKey] }
        for (path, section) in sectionFiles {
            languageOfFile[path] = section.language
            siteFolderOfFile[path] = section.path
            translations[path] = sectionsByKey[section.translationKey]
        }
        // A bundle's file copied beside each translation of its page: each page links to its own copy.
        let folders = Dictionary(loaded.configuration.publishedLanguages.filter { !$0.path.isEmpty }.map { ($0.path, $0.code) },
                                 uniquingKeysWith: { first, _ in first })
        var copies: [String: [String: String]] = [:]
        for file in loaded.files {
            guard let path = file.contentPath else { continue }
            let top = file.outputPath.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            let language = folders[top] ?? loaded.configuration.defaultLanguage.code
            if copies[path]?[language] == nil { copies[path, default: [:]][language] = URLPath.encoded("/" + file.outputPath) }
        }
        for (path, urls) in copies where urls.count > 1 { translations[path] = urls }
        return LinkResolver.Languages(translations: translations, languageOfFile: languageOfFile, siteFolderOfFile: siteFolderOfFile,
                                      languageOfURL: languageOfURL,
                                      defaultLanguage: loaded.configuration.language)
    }

    /// `targets` with each file's translations after its URL, so that a change to either changes the entry.
    private static func targets(_ targets: [String: String], withTranslations languages: LinkResolver.Languages) -> [String: String] {
        var watched = targets
        for (path, urls) in languages.translations where urls.count > 1 {
            watched[path] = (targets[path] ?? "") + " " + urls.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: " ")
        }
        return watched
    }

    /// Each alias URL of a page or section → that page's or section's URL.
    private func aliasTargets() -> [String: String] {
        var aliases: [String: String] = [:]
        for page in loaded.pages { for alias in page.aliases { aliases[alias] = page.url } }
        for section in loaded.sections.values { for alias in section.aliases { aliases[alias] = section.url } }
        return aliases
    }

    /// The Markdown of every page and section index, by content path.
    private func linkSources() -> [String: PageText] {
        var sources: [String: PageText] = [:]
        for page in loaded.pages { sources[page.sourcePath] = page.text }
        for section in loaded.sections.values {
            guard let source = section.sourcePath else { continue }
            sources[loaded.layout.contentPath(ofSitePath: source)] = PageText(holding: section.source)
        }
        return sources
    }

    /// The parser of the page or section at `sourcePath`, in `language`: its alerts titled in
    /// that language's words (`t.alertNote`…), but in an MkDocs site, whose admonitions are
    /// titled by their type, as MkDocs titles them.
    private func parser(for sourcePath: String, links: LinkResolver, title: MarkdownParser.TitleHeading,
                        language: String) -> MarkdownParser {
        var options = site.markdownParser.options
        options.titleHeading = title
        for kind in Alert.Kind.allCases where !loaded.configuration.readsAdmonitions {
            if let word = strings?.text("alert" + kind.title, in: language), !word.isEmpty { options.alertTitles[kind] = word }
        }
        options.hidesRustLines = loaded.configuration.hidesRustLines
        if !loaded.configuration.linksBareURLs { options.extensions.remove(.autolink) }
        options.pythonMarkdownHeadingIDs = loaded.configuration.pythonMarkdownHeadingIDs
        options.titleHeadingIsLevelOne = loaded.configuration.navigationTitles != nil
        options.admonitions = loaded.configuration.readsAdmonitions
        // kramdown, for which Jekyll sites are written, reads only `$$` as math.
        options.singleDollarMath = loaded.configuration.jekyllPermalinks == nil
        var rewriter = links.rewriter(for: sourcePath, displayPath: display(sourcePath))
        if let siteRewriter = site.markdownParser.linkRewriter { rewriter = rewriter.followed(by: siteRewriter) }
        return MarkdownParser(options: options, modifiers: site.markdownParser.modifiers, linkRewriter: rewriter)
    }

    /// A page's or section's Markdown, parsed: its mdBook includes done first, then Hugo's
    /// `ref`/`relref`, then its shortcodes (``ShortcodeExpander``); Hugo's escaped shortcodes
    /// shown as Hugo shows them, the other generators' tags left in it counted.
    private func parseContent(_ source: MarkdownSource, at path: String, url: String, language: String, links: LinkResolver,
                              parser: MarkdownParser, liquid: JekyllLiquid?) throws -> (markdown: Markdown, templateTags: ForeignTemplateTags,
                                                          includes: [MdBookIncludes.File], warnings: [SiteError],
                                                          imageRequests: [ImageRequest]) {
        var source = source, includes: [MdBookIncludes.File] = [], warnings: [SiteError] = []
        let isHTML = path.hasSuffix(".html") || path.hasSuffix(".htm")
        // A Jekyll page is a Liquid template first; what its Liquid leaves (`{% raw %}`) is meant.
        var ranLiquid = false
        if let liquid, HTMLScan.contains("{{", in: source.body) || HTMLScan.contains("{%", in: source.body) {
            switch runLiquid(liquid, on: source, at: path, url: url, parser: parser, isHTML: isHTML) {
            case .success(let (text, problems)):
                source = MarkdownSource(frontMatter: source.frontMatter, body: text[...], bodyLineOffset: source.bodyLineOffset)
                warnings += problems
                ranLiquid = true
            case .failure(let warning):
                warnings.append(warning)
            }
        }
        var expanded = source
        if !isHTML, let imported = MdxImports.rewritten(source.body, at: path) {
            source = MarkdownSource(frontMatter: source.frontMatter, body: imported[...], bodyLineOffset: source.bodyLineOffset)
            expanded = source
        }
        if HTMLScan.contains("{{#", in: source.body) {
            let includer = MdBookIncludes(source: loaded.layout.source, contentFolder: loaded.layout.content,
                                          display: { [layout = loaded.layout] in layout.display(contentPath: $0) })
            let expansion = try includer.expand(source, at: path)
            (expanded, includes, warnings) = (expansion.source, expansion.files, expansion.warnings)
        }
        // A Jekyll or Hugo site's HTML page is its own text (a Jekyll page's Liquid run); a Hugo page's tags were reported as it was loaded (HugoPageFiles).
        if isHTML {
            return (Markdown(passingThrough: source), ForeignTemplateTags(in: "", bodyLineOffset: 0, codeLines: []), [], warnings, [])
        }
        expanded = try links.expandingReferences(in: expanded, sourcePath: path, displayPath: display(path))
        var fragments = HTMLFragments(), shortcodeNames: Set<String> = [], zolaNames: Set<String> = [], hasDiagram = false
        var shortcodeLines: [Int]?, rawLines: [ClosedRange<Int>] = [], imageRequests: [ImageRequest] = []
        // A Hugo site's tags are read in code too.
        if loaded.configuration.hugo != nil ? HTMLScan.contains("{{", in: expanded.body) : TagReader.mayHoldTags(expanded.body) {
            let expansion = try expandShortcodes(expanded, at: path, url: url, language: language, parser: parser, links: links)
            expanded = MarkdownSource(frontMatter: expanded.frontMatter, body: expansion.markdown[...],
                                      bodyLineOffset: expanded.bodyLineOffset)
            fragments = expansion.fragments
            warnings += expansion.warnings + expansion.templateWarnings.sorted { $0.description < $1.description }
            shortcodeNames = Set(expansion.leftAsText.filter { $0.form != .zola }.map(\.name))
            shortcodeLines = expansion.leftAsText.filter { $0.form != .zola }.map(\.line)
            zolaNames = Set(expansion.leftAsText.filter { $0.form == .zola }.map(\.name))
            hasDiagram = expansion.hasDiagram
            imageRequests = expansion.imageRequests
            rawLines = expansion.rawLines.map { $0.lowerBound + expanded.bodyLineOffset...$0.upperBound + expanded.bodyLineOffset }
        }
        // kramdown's `<div markdown="1">`, `{::nomarkdown}` and `{:toc}` in a Jekyll page.
        if loaded.configuration.jekyllPermalinks != nil, let body = KramdownText.rewritten(expanded.body, fragments: &fragments) {
            expanded = MarkdownSource(frontMatter: expanded.frontMatter, body: body[...], bodyLineOffset: expanded.bodyLineOffset)
        }
        var markdown = parser.parse(ForeignTemplateTags.unescapingHugoShortcodes(expanded), fragments: fragments)
        markdown.html = TableOfContents.inlined(in: DiagramBlocks.withScript(markdown.html, hasScript: hasDiagram),
                                                headings: markdown.headings)
        if let line = markdown.tooDeepAlertLine {
            throw SiteError(file: display(path), line: line,
                            "callouts nest more than \(Limits.containerDepth) deep (`:::` containers and `> [!NOTE]` alerts "
                                + "counted together; Limits: container depth); close a container before opening the next")
        }
        for failure in markdown.mathFailures {
            warnings.append(SiteError(file: display(path), line: failure.line, "formula not rendered: \(failure.message); shown as written"))
        }
        var tags = ForeignTemplateTags(in: expanded.body, bodyLineOffset: expanded.bodyLineOffset,
                                       codeLines: (markdown.codeLines + rawLines).sorted { $0.lowerBound < $1.lowerBound })
        if ranLiquid { tags.remove(.templateTag) }
        // The page's own lines, not the expanded text's.
        if let shortcodeLines { tags.setHugoShortcodes(at: shortcodeLines) }
        tags.shortcodeNames = shortcodeNames
        tags.zolaNames = zolaNames
        return (markdown, tags, includes, warnings, imageRequests)
    }

    /// A Jekyll page's text with its Liquid run: `{% highlight %}` a fenced code block in
    /// Markdown (highlighted with the page's other code), HTML in an HTML page.
    private func runLiquid(_ liquid: JekyllLiquid, on source: MarkdownSource, at path: String, url: String,
                           parser: MarkdownParser, isHTML: Bool) -> Result<(text: String, warnings: [SiteError]), SiteError> {
        var keepingTitles = parser
        keepingTitles.options.titleHeading = .keep
        let plain = keepingTitles
        let markdownify: @Sendable (String) -> String = { plain.parse(MarkdownSource(frontMatter: .empty, body: $0[...], bodyLineOffset: 0)).html }
        let highlight: @Sendable (String, String, String) -> String = { code, language, options in
            let fenced = Self.fenced(code, language: language, options: options)
            return isHTML ? markdownify(fenced) : fenced
        }
        return liquid.render(String(source.body), path: path, frontMatter: source.frontMatter, url: url,
                             language: loaded.configuration.language, file: display(path), firstLine: source.bodyLineOffset + 1,
                             markdownify: markdownify, highlight: highlight)
    }

    /// The folder whose `index.html` jekyll-paginate pages: the one its `paginate_path` is in
    /// (`/blog/page:num/` → `blog`; the site's root by default).
    static func paginatedFolder(_ pattern: String) -> String {
        let components = pattern.split(separator: "/")
        return components.prefix { !$0.contains(":num") }.joined(separator: "/")
    }

    /// `markdownify` in a Jekyll site's own layouts: Markdown with the site's options.
    private func layoutMarkdownify() -> @Sendable (String) -> String {
        { [parser = MarkdownParser(options: site.markdownParser.options, modifiers: site.markdownParser.modifiers)] in
            parser.parse(MarkdownSource(frontMatter: .empty, body: $0[...], bodyLineOffset: 0)).html
        }
    }

    /// `{% highlight LANGUAGE OPTIONS %}`'s code as a fenced code block.
    private static func fenced(_ code: String, language: String, options: String) -> String {
        ShortcodeExpander.fenced(ShortcodeExpander.trimmingBlankEdges(code), info: language + (options.contains("linenos") ? " {linenos=true}" : ""),
                                 indentation: nil)
    }

    /// `{% highlight %}` in a Jekyll site's own layout: the code escaped and coloured
    /// (`markdownify` makes the block), in Jekyll's `<figure class="highlight">`.
    private static func layoutHighlight(_ markdownify: @escaping @Sendable (String) -> String) -> @Sendable (String, String, String) -> String {
        { code, language, options in RougeCodeBlocks.highlightFigure(markdownify(fenced(code, language: language, options: options)), language: language) }
    }

    /// The page's Markdown with its shortcodes run.
    private func expandShortcodes(_ source: MarkdownSource, at path: String, url: String, language: String,
                                  parser: MarkdownParser, links: LinkResolver) throws -> ShortcodeExpansion {
        let codeLines = parser.codeBlockLines(of: source.body, lineOffset: source.bodyLineOffset)
        let text: TagText
        do {
            text = try TagReader(source.body, firstLine: source.bodyLineOffset + 1, codeLines: codeLines,
                                 readsHugoTagsInCode: loaded.configuration.hugo != nil).read()
        } catch {
            throw SiteError(file: display(path), line: error.line, error.message)
        }
        var keepingTitles = parser
        keepingTitles.options.titleHeading = .keep
        let plain = keepingTitles
        let configuration = loaded.configuration
        let frontMatter = source.frontMatter
        let context = ShortcodeExpander.Context(
            file: display(path), frontMatter: frontMatter, siteParams: configuration.params,
            inlineMarkdown: { text in
                ShortcodeExpander.unwrappingParagraph(plain.parse(MarkdownSource(frontMatter: .empty, body: text[...], bodyLineOffset: 0)).html)
            },
            blockMarkdown: { text in plain.parse(MarkdownSource(frontMatter: .empty, body: text[...], bodyLineOffset: 0)).html },
            url: { written, line in
                plain.linkRewriter?.rewrite(LinkRewriter.Input(url: written, kind: .rawHTML, line: line)) ?? written
            },
            readFile: { [layout = loaded.layout] file in
                // A page read this way (Docsy's `readfile` of another page's file) makes this one parse again when it changes.
                let folder = URLPath.folder(of: path)
                if let read = URLPath.normalize(folder.isEmpty ? file : folder + "/" + file) { links.noteRead(read) }
                return ConfinedFile.text(at: file, from: layout.sourcePath(ofContentPath: folder), root: "", in: layout.source,
                                         maximumSize: Limits.markdownFileBytes)
            },
            pageFiles: { [layout = loaded.layout] in
                ConfinedFile.names(in: layout.sourcePath(ofContentPath: URLPath.folder(of: path)), root: "", source: layout.source)
            },
            htmlBlocks: parser.options.rawHTML == .keep, templates: theme.shortcodes,
            model: {
                let site = ShortcodeModel.site(configuration, data: loaded.data)
                let page = ShortcodeModel.page(frontMatter: frontMatter, title: frontMatter["title"]?.string, url: url, site: site,
                                               configuration: configuration)
                return ShortcodeTemplates.PageModel(page: .object(page), site: .object(site), language: language.isEmpty ? configuration.language : language)
            },
            processedImage: { [images] url, operation in images.processed(url, operation) },
            translate: { [strings] key, language, count in strings?.translation(key, in: language, count: count) })
        let expansion = ShortcodeExpander.expand(text, context: context)
        if let line = expansion.tooLargeAt {
            throw SiteError(file: display(path), line: line,
                            "the page grows past \(LimitWording.size(Limits.expandedPageBytes)) with its shortcodes (Limits: expanded page size); "
                                + "a shortcode makes more than a page may hold")
        }
        return expansion
    }

    private func display(_ contentPath: String) -> String {
        loaded.layout.display(contentPath: contentPath)
    }

    /// The second pass, on all cores: renders each page of `rendered` (those at `indices`,
    /// else all) with its template, its section neighbours at hand, and writes it — unless the
    /// memory says the output of the build before stands (comparing the facts in `facts`).
    func writePages(of rendered: RenderedSite, only indices: [Int]? = nil, facts: FactValues?) async throws {
        let pages = rendered.loaded.pages
        let chosen = indices ?? Array(pages.indices)
        let done = Counter()
        let context = rendered.context
        _ = try await Parallel.map(chosen.indices, perTask: { context.sites() }) { sites, position in
            let index = chosen[position]
            try write(rendered.parsed[index], site: sites[pages[index].language] ?? context.site(pages[index].language),
                      neighbours: rendered.neighbours[index], context: context, files: rendered.files,
                      layoutHTML: rendered.layoutHTML, facts: facts)
            observers.send(.pageRendered(url: pages[index].url, done: done.increment(), total: chosen.count))
        }
    }

    /// Parses a page, noting the link targets it looks up and the warnings it gives.
    /// `showsTitle`: whether the theme shows `page.title` (found out when not given).
    /// A Jekyll site's Liquid (`nil` for other sites), made once for a render: it knows every page.
    func jekyllLiquid() -> JekyllLiquid? {
        guard loaded.configuration.jekyllPermalinks != nil else { return nil }
        let parser = MarkdownParser(options: site.markdownParser.options)
        return JekyllLiquid(loaded: loaded) { page in
            // A post's excerpt: its first paragraph, as Jekyll's `excerpt_separator` cuts it.
            let body = (try? page.text.source().body) ?? ""
            let first = body.range(of: "\n\n").map { body[..<$0.lowerBound] } ?? body
            return parser.parse(MarkdownSource(frontMatter: .empty, body: first, bodyLineOffset: 0)).html
        }
    }

    func parse(_ page: Page, links: LinkResolver, showsTitle: Bool? = nil, liquid: JekyllLiquid? = nil) throws -> ParsedPage {
        let lookups = LinkLookups()
        let warnings = WarningLog()
        // A theme that shows the title shows it once: the heading that opens the text and gave it is left out.
        let showsTitle = showsTitle ?? theme.templates.mentions("page.title")
        let title: MarkdownParser.TitleHeading = showsTitle ? .omit(given: page.explicitTitle) : .keep
        let recording = links.recording(into: lookups, warnings: warnings)
        let content = try parseContent(try page.text.source(), at: page.sourcePath, url: page.url, language: page.language, links: recording,
                                   parser: parser(for: page.sourcePath, links: recording, title: title, language: page.language),
                                   liquid: liquid ?? jekyllLiquid())
        for warning in content.warnings { warnings.add(warning) }
        let markdown = content.markdown
        let summary = page.summary ?? Self.summary(markdown)
        let titleID = site.markdownParser.options.headingIDs ? markdown.omittedHeading?.id : nil
        var rendered = RenderedPage(page: page,
                                    title: page.explicitTitle ?? markdown.title
                                        ?? loaded.configuration.navigationTitles.map { $0[page.sourcePath] ?? page.fileTitle }
                                        ?? markdown.headings.first?.text ?? page.fileTitle,
                                    description: page.description ?? summary, summary: summary,
                                    headings: markdown.headings, content: markdown.html,
                                    data: page.data, titleID: titleID)
        for provider in site.pageData {
            for entry in provider(rendered).entries { rendered.data[entry.key] = entry.value }
        }
        return ParsedPage(revision: page.revision, page: rendered, lookups: lookups.all.sorted(),
                          warnings: warnings.all, includes: content.includes, templateTags: content.templateTags,
                          imageRequests: content.imageRequests)
    }

    private func write(_ parsed: ParsedPage, site siteValues: TemplateContext.SiteValues,
                       neighbours: (previous: RenderedPage?, next: RenderedPage?), context: TemplateContext,
                       files: PublishedFiles, layoutHTML: [String: String], facts: FactValues?) throws {
        let rendered = parsed.page.unspilled()
        let page = rendered.page
        let path = URLPath.outputFile(for: page.url)
        if let html = layoutHTML[page.url] {
            // Made by a Jekyll site's own layout: written as it is when it changed.
            if let text = try memory.rendering(path, .text(html), facts: facts, { _ in html }) {
                try output.write(site.htmlProcessors.reduce(text) { html, process in process(html, rendered, files) }, to: path,
                                 owner: .page(page, layout: loaded.layout))
            } else {
                output.keep(path, owner: .page(page, layout: loaded.layout))
            }
            return
        }
        // A layout of another generator's (`post`, `layouts/docs.njk`) renders with the page template.
        let template = page.layout.flatMap { theme.templates.has($0) ? $0 : nil } ?? "page"
        let given = context.top(site: siteValues, ["page": context.page(rendered, section: loaded.sections[page.sectionPath],
                                                                         previous: neighbours.previous, next: neighbours.next),
                                                   "head": context.head(of: rendered)], url: page.url)
        let made: String?
        do {
            made = try memory.rendering(path, given, facts: facts) { try theme.templates.render(template, with: $0) }
        } catch let error as SiteError {
            throw SiteError(file: error.file, line: error.line, error.message + " (rendering \(display(page.sourcePath)))")
        }
        guard let text = made else {
            output.keep(path, owner: .page(page, layout: loaded.layout))
            return
        }
        // A live build makes no copies: the preview makes each when a browser asks for it.
        let completed = files.images.settings.responsive ? ImageTags.completed(text, outputPath: path, files: files, copies: true) : text
        let html = site.htmlProcessors.reduce(completed) { html, process in process(html, rendered, files) }
        try output.write(html, to: path, owner: .page(page, layout: loaded.layout))
    }

    /// One warning for each `layout:` that names no template (the pages render with the page
    /// template, as Hugo does): how many pages name it, and the first.
    func missingLayouts(except jekyll: JekyllLayouts? = nil) -> [SiteError] {
        var named: [String: (count: Int, first: Page)] = [:]
        for page in loaded.pages {
            guard let layout = page.layout, !theme.templates.has(layout), jekyll?.isUnreadable(layout) != true,
                  jekyll?.draws(page.frontMatter, at: page.sourcePath, body: try? page.text.source().body) != true else { continue }
            let first = named[layout]?.first ?? page
            named[layout] = ((named[layout]?.count ?? 0) + 1, first)
        }
        return named.sorted { $0.key < $1.key }.map { layout, found in
            let others = found.count == 1 ? "" : " (and \(found.count - 1) more \(found.count == 2 ? "page" : "pages"))"
            // Zola's `template = "x.html"` is read as `layout: x`.
            let frontMatter = found.first.frontMatter
            let key = frontMatter["layout"] == nil && frontMatter["template"] != nil ? "template" : "layout"
            let written = key == "layout" ? "layout: \(layout)" : "template = \(frontMatter["template"]?.string ?? layout)"
            // A Jekyll site draws its pages with its own layouts: that is where one goes.
            let advice = loaded.configuration.jekyllPermalinks != nil
                ? "Add _layouts/\(layout).html (drawn as Jekyll draws it) or templates/\(layout).mustache to give it one"
                : "Add templates/\(layout).mustache to give it one"
            return SiteError(file: display(found.first.sourcePath), line: frontMatter.line(of: key),
                             "`\(written)` names no template\(others); rendered with the page template. " + advice)
        }
    }

    /// Each section's pages in the section's order.
    static func sectionOrders(_ pages: [RenderedPage], sections: [String: Section]) -> [String: [RenderedPage]] {
        sections.mapValues { ListRenderer.sorted($0.pageIndices.map { pages[$0] }, by: $0.sort) }
    }

    /// Each page's previous and next page in its section's order; for the pages in
    /// `readingOrder` (a `SUMMARY.md`'s chapters, by content path), in that order.
    static func neighbours(_ pages: [RenderedPage], orders: [String: [RenderedPage]],
                           readingOrder: [String] = []) -> [(previous: RenderedPage?, next: RenderedPage?)] {
        var result = [(previous: RenderedPage?, next: RenderedPage?)](repeating: (nil, nil), count: pages.count)
        var indexOf: [String: Int] = [:]
        for (index, page) in pages.enumerated() { indexOf[page.page.sourcePath] = index }
        for ordered in orders.values {
            for (position, page) in ordered.enumerated() {
                guard let index = indexOf[page.page.sourcePath] else { continue }
                result[index] = (position > 0 ? ordered[position - 1] : nil,
                                 position + 1 < ordered.count ? ordered[position + 1] : nil)
            }
        }
        let chapters = readingOrder.compactMap { indexOf[$0] }
        for (position, index) in chapters.enumerated() {
            result[index] = (position > 0 ? pages[chapters[position - 1]] : nil,
                             position + 1 < chapters.count ? pages[chapters[position + 1]] : nil)
        }
        return result
    }

    /// The text before `<!--more-->` as plain text, else the first paragraph.
    static func summary(_ markdown: Markdown) -> String {
        guard let more = HTMLScan.range(of: "<!--more-->", in: markdown.html) else { return markdown.summary ?? "" }
        var text = ""
        var inTag = false
        for character in markdown.html[..<more.lowerBound] {
            // Tags go without a trace (cmark puts a line break between blocks).
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
    }
}
