import Foundation
import SitegenMarkdown
import SitegenLimits

/// Reads a content folder into a ``LoadedSite``: finds the Markdown files and static files,
/// reads front matter (in parallel), places each page at its URL and forms the sections.
/// (That no two outputs share a path is checked as they are written: ``OutputWriter``.)
struct ContentLoader {
    let layout: SiteLayout
    let configuration: SiteConfiguration
    let options: BuildOptions
    /// What the loads before left: unchanged files are not read again.
    var memory: (any LoadingMemory)?

    /// Markdown files larger than this are not read: a page is held in memory several times
    /// over while it is parsed and rendered.
    static let maximumMarkdownBytes = Limits.markdownFileBytes

    /// What turns each file's front matter into its page.
    var pageReader: PageReader {
        PageReader(layout: layout, configuration: configuration, options: publishing)
    }

    /// The options, with what the configuration publishes besides (Hugo's `buildDrafts`…).
    private var publishing: BuildOptions {
        var options = options
        options.includeDrafts = options.includeDrafts || configuration.publishes.drafts
        options.includeFuture = options.includeFuture || configuration.publishes.future
        options.includeExpired = options.includeExpired || configuration.publishes.expired
        return options
    }

    func load() async throws -> LoadedSite {
        let walker = FolderWalker(layout: layout, configuration: configuration)
        let found = try findFiles(walker)
        var warnings = found.warnings
        // A program's documents without a page are a mistake (a path without `content/`?), not a bare folder.
        if found.markdown.isEmpty && layout.source.folder == nil {
            throw SiteError(file: layout.content.isEmpty ? "content/" : layout.contentShown,
                            "the site's documents hold no Markdown page (.md, .markdown)"
                            + (layout.content.isEmpty ? " and no content/ folder" : "")
                            + "; give each page a path such as content/index.md or content/posts/first.md")
        }
        // Unless a warning already says why nothing was read (a content folder linked from outside).
        if found.markdown.isEmpty && found.warnings.isEmpty {
            let shown = layout.content.isEmpty ? (layout.folder?.lastPathComponent ?? "") + "/" : layout.contentShown
            warnings.append(SiteError(file: shown, "holds no Markdown files (.md, .markdown), so the site has no pages but "
                                      + "its home page; add pages there, or build the folder that holds them"))
        }
        let sources = try await readSources(found.markdown, from: walker.source)
        var errors: [SiteError] = []
        let markdown = found.markdown
        warnings += try await Parallel.map(markdown.indices) { index in
            frontMatterWarnings(sources[index].0.frontMatter, path: markdown[index])
        }.flatMap { $0 }
        var pages: [Page] = []
        var indexFiles: [String: (path: String, source: MarkdownSource)] = [:]
        let summary = try found.summary.flatMap { path throws(SiteError) in
            guard let index = found.markdown.firstIndex(of: path) else { return nil }
            let source = try sources[index].0.source()
            return BookSummary(body: source.body, sourcePath: path, firstLine: source.bodyLineOffset + 1)
        } ?? configuration.navigation
        // Sections, bundles and URLs follow each file's site path (`posts/hello.fr.md` is `fr/posts/hello.md`).
        let placement = LanguagePlacement(configuration: configuration)
        let places = found.markdown.map(placement.place)
        var fileOfSitePath: [String: String] = [:]
        for (path, place) in zip(found.markdown, places) {
            if let other = fileOfSitePath.updateValue(path, forKey: place.sitePath) {
                errors.append(SiteError(file: displayPath(path), "is the same page as \(displayPath(other)) (both are "
                                        + "\(place.sharedPath) in `\(place.language)`); remove or rename one"))
            }
        }
        let shownSitePath = { [fileOfSitePath] (sitePath: String) in displayPath(fileOfSitePath[sitePath] ?? sitePath) }
        let indexes = SectionIndexes(markdown: zip(found.markdown, places).filter { $0.0 != found.summary }.map(\.1.sitePath),
                                     chapters: Set((summary?.readingOrder ?? []).map { placement.place($0).sitePath }),
                                     display: shownSitePath)
        warnings += indexes.warnings
        let folderOfIndex = Dictionary(uniqueKeysWithValues: indexes.files.map { ($0.value, $0.key) })
        let bundleFolders = indexes.bundleFolders
        // A Hugo section's `slug` (in its `_index.md`) is its folder's name in every URL below it.
        var configuration = configuration
        if configuration.hugo != nil {
            let sourceOfSitePath = Dictionary(zip(places.map(\.sitePath), sources.map(\.0)), uniquingKeysWith: { first, _ in first })
            for (folder, file) in indexes.files where !folder.isEmpty {
                guard let slug = sourceOfSitePath[file]?.frontMatter["slug"]?.string,
                      !slug.isEmpty, !slug.contains("/"), slug != ".", slug != ".." else { continue }
                configuration.hugo?.sectionSlugs[folder] = slug
            }
        }
        // The layouts jekyll-default-layout gives pages that name none, among those the site has.
        if configuration.jekyllPermalinks != nil {
            configuration.jekyllPermalinks?.defaultLayouts = Set(JekyllPermalinkRules.impliedLayoutNames.filter {
                JekyllPageFiles.layoutText($0, in: walker.source) != nil
            })
        }
        let reader = PageReader(layout: layout, configuration: configuration, options: publishing)
        // Pages made before are kept while what places them is the same: the bundles, the sections' slugs, the implied layouts.
        let placing = bundleFolders.union((configuration.hugo?.sectionSlugs ?? [:]).map { "\u{0}" + $0.key + "\u{0}" + $0.value })
            .union((configuration.jekyllPermalinks?.defaultLayouts ?? []).map { "\u{0}layout\u{0}" + $0 })
        let known = memory?.pages(bundleFolders: placing) ?? [:]
        var made: [Page] = []
        var stillKnown = 0
        var toMake: [(path: String, text: PageText, revision: Int)] = []
        var placeOf: [String: LanguagePlacement.Place] = [:]
        for (path, ((text, revision), place)) in zip(found.markdown, zip(sources, places)) {
            if path == found.summary { continue }
            if let folder = folderOfIndex[place.sitePath] {
                var source = try text.source()
                // A Jekyll site's Markdown `index.md` gets its `defaults:` and implied layout too.
                if let rules = configuration.jekyllPermalinks, path.hasSuffix(".md") || path.hasSuffix(".markdown") {
                    source = MarkdownSource(frontMatter: JekyllPermalink.frontMatter(source.frontMatter, of: place.sitePath, isMarkdown: true, rules: rules),
                                            body: source.body, bodyLineOffset: source.bodyLineOffset)
                }
                indexFiles[folder] = (path, source)
                continue
            }
            if indexes.leftOut.contains(place.sitePath) { continue }
            if placement.placesByLanguage { placeOf[path] = place }
            if let page = known[path] {
                stillKnown += 1
                if page.revision == revision {
                    pages.append(page)
                    continue
                }
            }
            toMake.append((path, text, revision))
        }
        // Pages are made on all cores; errors are gathered in file order.
        let madePages = try await Parallel.map(toMake.indices) { [reader, toMake, placeOf] index in
            let (path, text, revision) = toMake[index]
            do throws(SiteError) {
                return Result<Page?, SiteError>.success(try reader.page(path: path, text: text, bundleFolders: bundleFolders,
                                                                            place: placeOf[path])
                    .map { page in
                        var page = page
                        page.revision = revision
                        return page
                    })
            } catch {
                return .failure(error)
            }
        }
        for result in madePages {
            switch result {
            case .success(let page?):
                pages.append(page)
                if page.revision != 0 { made.append(page) }
            case .success(nil):
                break
            case .failure(let error):
                errors.append(error)
            }
        }
        pages.sort { $0.sourcePath < $1.sourcePath }
        memory?.keep(made: made, all: stillKnown == known.count ? nil : pages)
        let tree = SectionTree(layout: layout, languages: configuration.publishedLanguages, keepsFileNames: configuration.keepFileNames)
        if configuration.title.isEmpty { configuration.title = tree.siteTitle(indexFiles: indexFiles, pages: pages) }
        // A book without a page of its own at the top opens at its first chapter, as mdBook's `index.html` does.
        if indexFiles[""] == nil, !placement.isMultilingual, let first = summary?.readingOrder.first,
           let index = found.markdown.firstIndex(of: first) {
            indexFiles[""] = (first, try sources[index].0.source())
        }
        var sections = tree.sections(pages: pages, indexFiles: indexFiles, siteTitle: configuration.title, errors: &errors)
        // After the sections are formed: a folder of redirects keeps its list, as Jekyll's folder kept its page.
        let redirects = found.isJekyll ? JekyllRedirects.apply(to: &pages, sections: &sections, display: displayPath) : JekyllRedirects()
        // Jekyll publishes no page for `_posts/` or a collection's folder.
        if found.isJekyll {
            for path in Array(sections.keys) where path.split(separator: "/").contains(where: { $0.hasPrefix("_") }) {
                sections[path]?.hasListPage = false
            }
            // A folder's `index.html` without front matter is its page, copied as it is, as Jekyll copies it.
            for file in found.otherFiles where ["index.html", "index.htm"].contains(URLPath.lastComponent(of: file)) {
                sections[URLPath.folder(of: file)]?.hasListPage = false
            }
        }
        // A page whose own `permalink` is its folder's URL (Eleventy's `blog/blog.md` at `/blog/`) is the
        // folder's page, as in the generators that write such permalinks: the folder gets no list.
        for page in pages where page.frontMatter["url"] == nil && PageReader.permalinkPath(page.frontMatter["permalink"]) != nil {
            guard let section = sections[page.sectionPath], !section.path.isEmpty, section.sourcePath == nil,
                  URLPath.outputFile(for: section.url) == URLPath.outputFile(for: page.url) else { continue }
            sections[page.sectionPath]?.hasListPage = false
        }
        errors += redirects.errors
        let taxonomyContent = configuration.hugo?.settle(&sections, configuration: configuration) ?? [:]
        if placement.isMultilingual {
            warnings += Self.untranslatedOriginals(of: pages, configuration: configuration, display: displayPath)
            errors += Self.sharedTranslationKeys(of: pages, display: displayPath)
        }
        warnings += Self.addRedirects(configuration.redirects, to: &pages, &sections, file: configurationFile)
        warnings += AliasClaims.settle(pages: &pages, sections: &sections, display: displayPath)
        if let summary { warnings += summaryWarnings(summary, markdown: found.markdown, pages: pages, indexFiles: indexFiles) }
        let staticFiles = layout.staticFiles.map { walker.list($0, shownAs: $0 + "/") } ?? FolderWalker.Listing()
        warnings += staticFiles.warnings
        errors += staticFiles.errors
        let extraFiles = Self.extraFiles(configuration.extraFiles, of: layout, content: found, walker: walker)
        warnings += extraFiles.warnings
        var files = extraFiles.files + StaticFilePlacement(layout: layout, placement: placement).files(found.otherFiles, staticFiles: staticFiles.files,
                                                                                   bundleFolders: bundleFolders, pages: pages)
        if let themes = configuration.hugo?.themes, !themes.isEmpty {
            let taken = Set(files.map(\.outputPath) + pages.flatMap { [$0.url] + $0.aliases }.map { URLPath.outputFile(for: $0) })
            let themeFiles = Self.hugoThemeFiles(themes, walker: walker, taken: taken, taxonomies: configuration.taxonomies)
            (warnings, errors, files) = (warnings + themeFiles.warnings, errors + themeFiles.errors, files + themeFiles.files)
        }
        // Templates, data files and i18n/ are read later (by the theme, by DataFiles): what they leave out is said here, once.
        for (folder, name, accepted) in [(layout.templates, "templates/", SiteLayout.isTemplate),
                                         (layout.data, "data/", layout.data == "_data" ? DataFiles.isJekyllDataFile : DataFiles.isDataFile),
                                         (layout.strings, "i18n/", DataFiles.isDataFile)] {
            guard let folder else { continue }
            let listing = walker.list(folder, shownAs: name, verb: "read", recursive: false, accepting: accepted)
            warnings += listing.warnings
            errors += listing.errors
        }
        if !errors.isEmpty { throw SiteErrors(errors: errors.sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }) }
        // Zola's `redirect_to` names a page of the site; a Jekyll folder's page redirects to any address (JekyllRedirects).
        for section in sections.values.sorted(by: { $0.path < $1.path })
        where section.source.frontMatter["redirect_to"] != nil && configuration.jekyllPermalinks == nil {
            guard Self.redirectTarget(of: section.source.frontMatter, from: section.path, in: pages, sections) == nil else { continue }
            let redirect = section.source.frontMatter["redirect_to"]?.string ?? ""
            warnings.append(SiteError(file: section.sourcePath, line: section.source.frontMatter.line(of: "redirect_to"),
                                      "`redirect_to = \(redirect)` names no page of the site; the section keeps its list page"))
        }
        var loaded = LoadedSite(layout: layout.following(configuration), configuration: Self.withTaxonomies(of: pages, in: configuration), pages: pages,
                                sections: sections, files: files)
        loaded.summary = summary
        let foreignMenus = foreignMenus(in: walker.source)
        loaded.menus = SiteMenus(configured: configuration.menus.merging(foreignMenus.menus, uniquingKeysWith: +), pages: pages,
                                 sections: sections, languages: configuration.publishedLanguages, hugo: configuration.hugo,
                                 display: displayPath)
        warnings += foreignMenus.warnings + loaded.menus.warnings
        loaded.notes = found.notes
        loaded.redirects = redirects.redirects
        loaded.feedPaths = found.feedPaths
        loaded.liquidFiles = found.liquidFiles
        loaded.taxonomyContent = taxonomyContent
        loaded.warnings = warnings.sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }
        return loaded
    }

    /// The menus a Jekyll site keeps beside its configuration (``JekyllNavigation``).
    private func foreignMenus(in source: any SiteSource) -> (menus: [String: [MenuEntry]], warnings: [SiteError]) {
        guard let file = layout.foreignConfiguration, URLPath.lastComponent(of: file).hasPrefix("_config.") else { return ([:], []) }
        return JekyllNavigation.menus(in: source)
    }

    /// The files a configuration publishes from the site folder (``SiteConfiguration/extraFiles``)
    /// that the content does not publish already: each a regular file whose real path is inside
    /// the site folder (or anywhere, with `followLinksOutside`); one warning for each other.
    private static func extraFiles(_ paths: [String], of layout: SiteLayout, content: FoundFiles,
                                   walker: FolderWalker) -> (files: [LoadedSite.StaticFile], warnings: [SiteError]) {
        var files: [LoadedSite.StaticFile] = [], warnings: [SiteError] = []
        let published = Set(content.otherFiles.map { layout.contentShown + $0 })
        for path in paths where !published.contains(path) {
            let isFile = if let disk = walker.source.folder {
                FileSystem.resolved(disk.diskPath(path)).map { FileSystem.kind($0) == .file && disk.allows($0) } ?? false
            } else {
                URLPath.normalize(path) == path && walker.source.isFile(path)
            }
            guard isFile else {
                warnings.append(SiteError(file: layout.configurationFileShown, "\(path) is not a file inside the site folder; it is not published"))
                continue
            }
            files.append(.init(path: path, outputPath: path, contentPath: nil))
        }
        return (files, warnings)
    }

    /// The configuration file, as messages name it.
    private var configurationFile: String? {
        layout.configurationFileShown
    }

    /// Gives each redirect's page (or list page) the old path as an alias; one warning for each
    /// redirect that leads to no page of the site. A `#fragment` of the target is not kept.
    static func addRedirects(_ redirects: [Redirect], to pages: inout [Page], _ sections: inout [String: Section],
                             file: String?) -> [SiteError] {
        guard !redirects.isEmpty else { return [] }
        var pageAt: [String: Int] = [:]
        for (index, page) in pages.enumerated() { pageAt[page.url] = index }
        let sectionAt = Dictionary(sections.values.map { ($0.url, $0.path) }, uniquingKeysWith: { first, _ in first })
        var warnings: [SiteError] = []
        for redirect in redirects {
            let target = String(redirect.to.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            var url = URLPath.explicitURL(target)
            if let found = url, found.hasSuffix("/index.html") { url = String(found.dropLast("index.html".count)) }
            if let url, let index = pageAt[url] ?? pageAt[url + "/"] {
                pages[index].aliases.append(redirect.from)
            } else if let url, let path = sectionAt[url] ?? sectionAt[url + "/"] {
                sections[path]?.aliases.append(redirect.from)
            } else {
                warnings.append(SiteError(file: file, "the redirect from \(redirect.from) leads to \(redirect.to), which is no page of the site; "
                                          + "it is not published"))
            }
        }
        return warnings
    }

    /// Where Zola's `redirect_to` leads: a URL (`https://…`), or the URL path of a page or section
    /// of the site, given from the site's root (`documentation/getting-started/`); `nil` when
    /// it names none of them.
    /// A Zola site built from a folder above its own (`docs/content/…` inside a repository) is
    /// tried too: the path from each folder above `folder`, the section's, shallowest first.
    static func redirectTarget(of frontMatter: FrontMatter, from folder: String, in pages: [Page],
                               _ sections: [String: Section]) -> String? {
        guard let given = frontMatter["redirect_to"]?.string?.trimmingCharacters(in: .whitespaces), !given.isEmpty else { return nil }
        if given.hasPrefix("https://") || given.hasPrefix("http://") { return given }
        var roots = [""], root = ""
        for component in folder.split(separator: "/") {
            root += component + "/"
            roots.append(root)
        }
        for root in roots {
            guard let path = URLPath.explicitURL("/" + root + (given.hasPrefix("/") ? given.dropFirst() : given[...])) else { continue }
            let candidates = path.hasSuffix("/") ? [path] : [path, path + "/"]
            if let found = candidates.first(where: { url in pages.contains { $0.url == url } || sections.values.contains { $0.url == url } }) {
                return found
            }
        }
        return nil
    }

    /// One warning for each translation (a page not in the default language) of a page the
    /// default language does not have: a `post.fr.md` without `post.md`, a `translationKey`
    /// that no page of the default language gives.
    static func untranslatedOriginals(of pages: [Page], configuration: SiteConfiguration,
                                      display: (String) -> String) -> [SiteError] {
        let defaultCode = configuration.language
        let originals = Set(pages.filter { $0.language == defaultCode }.map(\.translationKey))
        let names = Dictionary(configuration.publishedLanguages.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })
        return pages.filter { $0.language != defaultCode && !originals.contains($0.translationKey) }.map { page in
            let key = page.frontMatter["translationKey"] != nil
            let original = key ? "no page of `\(defaultCode)` has `translationKey: \(page.translationKey)`"
                : "\(page.translationKey) (in `\(defaultCode)`) does not exist"
            return SiteError(file: display(page.sourcePath), line: key ? page.frontMatter.line(of: "translationKey") : nil,
                             "is a translation (\(names[page.language] ?? page.language)) whose original is missing: \(original); "
                             + "it is published, with no link to a page in \(names[defaultCode] ?? defaultCode)")
        }
    }

    /// One error for each page that shares its `translationKey` with another page of its own
    /// language: both cannot be the translation of one page, and pairing one of them silently
    /// would hide the other from the language switcher.
    static func sharedTranslationKeys(of pages: [Page], display: (String) -> String) -> [SiteError] {
        var first: [String: Page] = [:]
        var errors: [SiteError] = []
        for page in pages {
            let key = page.language + "\u{0}" + page.translationKey
            guard let other = first[key] else {
                first[key] = page
                continue
            }
            // Two files of one path in one language are reported as the same page already.
            guard page.frontMatter["translationKey"] != nil || other.frontMatter["translationKey"] != nil else { continue }
            let explicit = page.frontMatter["translationKey"] != nil ? page : other
            errors.append(SiteError(file: display(explicit.sourcePath), line: explicit.frontMatter.line(of: "translationKey"),
                                    "is the same translation (`translationKey: \(page.translationKey)` in `\(page.language)`) as "
                                    + "\(display((explicit.sourcePath == page.sourcePath ? other : page).sourcePath)); give one of them another `translationKey`"))
        }
        return errors
    }

    /// `configuration` with the taxonomies the pages use beyond those it names: Hugo's
    /// `categories` and the keys of Zola's `[taxonomies]` tables get term pages too.
    static func withTaxonomies(of pages: [Page], in configuration: SiteConfiguration) -> SiteConfiguration {
        var used: Set<String> = []
        for page in pages {
            for (taxonomy, terms) in page.terms where !terms.isEmpty && taxonomy != "tags" { used.insert(taxonomy) }
        }
        let added = used.subtracting(configuration.taxonomies).sorted()
        guard !added.isEmpty else { return configuration }
        var extended = configuration
        extended.taxonomies += added
        return extended
    }

    // MARK: Finding files

    private struct FoundFiles {
        var markdown: [String] = []
        var otherFiles: [String] = []
        var warnings: [SiteError] = []
        /// mdBook's `SUMMARY.md`, if the content has one: at the top, or in `src/` of a bare folder.
        var summary: String?
        /// Whether the site is Jekyll's (it has a `_config.yml`).
        var isJekyll = false
        /// Files replaced by sitegen's own output (``JekyllPageFiles``), one note each.
        var notes: [SiteError] = []
        /// More paths of the site's Atom feed (``JekyllPageFiles/feedPaths``).
        var feedPaths: [String] = []
        /// Files whose Liquid runs before they are written (``JekyllPageFiles/liquidFiles``).
        var liquidFiles: [String] = []
    }

    private func findFiles(_ walker: FolderWalker) throws(SiteErrors) -> FoundFiles {
        let skipped: Set<String> = layout.content.isEmpty ? ["templates", "static", "data"] : []
        let listing = walker.list(layout.content, shownAs: layout.contentShown, skipping: skipped, only: layout.contentFolders.keys)
        guard listing.errors.isEmpty else { throw SiteErrors(errors: listing.errors) }
        var found = FoundFiles(warnings: listing.warnings)
        let jekyll = JekyllFolders(source: walker.source, includesDrafts: publishing.includeDrafts)
        for relative in listing.files {
            if layout.content.isEmpty && (SiteLayout.ownConfigurationNames.contains(relative) || relative == layout.foreignConfiguration.map(URLPath.lastComponent)) { continue }
            if let jekyll, !jekyll.isContent(relative) { continue }
            if relative.hasSuffix(".md") || relative.hasSuffix(".markdown") || (jekyll != nil && JekyllFolders.isMarkdown(relative)) {
                found.markdown.append(relative)
            } else {
                found.otherFiles.append(relative)
            }
        }
        if jekyll != nil {
            let pageFiles = JekyllPageFiles(files: found.otherFiles, markdown: found.markdown, content: layout.content, in: walker.source,
                                            display: displayPath)
            found.isJekyll = true
            found.markdown += pageFiles.pages
            found.otherFiles = pageFiles.otherFiles
            found.notes = pageFiles.notes
            found.feedPaths = pageFiles.feedPaths
            // jekyll-feed's feed keeps its URL, unless the site has a file there.
            if let path = JekyllFeed.path(in: configuration.params), !found.feedPaths.contains(path),
               !found.otherFiles.contains(path), !pageFiles.liquidFiles.contains(path) {
                found.feedPaths.append(path)
            }
            found.liquidFiles = pageFiles.liquidFiles
        } else if configuration.hugo != nil {
            let pageFiles = HugoPageFiles(files: found.otherFiles, content: layout.content, in: walker.source, display: displayPath)
            found.markdown += pageFiles.pages
            found.otherFiles = pageFiles.otherFiles
            found.warnings += pageFiles.warnings
            found.notes += Self.hugoLayoutNotes(in: walker.source)
        }
        if let templates = configuration.themeTemplateFolder {
            let isTemplate = { (path: String) in path.hasPrefix(templates + "/") && (path.hasSuffix(".html") || path.hasSuffix(".htm")) }
            for path in found.otherFiles where isTemplate(path) {
                found.notes.append(SiteError(file: displayPath(path), "MkDocs' theme template (`theme.custom_dir`); sitegen draws "
                                             + "the site with its own theme and does not publish it"))
            }
            found.otherFiles.removeAll(where: isTemplate)
        }
        found.markdown.sort()
        found.otherFiles.sort()
        let summaries = layout.content.isEmpty ? ["SUMMARY.md", "src/SUMMARY.md"] : ["SUMMARY.md"]
        found.summary = summaries.first { found.markdown.contains($0) }
        return found
    }

    /// The files of the `static/` folder of each of Hugo's `themes` (in `themes/`) that no
    /// output of the site (`taken`: its files, pages and aliases) or of a theme before it has,
    /// and that are not where sitegen writes its lists, feeds and indexes (`index.html`,
    /// `index.xml`, `404.html`, `sitemap.xml`…, anything below a taxonomy's folder or a pager's
    /// `page/`): Hugo publishes them under the site's own. A theme without a folder is a warning.
    private static func hugoThemeFiles(_ themes: [String], walker: FolderWalker, taken: Set<String>, taxonomies: [String])
        -> (files: [LoadedSite.StaticFile], warnings: [SiteError], errors: [SiteError]) {
        var taken = taken
        var found: (files: [LoadedSite.StaticFile], warnings: [SiteError], errors: [SiteError]) = ([], [], [])
        let generatedNames: Set<String> = ["index.html", "index.xml", "404.html", "sitemap.xml", "robots.txt", "atom.xml", "rss.xml"]
        let generatedFolders = taxonomies.map { $0 + "/" } + ["page/"]
        let isGenerated = { (path: String) in
            generatedNames.contains(URLPath.lastComponent(of: path)) || generatedFolders.contains { path.hasPrefix($0) } || path.contains("/page/")
        }
        for theme in themes {
            let folder = "themes/\(theme)/static"
            guard HugoURLRules.isThemeName(theme), walker.source.isFolder("themes/\(theme)") else {
                found.warnings.append(SiteError(file: "themes/\(theme)/", "`theme = \"\(theme)\"` names no folder of themes/; "
                                                + "the theme's static files and words are not read"))
                continue
            }
            guard walker.source.isFolder(folder) else { continue }
            let listing = walker.list(folder, shownAs: folder + "/")
            found.warnings += listing.warnings
            found.errors += listing.errors
            for path in listing.files where !isGenerated(path) && taken.insert(path).inserted {
                var file = LoadedSite.StaticFile(path: folder + "/" + path, outputPath: path, contentPath: nil)
                file.isHugoThemeFile = true
                found.files.append(file)
            }
        }
        return found
    }

    /// One note for the site's `layouts/` and for each theme's that holds more than shortcode
    /// files: Hugo's page layouts are not run (its shortcodes are).
    private static func hugoLayoutNotes(in source: any SiteSource) -> [SiteError] {
        let themes = ((try? source.entries(in: "themes")) ?? []).filter { $0.kind == .folder }.map { "themes/\($0.name)/layouts" }.sorted()
        return (["layouts"] + themes).compactMap { folder in
            let entries = (try? source.entries(in: folder)) ?? []
            guard entries.contains(where: { !["shortcodes", "_shortcodes"].contains($0.name) && !$0.name.hasPrefix(".") }) else { return nil }
            return SiteError(file: folder + "/", "Hugo's page layouts are not run: sitegen draws the pages with its own theme "
                             + "(the shortcode files are run)")
        }
    }

    /// The warnings about a page's front matter that do not stop the build: keys given twice,
    /// dates that cannot be read, another generator's permalink.
    private func frontMatterWarnings(_ frontMatter: FrontMatter, path: String) -> [SiteError] {
        var warnings: [SiteError] = []
        for key in frontMatter.repeatedKeys {
            warnings.append(SiteError(file: displayPath(path), line: frontMatter.line(of: key),
                                      "`\(key)` is given more than once; the last one counts"))
        }
        for (key, value) in PageReader.unreadableDates(in: frontMatter) {
            let shown = value.string.map { "`\(key): \($0)`" } ?? "`\(key)`"
            warnings.append(SiteError(file: displayPath(path), line: frontMatter.line(of: key),
                                      "\(shown) is not a date sitegen can read (such as 2026-01-05, 2026-01-05T10:30:00Z or "
                                      + "Jan 5, 2026); the page is built without it"
                                      + (key == "date" ? ", dated by its file name if that starts with one" : "")))
        }
        // A Jekyll site's patterns are Jekyll's own: its pages get their URLs (JekyllPermalink).
        if frontMatter["url"] == nil, let permalink = frontMatter["permalink"]?.string,
           PageReader.permalinkPath(.string(permalink)) == nil,
           configuration.jekyllPermalinks == nil || permalink.contains("{{") || permalink.contains("{%") {
            warnings.append(SiteError(file: displayPath(path), line: frontMatter.line(of: "permalink"),
                                      "`permalink: \(permalink)` is a template of another generator; the page keeps "
                                      + "the URL of its file (give it a `url` to choose one)"))
        }
        return warnings
    }

    /// Reads every Markdown file and its front matter from `source`, on all cores, holding the
    /// bodies of the first ``BuildOptions/heldMarkdownBytes`` of Markdown it reads and leaving
    /// the others in their files (``PageText``).
    private func readSources(_ paths: [String], from source: any SiteSource) async throws -> [(PageText, Int)] {
        // On disk, where a live build's memory stamps the files; the walk confined them already.
        let contentOnDisk = layout.contentOnDisk?.standardizedFileURL.path
        let layout = layout
        let shownPrefix = layout.contentShown
        let memory = memory
        let heldBytes = options.heldMarkdownBytes
        let held = Counter()
        let file = { @Sendable (path: String) in contentOnDisk.map { $0 + "/" + path } ?? layout.sourcePath(ofContentPath: path) }
        let reader = Self.textReader(layout: layout, source: source)
        let results = await withTaskGroup(of: [(Int, Result<(PageText, Int), SiteError>)].self) { group in
            for chunk in Parallel.chunks(paths.count) {
                group.addTask {
                    chunk.map { index in
                        let path = paths[index]
                        do {
                            let read = { () throws -> PageText in
                                let source = try MarkdownSource(text: reader.text(path))
                                return held.add(source.body.utf8.count) > heldBytes
                                    ? PageText(leaving: source, in: path, read: reader) : PageText(holding: source)
                            }
                            if let memory {
                                return (index, .success(try memory.source(at: file(path), path: path, read: read)))
                            }
                            return (index, .success((try read(), 0)))
                        } catch let error as MarkdownError {
                            return (index, .failure(SiteError(file: shownPrefix + path, line: error.line,
                                                              error.message + Self.fixHint(error.message))))
                        } catch let error as SiteError {
                            return (index, .failure(error))
                        } catch {
                            return (index, .failure(SiteError(file: shownPrefix + path, "cannot read the file: \(error)")))
                        }
                    }
                }
            }
            var results = [Result<(PageText, Int), SiteError>?](repeating: nil, count: paths.count)
            for await chunk in group { for (index, result) in chunk { results[index] = result } }
            return results
        }
        var sources: [(PageText, Int)] = []
        var errors: [SiteError] = []
        for result in results {
            switch result {
            case .success(let source)?: sources.append(source)
            case .failure(let error)?: errors.append(error)
            case nil: break
            }
        }
        if !errors.isEmpty { throw SiteErrors(errors: errors) }
        return sources
    }

    /// Reads the text of the content file at a content path (again) for ``PageText``: from the
    /// content folder on disk, else through `source`; checked to be UTF-8 (``UTF8Problem``),
    /// with line ends as ``text(_:)`` reads them; errors name the file.
    static func textReader(layout: SiteLayout, source: any SiteSource) -> PageText.Reader {
        let contentOnDisk = layout.contentOnDisk?.standardizedFileURL.path
        let shownPrefix = layout.contentShown
        let file = { @Sendable (path: String) in contentOnDisk.map { $0 + "/" + path } ?? layout.sourcePath(ofContentPath: path) }
        return PageText.Reader(text: { path throws(SiteError) in
            do {
                let text = try contentOnDisk == nil ? source.text(of: file(path), maximumSize: Self.maximumMarkdownBytes)
                    : RegularFile.text(of: file(path), maximumSize: Self.maximumMarkdownBytes)
                let problem = try UTF8Problem.of(text) {
                    try contentOnDisk == nil ? source.contents(of: file(path), maximumSize: Self.maximumMarkdownBytes)
                        : RegularFile.contents(of: file(path), maximumSize: Self.maximumMarkdownBytes)
                }
                if let problem { throw SiteError(file: shownPrefix + path, line: problem.line, problem.message) }
                return Self.text(text)
            } catch let failure as RegularFile.Failure {
                throw SiteError(file: shownPrefix + path, failure.reason)
            } catch let error as SiteError {
                throw SiteError(file: shownPrefix + path, line: error.line, error.message)
            } catch {
                throw SiteError(file: shownPrefix + path, "cannot read the file: \(error)")
            }
        }, shown: { shownPrefix + $0 })
    }

    /// A content file's text with Windows line ends (`\r\n`) and old Mac ones (`\r` alone, a
    /// line end to CommonMark too) read as `\n`: every line stays where it was, and what reads
    /// the text line by line (its front matter, a `SUMMARY.md`, MkDocs' admonitions, tag counts)
    /// sees the lines the editor wrote — `\r\n` is one Character in Swift, which text split at
    /// `\n` would not see.
    static func text(_ text: String) -> String {
        guard HTMLScan.contains("\r", in: text[...]) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// What to fix, after a front matter error's message (which starts with its format).
    private static func fixHint(_ message: String) -> String {
        if message.hasSuffix("after the ---") { return "" }
        if message.hasPrefix("TOML") { return ". Fix the TOML between the +++ lines." }
        if message.hasPrefix("JSON") { return ". Fix the JSON object at the top of the file." }
        return ". Fix the YAML between the --- lines."
    }

    private func displayPath(_ path: String) -> String {
        layout.display(contentPath: path)
    }

    /// What a `SUMMARY.md` names that is not there, and the pages it leaves out of the
    /// navigation (one warning for all of them).
    private func summaryWarnings(_ summary: BookSummary, markdown: [String], pages: [Page],
                                 indexFiles: [String: (path: String, source: MarkdownSource)]) -> [SiteError] {
        let file = summary.sourcePath.isEmpty ? configurationFile ?? "" : displayPath(summary.sourcePath)
        let exists = Set(markdown)
        var warnings: [SiteError] = []
        for chapter in summary.chapters where !exists.contains(chapter.path ?? "") {
            warnings.append(SiteError(file: file, line: chapter.line, "the chapter \"\(chapter.title)\" links to \(chapter.target), "
                                      + "which is not a Markdown file of the content folder; it is left out of the navigation"))
        }
        // The book is what is beside and below SUMMARY.md; the home page is not a chapter.
        let listed = Set(summary.readingOrder)
        let folder = URLPath.folder(of: summary.sourcePath)
        let inBook = { (path: String) in !listed.contains(path) && (folder.isEmpty || path.hasPrefix(folder + "/")) }
        let missing = pages.map(\.sourcePath).filter(inBook)
            + indexFiles.filter { !$0.key.isEmpty }.map(\.value.path).filter(inBook).sorted()
        if let first = missing.first {
            let count = missing.count == 1 ? "1 page is" : "\(missing.count) pages are"
            warnings.append(SiteError(file: file, "\(count) not in \(summary.sourcePath.isEmpty ? "its `nav`" : summary.sourcePath), so not in the navigation "
                                      + "(first: \(displayPath(first))); add them to it to list them"))
        }
        return warnings
    }
}
