import Foundation

/// Runs a site's build steps over a folder: the engine of `sitegen build`.
///
/// The output is written beside the output folder and swapped in only when every step
/// succeeded, so a failed build leaves the previous output as it was.
public final class SiteBuilder: Sendable {
    /// The site: parser and steps.
    public let site: Site
    /// Where the site's parts are.
    public let layout: SiteLayout
    /// Drafts, future pages, base URL.
    public let options: BuildOptions
    private let observers = BuildObservers()

    /// Creates a builder.
    public init(site: Site, layout: SiteLayout, options: BuildOptions = BuildOptions()) {
        self.site = site
        self.layout = layout
        self.options = options
    }

    /// Calls `handler` with every event of the builds that follow, until the token is cancelled.
    @discardableResult
    public func observe(_ handler: @escaping @Sendable (BuildEvent) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// The stage a build has reached; each step needs a certain stage.
    private enum Stage {
        case started
        case loaded(LoadedSite)
        case rendered(RenderedSite)
    }

    /// Builds the site.
    ///
    /// - Throws: ``SiteError`` or ``SiteErrors`` naming the files and lines at fault.
    @discardableResult
    public func build() async throws -> BuildSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        observers.send(.started)
        let output: OutputFolder
        do {
            output = try OutputFolder(destination: layout.output)
        } catch {
            observers.send(.failed("\(error)"))
            throw error
        }
        do {
            var stage = Stage.started
            var copied = 0
            for step in site.steps {
                let stepStart = DispatchTime.now().uptimeNanoseconds
                switch (step.action, stage) {
                case (.loadContent, .started):
                    stage = .loaded(try await load())
                case (.renderPages, .loaded(let loaded)):
                    stage = .rendered(try await render(loaded, into: output))
                case (.copyStaticFiles, .loaded(let loaded)):
                    copied += try copyFiles(loaded, into: output)
                case (.copyStaticFiles, .rendered(let rendered)):
                    copied += try copyFiles(rendered.loaded, into: output)
                default:
                    throw SiteError("build step \(step.name) cannot run here: steps run in the order loadContent, renderPages, copyStaticFiles")
                }
                observers.send(.stepFinished(name: step.name, seconds: Self.seconds(since: stepStart)))
            }
            try output.commit()
            let summary: BuildSummary
            switch stage {
            case .rendered(let rendered):
                summary = BuildSummary(pages: rendered.pages.count, listPages: rendered.listPages, files: copied,
                                       seconds: Self.seconds(since: start), output: layout.output, warnings: rendered.warnings)
            case .loaded(let loaded):
                summary = BuildSummary(pages: 0, listPages: 0, files: copied, seconds: Self.seconds(since: start),
                                       output: layout.output, warnings: loaded.warnings)
            case .started:
                summary = BuildSummary(pages: 0, listPages: 0, files: copied, seconds: Self.seconds(since: start),
                                       output: layout.output, warnings: [])
            }
            observers.send(.finished(summary))
            return summary
        } catch {
            output.discard()
            observers.send(.failed("\(error)"))
            throw error
        }
    }

    private func load() async throws -> LoadedSite {
        var configuration = SiteConfiguration(title: ContentLoader.words(layout.root.lastPathComponent))
        if let file = layout.configuration {
            configuration = try SiteConfiguration.load(file, displayPath: layout.display(file),
                                                       defaultTitle: configuration.title)
        }
        if let baseURL = options.baseURL { configuration.baseURL = baseURL }
        return try await ContentLoader(layout: layout, configuration: configuration, options: options).load()
    }

    private func render(_ loaded: LoadedSite, into output: OutputFolder) async throws -> RenderedSite {
        let theme = try Theme(name: loaded.configuration.theme, overrides: layout.templates, layout: layout)
        var site = self.site
        site.install(loaded.configuration.plugins.compactMap(Plugin.named))
        return try await SiteRenderer(loaded: try processed(loaded, by: site), theme: theme, site: site, output: output,
                                      observers: observers).render()
    }

    /// The loaded site after the site's page processors.
    private func processed(_ loaded: LoadedSite, by site: Site) throws -> LoadedSite {
        guard !site.pageProcessors.isEmpty else { return loaded }
        let pages = try loaded.pages.map { page in
            try site.pageProcessors.reduce(page) { page, process in try process(page) }
        }
        return LoadedSite(layout: loaded.layout, configuration: loaded.configuration, pages: pages,
                          sections: loaded.sections, files: loaded.files, warnings: loaded.warnings)
    }

    /// Copies theme assets, then `static/` and content files (which may replace them).
    private func copyFiles(_ loaded: LoadedSite, into output: OutputFolder) throws -> Int {
        var count = 0
        for (path, text) in Theme.assets(of: loaded.configuration.theme) {
            try output.write(text, to: path)
            count += 1
        }
        for file in loaded.files {
            try output.copy(file.source, to: file.outputPath)
            count += 1
        }
        return count
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
