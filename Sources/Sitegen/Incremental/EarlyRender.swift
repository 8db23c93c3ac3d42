import Foundation

/// One output of a site rendered on its own, as soon as the site is loaded: what `sitegen
/// serve` answers a browser with while its first build has the rest of the site still to parse
/// (``EarlyPages``).
///
/// Only the pages whose text the output shows are parsed: the output is rendered with every
/// other page standing by its front matter (``EarlyRendering/standIn(for:)``), and rendered
/// again with the pages its template read parsed, until it read no page left unparsed. The
/// output is the full build's but where the order of pages depends on a title that only a
/// page's first heading gives; the full build that follows writes every output, and the
/// preview reloads a page that came out otherwise.
struct EarlyRender: Sendable {
    /// The render stage of the build.
    let stage: RenderStage

    /// How many times an output is rendered at most, each with more pages parsed.
    private static let passes = 3

    /// What the build publishes as it is at `path` (an output path): a theme asset, or a file
    /// of the site (``EarlyPages/Answer/copied(_:)``); `nil` for any other path.
    func quickAnswer(_ path: String) -> EarlyPages.Answer? {
        if let file = siteFile(path) { return .copied(file) }
        return Theme.assets(of: stage.loaded.configuration.theme)[path].map { .made(Data($0.utf8)) }
    }

    /// The page or list page the build publishes at `path` (an output path), or, for a path
    /// whose last part has no extension, at `path/index.html` (a folder asked for without its
    /// slash), rendered, with the output path it is at; `nil` for any other output (feeds, the
    /// sitemap), or when the render fails (the build will say why).
    func answer(_ path: String) async -> (path: String, data: Data)? {
        let name = URLPath.lastComponent(of: path)
        let output = path.hasSuffix(".html") ? path : !name.contains(".") ? (path.isEmpty ? "" : path + "/") + "index.html" : nil
        guard let output, let data = try? await render(output) else { return nil }
        return (output, data)
    }

    /// Where on disk the file the build publishes as it is at `path` is (of `static/`, a
    /// bundle's), links resolved, when it may be read: inside the site folder, or anywhere when
    /// the site follows links outside it.
    func siteFile(_ path: String) -> URL? {
        let loaded = stage.loaded
        guard let file = loaded.files.first(where: { $0.outputPath == path }),
              let disk = loaded.layout.following(loaded.configuration).source.folder,
              let real = try? disk.realPath(of: file.path) else { return nil }
        return URL(fileURLWithPath: real)
    }

    /// The output at `path` rendered; `nil` when the site has no such page or list page.
    func render(_ path: String) async throws -> Data? {
        let pages = stage.loaded.pages
        let own = try await Parallel.map(pages.indices) { URLPath.outputFile(for: pages[$0].url) == path ? $0 : nil }.compactMap { $0 }
        var parsing = Set(own.map { pages[$0].sourcePath })
        var made: Data?
        for _ in 0..<Self.passes {
            let memory = EarlyRendering(path: path, pages: own, parsing: parsing)
            let sink = MemoryOutput(preview: true)
            let rendered = try await stage.renderer(output: OutputWriter(sink), observers: BuildObservers(), memory: memory).render()
            // Freed after the answer: a site of 100,000 pages takes a fifth of a second to free.
            Task.detached(priority: .background) { withExtendedLifetime(rendered) {} }
            made = sink.contents[path]
            guard made != nil else { return nil }
            let shown = shownPages(memory.log.read, in: rendered)
            if shown.isSubset(of: parsing) { break }
            parsing.formUnion(shown)
        }
        return made
    }

    /// The source paths of the pages whose parse shows in what an output read: its own page,
    /// feed entries, and what lists show of a page its front matter does not give (a title, a
    /// description, or the copies of an image its text shows).
    private func shownPages(_ facts: Set<Fact>, in rendered: RenderedSite) -> Set<String> {
        let copiesImages = !stage.loaded.configuration.images.copies.isEmpty
        var shown: Set<String> = []
        var listed: Set<String> = []
        for fact in facts {
            switch fact {
            case .page(let source), .feedEntry(let source): shown.insert(source)
            case .listing(let source): listed.insert(source)
            default: break
            }
        }
        // The navigation tree (`site.nav`) shows every page by its title.
        let showsNavigation = rendered.context.navigation != nil && facts.contains { if case .site = $0 { true } else { false } }
        guard !listed.isEmpty || showsNavigation else { return shown }
        for page in stage.loaded.pages {
            if showsNavigation && page.explicitTitle == nil && page.linkTitle == nil {
                shown.insert(page.sourcePath)
            } else if listed.contains(page.sourcePath) && (copiesImages || page.explicitTitle == nil || page.description == nil) {
                shown.insert(page.sourcePath)
            }
        }
        return shown
    }
}
