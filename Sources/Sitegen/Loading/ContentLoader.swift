import Foundation
import SitegenMarkdown

/// Reads a content folder into a ``LoadedSite``: finds the Markdown files and static files,
/// reads front matter (in parallel), places each page at its URL and forms the sections.
/// (That no two outputs share a path is checked as they are written: ``OutputWriter``.)
struct ContentLoader {
    let layout: SiteLayout
    let configuration: SiteConfiguration
    let options: BuildOptions
    /// A live build's memory: unchanged files are not read again.
    var memory: BuildMemory?

    /// Markdown files larger than this are not read: a page is held in memory several times
    /// over while it is parsed and rendered.
    static let maximumMarkdownBytes = 16_000_000

    func load() async throws -> LoadedSite {
        let walker = FolderWalker(layout: layout, configuration: configuration)
        let found = try findFiles(walker)
        var warnings = found.warnings
        let sources = try await readSources(found.markdown)
        for (path, (source, _)) in zip(found.markdown, sources) {
            for key in source.frontMatter.repeatedKeys {
                warnings.append(SiteError(file: displayPath(path), line: source.frontMatter.line(of: key),
                                          "`\(key)` is given more than once; the last one counts"))
            }
            if source.frontMatter["url"] == nil, let permalink = source.frontMatter["permalink"]?.string,
               Self.permalinkPath(.string(permalink)) == nil {
                warnings.append(SiteError(file: displayPath(path), line: source.frontMatter.line(of: "permalink"),
                                          "`permalink: \(permalink)` is a template of another generator; the page keeps "
                                          + "the URL of its file (give it a `url` to choose one)"))
            }
        }
        var errors: [SiteError] = []
        var pages: [Page] = []
        var indexFiles: [String: (path: String, source: MarkdownSource)] = [:]
        let bundleFolders = Set(found.markdown.filter { URLPath.lastComponent(of: $0) == "index.md" && $0 != "index.md" }
            .map(URLPath.folder(of:)))
        let known = memory?.pages(bundleFolders: bundleFolders) ?? [:]
        var made: [Page] = []
        var stillKnown = 0
        for (path, (source, revision)) in zip(found.markdown, sources) {
            let name = URLPath.lastComponent(of: path)
            if name == "_index.md" || name == "_index.markdown" || path == "index.md" {
                indexFiles[URLPath.folder(of: path)] = (path, source)
                continue
            }
            if let page = known[path] {
                stillKnown += 1
                if page.revision == revision {
                    pages.append(page)
                    continue
                }
            }
            do {
                guard var page = try makePage(path: path, source: source, bundleFolders: bundleFolders) else { continue }
                page.revision = revision
                pages.append(page)
                if revision != 0 { made.append(page) }
            } catch {
                errors.append(error)
            }
        }
        pages.sort { $0.sourcePath < $1.sourcePath }
        memory?.keep(made: made, all: stillKnown == known.count ? nil : pages)
        let sections = makeSections(pages: pages, indexFiles: indexFiles, errors: &errors)
        let staticFiles = layout.staticFiles.map { walker.list($0, shownAs: "static/") } ?? FolderWalker.Listing()
        warnings += staticFiles.warnings
        errors += staticFiles.errors
        let files = publishedFiles(found.otherFiles, staticFiles: staticFiles.files, bundleFolders: bundleFolders, pages: pages)
        // Templates and data files are read later (by the theme, by DataFiles): what they leave out is said here, once.
        for (folder, name, accepted) in [(layout.templates, "templates/", Theme.isTemplate), (layout.data, "data/", DataFiles.isDataFile)] {
            guard let folder else { continue }
            let listing = walker.list(folder, shownAs: name, verb: "read", recursive: false, accepting: accepted)
            warnings += listing.warnings
            errors += listing.errors
        }
        if !errors.isEmpty { throw SiteErrors(errors: errors.sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }) }
        for section in sections.values.sorted(by: { $0.path < $1.path }) where section.source.frontMatter["redirect_to"] != nil {
            guard Self.redirectTarget(of: section.source.frontMatter, in: pages, sections) == nil else { continue }
            let redirect = section.source.frontMatter["redirect_to"]?.string ?? ""
            warnings.append(SiteError(file: section.sourcePath, line: section.source.frontMatter.line(of: "redirect_to"),
                                      "`redirect_to = \(redirect)` names no page of the site; the section keeps its list page"))
        }
        var loaded = LoadedSite(layout: layout, configuration: Self.withTaxonomies(of: pages, in: configuration), pages: pages,
                                sections: sections, files: files)
        loaded.warnings = warnings.sorted { ($0.file ?? "", $0.line ?? 0) < ($1.file ?? "", $1.line ?? 0) }
        return loaded
    }

    /// Where Zola's `redirect_to` leads: a URL (`https://…`), or the URL path of a page or section
    /// of the site, given from the site's root (`documentation/getting-started/`); `nil` when
    /// it names none of them.
    static func redirectTarget(of frontMatter: FrontMatter, in pages: [Page], _ sections: [String: Section]) -> String? {
        guard let given = frontMatter["redirect_to"]?.string?.trimmingCharacters(in: .whitespaces), !given.isEmpty else { return nil }
        if given.hasPrefix("https://") || given.hasPrefix("http://") { return given }
        guard let path = URLPath.explicitURL(given.hasPrefix("/") ? given : "/" + given) else { return nil }
        let candidates = path.hasSuffix("/") ? [path] : [path, path + "/"]
        return candidates.first { url in pages.contains { $0.url == url } || sections.values.contains { $0.url == url } }
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
    }

    private func findFiles(_ walker: FolderWalker) throws(SiteErrors) -> FoundFiles {
        let skipped = Set(layout.content == layout.root ? ["templates", "static", "data"].map { walker.siteFolder + "/" + $0 } : [])
        let listing = walker.list(layout.content, shownAs: layout.content == layout.root ? "" : "content/", skipping: skipped)
        guard listing.errors.isEmpty else { throw SiteErrors(errors: listing.errors) }
        var found = FoundFiles(warnings: listing.warnings)
        for relative in listing.files {
            if layout.content == layout.root && relative == "sitegen.yml" { continue }
            if relative.hasSuffix(".md") || relative.hasSuffix(".markdown") {
                found.markdown.append(relative)
            } else {
                found.otherFiles.append(relative)
            }
        }
        found.markdown.sort()
        found.otherFiles.sort()
        return found
    }

    /// Reads every Markdown file and its front matter, on all cores.
    private func readSources(_ paths: [String]) async throws -> [(MarkdownSource, Int)] {
        let contentPath = layout.content.standardizedFileURL.path
        let shownPrefix = layout.content == layout.root ? "" : "content/"
        let memory = memory
        let known = memory?.sources() ?? [:]
        let results = await withTaskGroup(of: [(Int, Result<(MarkdownSource, Int), SiteError>)].self) { group in
            for chunk in Parallel.chunks(paths.count) {
                group.addTask {
                    chunk.map { index in
                        let path = paths[index]
                        do {
                            let file = contentPath + "/" + path
                            let read = { () throws -> MarkdownSource in
                                let data = try RegularFile.contents(of: file, maximumSize: Self.maximumMarkdownBytes)
                                return try MarkdownSource(text: String(decoding: data, as: UTF8.self))
                            }
                            if let memory {
                                return (index, .success(try memory.source(at: file, path: path, known: known[path], read: read)))
                            }
                            return (index, .success((try read(), 0)))
                        } catch let error as MarkdownError {
                            return (index, .failure(SiteError(file: shownPrefix + path, line: error.line,
                                                              error.message + Self.fixHint(error.message))))
                        } catch let failure as RegularFile.Failure {
                            return (index, .failure(SiteError(file: shownPrefix + path, failure.reason)))
                        } catch {
                            return (index, .failure(SiteError(file: shownPrefix + path, "cannot read the file: \(error)")))
                        }
                    }
                }
            }
            var results = [Result<(MarkdownSource, Int), SiteError>?](repeating: nil, count: paths.count)
            for await chunk in group { for (index, result) in chunk { results[index] = result } }
            return results
        }
        var sources: [(MarkdownSource, Int)] = []
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

    /// What to fix, after a front matter error's message (which starts with its format).
    private static func fixHint(_ message: String) -> String {
        if message.hasPrefix("TOML") { return ". Fix the TOML between the +++ lines." }
        if message.hasPrefix("JSON") { return ". Fix the JSON object at the top of the file." }
        return ". Fix the YAML between the --- lines."
    }

    // MARK: Pages

    /// The page of the Markdown file at `path`, or `nil` for a draft or future page left out.
    func makePage(path: String, source: MarkdownSource, bundleFolders: Set<String>) throws(SiteError) -> Page? {
        let frontMatter = source.frontMatter
        let display = displayPath(path)
        /// An error about the value of `key`, at the key's line.
        func problem(_ key: String, _ message: String) -> SiteError {
            SiteError(file: display, line: frontMatter.line(of: key) ?? 2, message)
        }
        func string(_ key: String) throws(SiteError) -> String? {
            guard let value = frontMatter[key], value != .null else { return nil }
            switch value {
            case .string(let string): return string
            case .int(let int): return String(int)
            case .double(let double): return String(double)
            default: throw problem(key, "`\(key)` must be text")
            }
        }
        func date(_ key: String) throws(SiteError) -> Date? {
            guard let value = frontMatter[key], value != .null else { return nil }
            guard let date = value.date else {
                throw problem(key, "`\(key)` must be a date such as 2026-01-05 or 2026-01-05T10:30:00Z")
            }
            return date
        }
        func bool(_ key: String) throws(SiteError) -> Bool? {
            switch frontMatter[key] {
            case nil, .null?: return nil
            case .bool(let value)?: return value
            default: throw problem(key, "`\(key)` must be true or false")
            }
        }
        /// The first of `keys` that the front matter gives (Hugo reads its keys in any case).
        func given(_ keys: String...) -> String {
            keys.first { frontMatter[$0] != nil && frontMatter[$0] != .null } ?? keys[0]
        }
        // Jekyll's `published: false` is a draft.
        let draft = try bool("draft"), published = try bool("published")
        let isDraft = draft == true || published == false
        let name = URLPath.lastComponent(of: path)
        let folder = URLPath.folder(of: path)
        let isBundle = name == "index.md" || name == "index.markdown"
        let stem = isBundle ? URLPath.lastComponent(of: folder) : String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
        let (prefixDate, stemWithoutDate) = Self.splitDatePrefix(stem)
        // Hugo's `publishDate` is the date of a page without one, and hides the page until then.
        let publishDate = try date(given("publishDate", "publishdate", "PublishDate"))
        let pageDate = try date("date") ?? publishDate ?? prefixDate
        let expiryDate = try date(given("expiryDate", "expirydate", "ExpiryDate"))
        if isDraft && !options.includeDrafts { return nil }
        if !options.includeFuture, let firstDay = [pageDate, publishDate].compactMap({ $0 }).max(), firstDay > options.now { return nil }
        // Past Hugo's `expiryDate` a page is no longer published.
        if let expiryDate, expiryDate <= options.now { return nil }
        // Eleventy's `permalink: false`: the page is not written.
        if frontMatter["url"] == nil, frontMatter["permalink"] == .bool(false) { return nil }

        let url: String
        let urlKey = frontMatter["url"] == nil && Self.permalinkPath(frontMatter["permalink"]) != nil ? "permalink" : "url"
        if let given = try string(urlKey) {
            // Jekyll's and Eleventy's permalinks are paths from the site's root, with or without the first `/`.
            let explicit = urlKey == "permalink" && !given.hasPrefix("/") ? "/" + given : given
            guard let checked = URLPath.explicitURL(explicit) else {
                let reason = URLPath.refusal(ofExplicitURL: explicit) ?? "is not a path inside the site"
                throw problem(urlKey, "`\(urlKey): \(given.debugDescription)` \(reason); use a path like /about/")
            }
            url = checked
        } else {
            let slug = try string("slug")
            if let slug, slug.contains("/") || slug == ".." || slug == "." || slug.isEmpty {
                throw problem("slug", "`slug: \(slug)` must be one path component, such as my-post")
            }
            let parent = isBundle ? URLPath.folder(of: folder) : folder
            let last = URLPath.component(slug ?? stemWithoutDate)
            if let slug, parent.isEmpty, URLPath.isReserved(URLPath.decoded(last)) {
                throw problem("slug", "`slug: \(slug)` is reserved for sitegen's own files (.sitegen-manifest, .sitegen-staging-…); choose another")
            }
            url = URLPath.folderURL(parent) + last + "/"
        }
        var sectionPath = isBundle ? URLPath.folder(of: folder) : folder
        while !sectionPath.isEmpty && bundleFolders.contains(sectionPath) { sectionPath = URLPath.folder(of: sectionPath) }
        var terms: [String: [String]] = [:]
        /// The terms of a list (or a comma-separated text) `value` of `key`.
        func termList(_ value: FrontMatterValue?, key: String) throws(SiteError) -> [String]? {
            switch value {
            case nil, .null?: return nil
            case .list(let values)?: return values.compactMap { $0.string ?? $0.int.map(String.init) }
            case .string(let value)?: return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            default: throw problem(key, "`\(key)` must be a list, such as [swift, web]")
            }
        }
        for taxonomy in Set(configuration.taxonomies + ["tags", "categories"]) {
            terms[taxonomy] = try termList(frontMatter[taxonomy], key: taxonomy)
        }
        // Zola's `[taxonomies]` table: each key a taxonomy, with its terms.
        switch frontMatter["taxonomies"] {
        case nil, .null?: break
        case .map(let table)?:
            for (taxonomy, value) in table.entries where Self.isTaxonomyName(taxonomy) {
                guard let list = try termList(value, key: "taxonomies") else { continue }
                terms[taxonomy, default: []] += list.filter { !(terms[taxonomy] ?? []).contains($0) }
            }
        default: throw problem("taxonomies", "`taxonomies` must be a table of lists, such as tags = [\"swift\"]")
        }
        var aliases: [String] = []
        switch frontMatter["aliases"] {
        case nil, .null?: break
        case .list(let values)?:
            for value in values {
                guard let alias = value.string else { throw problem("aliases", "`aliases` must be URL paths, such as [/old/url/]") }
                guard let url = URLPath.explicitURL(alias) else {
                    let reason = URLPath.refusal(ofExplicitURL: alias) ?? "is not a path inside the site"
                    throw problem("aliases", "`aliases`: \(alias.debugDescription) \(reason); use a path like /old/url/")
                }
                aliases.append(url)
            }
        default: throw problem("aliases", "`aliases` must be a list, such as [/old/url/]")
        }
        let weight = try WholeNumber.read("weight", in: frontMatter, range: WholeNumber.weight, file: display, example: 10) ?? 0
        // Zola names its template `theme.html`; ours are `theme.mustache`.
        let template = try string("template").map { $0.hasSuffix(".html") ? String($0.dropLast(5)) : $0 }
        let layout = try string("layout") ?? template
        // Hugo's `summary` and Jekyll's `excerpt` stand for the summary, and the description.
        let excerpt = try string("excerpt")
        let summary = try string("summary") ?? excerpt
        let lastmod = try date(given("lastmod", "lastMod", "Lastmod"))
        return Page(sourcePath: path, url: url, sectionPath: sectionPath, isBundle: isBundle, frontMatter: frontMatter,
                    explicitTitle: try string("title"), fileTitle: Self.words(stemWithoutDate), date: pageDate,
                    updated: try date("updated") ?? lastmod, isDraft: isDraft,
                    weight: weight, layout: layout, terms: terms, aliases: aliases,
                    description: try string("description") ?? summary, summary: summary,
                    linkTitle: try string(given("linkTitle", "linktitle", "LinkTitle")), source: source)
    }

    /// A taxonomy name that can be a URL path component.
    static func isTaxonomyName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".."
    }

    /// The path a Jekyll or Eleventy `permalink` gives, or `nil` when it is none: `false`, or a
    /// template of theirs (`/:categories/:title/`, `/{{ title | slugify }}/`).
    static func permalinkPath(_ value: FrontMatterValue?) -> String? {
        guard let text = value?.string else { return nil }
        if text.contains("{{") || text.contains("{%") { return nil }
        let placeholder = text.split(separator: "/").contains { $0.hasPrefix(":") }
        return placeholder ? nil : text
    }

    private func displayPath(_ path: String) -> String {
        layout.content == layout.root ? path : "content/" + path
    }

    /// `2026-01-05-hello` → (the date, `hello`).
    /// Months and days may have one digit, as Jekyll allows (`2016-1-5-hello`).
    static func splitDatePrefix(_ stem: String) -> (Date?, String) {
        let parts = stem.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              !parts[3].isEmpty, parts[0...2].allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let date = PlainScalar.dateOnly(parts[0] + "-" + parts[1].leftPadded + "-" + parts[2].leftPadded)
        else { return (nil, stem) }
        return (date, String(parts[3]))
    }

    /// A file or folder name in words: `getting-started` → `Getting started`.
    static func words(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    // MARK: Sections and files

    /// The sections; problems with the numbers and `sort` of `_index.md` files go to `errors`.
    private func makeSections(pages: [Page], indexFiles: [String: (path: String, source: MarkdownSource)],
                              errors: inout [SiteError]) -> [String: Section] {
        var sections: [String: Section] = [:]
        func ensure(_ path: String) {
            guard sections[path] == nil else { return }
            let index = indexFiles[path]
            let frontMatter = index?.source.frontMatter ?? .empty
            let title = frontMatter["title"]?.string
                ?? (path.isEmpty ? configuration.title : Self.words(URLPath.lastComponent(of: path)))
            let file = index.map { displayPath($0.path) }
            var weight = 0, paginate: Int?, sort: String?
            do throws(SiteError) {
                weight = try WholeNumber.read("weight", in: frontMatter, range: WholeNumber.weight, file: file, example: 10) ?? 0
                paginate = try WholeNumber.read("paginate", in: frontMatter, range: WholeNumber.paginate, file: file, example: 10,
                                                note: " (0 for no pagination)")
                switch frontMatter["sort"] {
                case nil, .null?: break
                case .string(let value)? where ["date", "weight", "title"].contains(value): sort = value
                default: throw SiteError(file: file, line: frontMatter.line(of: "sort"), "`sort` must be date, weight or title")
                }
            } catch {
                errors.append(error)
            }
            sections[path] = Section(path: path, url: URLPath.folderURL(path), title: title,
                                     weight: weight, paginate: paginate,
                                     sort: sort, sourcePath: file,
                                     source: index?.source ?? MarkdownSource(frontMatter: .empty, body: "", bodyLineOffset: 0))
            if !path.isEmpty {
                let parent = URLPath.folder(of: path)
                ensure(parent)
                sections[parent]?.subsectionPaths.append(path)
            }
        }
        ensure("")
        for (index, page) in pages.enumerated() {
            ensure(page.sectionPath)
            sections[page.sectionPath]?.pageIndices.append(index)
        }
        for path in indexFiles.keys { ensure(path) }
        return sections
    }

    /// Static files of `static/`, and the content folder's other files: a bundle's files
    /// beside its page, any other file at its own path.
    private func publishedFiles(_ otherFiles: [String], staticFiles: [String], bundleFolders: Set<String>,
                                pages: [Page]) -> [LoadedSite.StaticFile] {
        var bundleURLs: [String: String] = [:]
        for page in pages where page.isBundle { bundleURLs[URLPath.folder(of: page.sourcePath)] = page.url }
        var files: [LoadedSite.StaticFile] = []
        if let staticFolder = layout.staticFiles {
            for path in staticFiles {
                files.append(.init(source: staticFolder.appendingPathComponent(path), outputPath: path, contentPath: nil))
            }
        }
        for path in otherFiles {
            var folder = URLPath.folder(of: path)
            var inBundle: String?
            while true {
                if bundleFolders.contains(folder) { inBundle = folder; break }
                if folder.isEmpty { break }
                folder = URLPath.folder(of: folder)
            }
            let source = layout.content.appendingPathComponent(path)
            if let bundle = inBundle {
                // Drafts' bundles are left out with their page.
                guard let url = bundleURLs[bundle] else { continue }
                let inside = String(path.dropFirst(bundle.isEmpty ? 0 : bundle.count + 1))
                files.append(.init(source: source, outputPath: String(URLPath.decoded(url).dropFirst()) + inside, contentPath: path))
            } else {
                files.append(.init(source: source, outputPath: path, contentPath: path))
            }
        }
        return files
    }
}

private extension Substring {
    /// A one-digit month or day with its leading zero.
    var leftPadded: String { count == 1 ? "0" + self : String(self) }
}
