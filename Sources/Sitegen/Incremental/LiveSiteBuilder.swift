import Foundation

/// Builds a site again and again as its files change, for a live preview (`sitegen serve`).
///
/// The first build renders everything, into the output folder in place. Later builds read
/// again only the Markdown files that changed, parse only those (and pages whose links lead to
/// pages that appeared, moved or went), and render only the outputs whose values changed or
/// whose templates read a fact that changed — a page, what lists show of a page, `site`, `t`,
/// `data`, the templates — as recorded while the build before rendered them (``OutputPlan``;
/// a page edit that leaves every list in order is rendered from the last build's state,
/// without the general pass: see `PageEdit`). A change to what pages' tags read (shortcode
/// files, data) parses every page again; a configuration change also renders every output. Only files whose text changed are written; files no
/// longer made are deleted; a failed build leaves the folder as it was. The result is the same
/// as a full build's.
///
/// ```swift
/// let live = LiveSiteBuilder(site: Site(), root: siteFolder)
/// _ = try await live.build()
/// // … a file changed:
/// let result = try await live.build(changed: ["/path/to/site/content/posts/hello.md"])
/// print(result.changedFiles)
/// ```
public final class LiveSiteBuilder: Sendable {
    /// What one live build did.
    public struct Result: Sendable {
        /// The build's summary.
        public let summary: BuildSummary
        /// The output paths (relative to the output folder) written or deleted.
        public let changedFiles: [String]
        /// How many outputs were rendered.
        public let rendered: Int
        /// How many outputs were kept as the build before left them.
        public let kept: Int
        /// The outputs answered early (``EarlyPages``) that this build made otherwise, by output path.
        public var revised: [String] = []
    }

    private let site: Site
    private let root: URL
    private let output: URL?
    private let configuration: URL?
    private let options: BuildOptions
    private let memory = BuildMemory()
    private let earlyPages: EarlyPages?

    /// A live builder for the site at `root`; `output` and `configuration` as for ``SiteLayout``.
    /// `earlyPages`: what the first build answers before it is done.
    public init(site: Site, root: URL, output: URL? = nil, configuration: URL? = nil, options: BuildOptions = BuildOptions(),
                earlyPages: EarlyPages? = nil) {
        self.site = site
        self.root = root
        self.output = output
        self.configuration = configuration
        self.options = options
        self.earlyPages = earlyPages
    }

    /// Whether the last good build's site has search on (`search` in `sitegen.yml`, or the docs
    /// theme): the preview is then indexed after each build (``SearchIndexer/indexInPlace(_:)``).
    public var searchIsOn: Bool {
        memory.lastBuild?.site.loaded.configuration.searchIsOn ?? false
    }

    /// Where the site is written: a layout of a folder always has an output folder.
    private var outputFolder: URL {
        layout.output ?? root.appendingPathComponent("public").standardizedFileURL
    }

    /// The layout as the site's folders are now (a `templates/` folder may have appeared).
    public var layout: SiteLayout { SiteLayout(root: root, output: output, configuration: configuration) }

    /// Builds the site; `changed` are the absolute paths of files changed since the last build
    /// (the site folder itself when what changed is not known: everything is then made again).
    @discardableResult
    public func build(changed: Set<String> = []) async throws -> Result {
        let layout = self.layout
        if changed.contains(root.standardizedFileURL.path) || changed.contains(where: { Self.isConfiguration($0, layout: layout) }) {
            memory.forgetPages()
        } else if changed.contains(where: { Self.changesParses($0, layout: layout) }) {
            memory.forgetParses()
        }
        let output = LiveOutput(destination: outputFolder, memory: memory, heldBytes: options.heldOutputBytes)
        let start = DispatchTime.now().uptimeNanoseconds
        if let rendered = try await PageEdit(layout: layout, options: options, memory: memory).apply(changed, steps: site.steps, into: output),
           let last = memory.lastBuild?.site {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let summary = BuildSummary(pages: last.loaded.pages.count, listPages: 0, files: 0, seconds: seconds, output: layout.output,
                                       warnings: last.loaded.warnings + last.parsed.flatMap(\.warnings),
                                       foreignConfiguration: last.loaded.foreignConfiguration)
            return Result(summary: summary, changedFiles: output.changedPaths.sorted(), rendered: rendered,
                          kept: (memory.record?.readCount ?? rendered) - rendered)
        }
        let builder = SiteBuilder(site: site, layout: layout, options: options)
        let plan = OutputPlan(previous: memory.record, recording: true)
        // A build from nothing (the first, or the one after a failed first) answers early.
        let early = memory.lastBuild == nil ? earlyPages : nil
        early?.begin()
        var whenStaged: (@Sendable (RenderStage) async -> Void)?
        if let early { whenStaged = { stage in await early.staged(EarlyRender(stage: stage)) } }
        let context = BuildContext(options: options, output: output, loadingMemory: memory,
                                   renderingMemory: LiveRendering(memory: memory, plan: plan), whenStaged: whenStaged)
        let summary: BuildSummary
        do {
            (summary, _) = try await builder.run(context: context)
        } catch {
            _ = early?.end()
            memory.failed()
            throw error
        }
        let outputFolder = self.outputFolder
        let revised = (early?.end() ?? [:]).filter { path, digest in
            (try? RegularFile.contents(of: outputFolder.appendingPathComponent(path).path)).map(EarlyPages.digest) != digest
        }
        // The next page edit starts from what the render stage gave back.
        memory.succeeded(with: plan.takeRecord(), rendered: try? context.renderedSite())
        let counts = plan.counts
        return Result(summary: summary, changedFiles: output.changedPaths.sorted(), rendered: counts.rendered, kept: counts.kept,
                      revised: revised.keys.sorted())
    }

    /// After a change to the files at `changed` that renders every output again (templates,
    /// data), renders and writes the outputs at `viewed` (output paths, such as pages open in a
    /// browser) first, from the last build; returns those that changed. Returns `[]` for any
    /// other change, or when there is no last build to work from. Call ``build(changed:)`` next.
    public func renderFirst(_ viewed: Set<String>, changed: Set<String>) async -> [String] {
        let layout = self.layout
        guard !changed.contains(where: { Self.isConfiguration($0, layout: layout) }),
              changed.contains(where: { Self.changesEveryOutput($0, layout: layout) }) else { return [] }
        return await ViewedOutputs(layout: layout, memory: memory).render(viewed)
    }

    /// Whether `path` is the configuration file, on which pages, URLs and links depend, or
    /// another that would be read in its absence or is warned of beside it (`sitegen.yaml`
    /// beside `sitegen.yml`, another generator's).
    static func isConfiguration(_ path: String, layout: SiteLayout) -> Bool {
        let root = layout.folder?.path ?? ""
        return path == layout.configurationURL?.path || SiteLayout.ownConfigurationNames.contains { path == root + "/" + $0 }
            || ForeignConfiguration.fileNames.contains { path == root + "/" + $0.name }
    }

    /// Whether a change at `path` can change what pages' tags make, so that every page is
    /// parsed again: shortcode files (`templates/shortcodes/`, Hugo's `layouts/` and
    /// `themes/`), Jekyll's `_includes/`, data files (`param`, `site.data`), the interface's
    /// words (alerts' titles), and any file of a Jekyll site, whose pages' Liquid may read
    /// every other page (`site.posts`).
    static func changesParses(_ path: String, layout: SiteLayout) -> Bool {
        let root = layout.folder?.path ?? ""
        let isJekyll = FileManager.default.fileExists(atPath: root + "/_config.yml")
        let inside = { (folder: String) in path == root + "/" + folder || path.hasPrefix(root + "/" + folder + "/") }
        let insideOnDisk = { (folder: String?) in layout.onDisk(folder).map { path == $0.path || path.hasPrefix($0.path + "/") } ?? false }
        return isJekyll || inside("templates/shortcodes") || inside("layouts") || inside("themes") || inside("data") || inside("i18n")
            || insideOnDisk(layout.data) || insideOnDisk(layout.strings)
            || layout.onDisk(layout.templates).map { path.hasPrefix($0.path + "/shortcodes/") } ?? false
    }

    /// Whether a change at `path` can change every output: templates, data files and the
    /// interface's words (`i18n/`).
    static func changesEveryOutput(_ path: String, layout: SiteLayout) -> Bool {
        let inside = { (folder: URL?) in folder.map { path == $0.path || path.hasPrefix($0.path + "/") } ?? false }
        let root = layout.folder?.path ?? ""
        return inside(layout.onDisk(layout.templates)) || inside(layout.onDisk(layout.data)) || inside(layout.onDisk(layout.strings))
            || ["templates", "data", "i18n"].contains { path == root + "/" + $0 || path.hasPrefix(root + "/" + $0 + "/") }
    }
}
