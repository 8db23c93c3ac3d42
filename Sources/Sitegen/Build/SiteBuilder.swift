import Foundation

/// Runs a site's build steps: the engine of `sitegen build`, and of builds embedded in other
/// programs.
///
/// On disk, the output is written beside the output folder and swapped in only when every
/// step succeeded, so a failed build leaves the previous output as it was; files in the output
/// folder that sitegen did not write stay untouched, and an output folder that is or holds a
/// part of the site is refused before anything is written.
/// ``buildInMemory()`` writes nothing at all.
public final class SiteBuilder: Sendable {
    /// The site: parser, plugins and steps.
    public let site: Site
    /// Where the site's parts are.
    public let layout: SiteLayout
    /// Drafts, future pages, base URL.
    public let options: BuildOptions
    let observers = BuildObservers()

    /// Creates a builder.
    public init(site: Site, layout: SiteLayout, options: BuildOptions = BuildOptions()) {
        self.site = site
        self.layout = layout
        self.options = options
    }

    /// Builds the site into its output folder.
    ///
    /// - Throws: ``SiteError`` or ``SiteErrors`` naming the files (and steps) at fault.
    @discardableResult
    public func build() async throws -> BuildSummary {
        try await buildKeepingValues().summary
    }

    /// ``build()``, handing back what the build made (its pages, the loaded and rendered site)
    /// instead of freeing it on return: a command that exits right after never frees it, and
    /// freeing ten thousand pages takes a twentieth of a second.
    package func buildKeepingValues() async throws -> (summary: BuildSummary, values: BuildContext) {
        observers.send(.started)
        let output: OutputFolder
        do {
            guard let destination = layout.output else {
                throw SiteError("the site is read from a source that is not a folder on disk, and has no output folder: give "
                                + "SiteLayout(source:output:) one, or build it with build(into:) or buildInMemory()")
            }
            try OutputLocation.check(layout, output: destination)
            output = try OutputFolder(destination: destination)
        } catch {
            observers.send(.failed("\(error)"))
            throw error
        }
        let context = BuildContext(options: options, output: output)
        if let spare = output.spareLeft { context.warn(SpareFolder.leftWarning(spare, cached: false)) }
        return (try await run(context: context).summary, context)
    }

    /// A build kept in memory: every output file by its path, nothing written to disk.
    public struct InMemoryBuild: Sendable {
        /// What the build did.
        public let summary: BuildSummary
        /// Every output file, by its path in the output (`posts/hello/index.html`).
        public let files: [String: Data]
        /// The rendered pages.
        public let pages: [RenderedPage]
        /// The `baseURL` the build used (of `sitegen.yml`, or the options'), which links start with.
        public let baseURL: String
        /// The content file of each list page that has one (a folder's own page), by output path.
        var listSources: [String: String] = [:]
        /// Output folders whose files a tool makes when the site is written to disk (Pagefind's
        /// `pagefind/`), which an in-memory build does not hold.
        var toolFolders: [String] = []
        /// Whether `/about` may name the file `about.html`, as the hosts Jekyll sites are served
        /// from (GitHub Pages, `jekyll serve`) serve it: for a Jekyll site.
        var servesExtensionlessHTML = false

        /// The text of an output file.
        public func text(at path: String) -> String? {
            files[path].map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Builds the site and hands each of its files to `output`, in path order, once every step
    /// has succeeded: nothing is written to disk, and a build that fails hands over nothing.
    ///
    /// ```swift
    /// struct Upload: SiteOutput {
    ///     mutating func write(_ data: Data, to path: String) async throws {
    ///         try await bucket.put(data, key: path)
    ///     }
    /// }
    /// var upload = Upload()
    /// try await builder.build(into: &upload)
    /// ```
    ///
    /// - Throws: ``SiteError`` or ``SiteErrors`` naming the files (and steps) at fault, or the
    ///   first error `output` throws, as it is (the files after it are not handed over).
    @discardableResult
    public func build(into output: inout some SiteOutput) async throws -> BuildSummary {
        let build = try await buildInMemory()
        for (path, data) in build.files.sorted(by: { $0.key < $1.key }) {
            try await output.write(data, to: path)
        }
        return build.summary
    }

    /// Builds the site in memory, for generators and apps that embed sitegen.
    public func buildInMemory() async throws -> InMemoryBuild {
        observers.send(.started)
        let output = MemoryOutput()
        let context = BuildContext(options: options, output: output)
        let (summary, pages) = try await run(context: context)
        let baseURL = (try? context.loadedSite())?.configuration.baseURL ?? options.baseURL ?? "/"
        var build = InMemoryBuild(summary: summary, files: output.contents, pages: pages, baseURL: baseURL)
        if let loaded = try? context.loadedSite() {
            if loaded.configuration.searchIsOn { build.toolFolders.append("pagefind/") }
            build.servesExtensionlessHTML = loaded.configuration.jekyllPermalinks != nil
            for section in loaded.sections.values {
                guard let source = section.sourcePath else { continue }
                let contentPath = loaded.layout.contentPath(ofSitePath: source)
                build.listSources[URLPath.outputFile(for: section.url)] = contentPath
            }
        }
        return build
    }

    /// Runs the steps with `context`: its output, and for a live build what loading and
    /// rendering remember of the builds before.
    /// Runs the site's steps with `context` and commits the output; with `announcing`, tells
    /// the observers the build finished (a caller with more to do after the commit, such as
    /// writing the build cache, tells them itself, with what that adds).
    func run(context: BuildContext, announcing: Bool = true) async throws -> (summary: BuildSummary, pages: [RenderedPage]) {
        let start = DispatchTime.now().uptimeNanoseconds
        let output = context.output
        do {
            var working = site
            var copied = 0
            try await run(site.steps, site: &working, context: context, copied: &copied)
            // Pages' HTML a very large build kept in its own file and could not read back (a disk error) is never published empty.
            if case .rendered(let rendered) = context.current, rendered.pages.contains(where: \.lostHTML) {
                throw SiteError(file: layout.output?.path, "the pages' HTML this build kept in a temporary file there did not read back "
                                + "as it was written (a disk error?); nothing was published")
            }
            // Only a custom step's code can put files there behind the output's back (Pagefind's are
            // dealt with as it runs): a build without one skips the walk of every output.
            let strays = site.steps.contains(where: \.runsCustomCode) ? output.removeStrays() : []
            for stray in strays.prefix(10) {
                context.warn(SiteError(file: stray, "was put in the output by a build step or a program it ran, not written "
                                       + "through sitegen, and is not published (build steps add files with BuildContext.write(_:to:))"))
            }
            if strays.count > 10 { context.warn(SiteError("\(strays.count - 10) more files were put in the output that way and are not published")) }
            try output.commit()
            let seconds = Self.seconds(since: start)
            let rendered: RenderedSite? = if case .rendered(let rendered) = context.current { rendered } else { nil }
            let loaded: LoadedSite? = switch context.current {
            case .loaded(let loaded): loaded
            case .rendered(let rendered): rendered.loaded
            case .started: nil
            }
            let pages = rendered?.pages ?? []
            let warnings = (loaded?.warnings ?? []) + (rendered?.warnings ?? []) + context.warnings
            let summary = BuildSummary(pages: pages.count, listPages: rendered?.listPages ?? 0, files: copied, seconds: seconds,
                                       output: layout.output, warnings: warnings, notes: loaded?.notes ?? [],
                                       foreignConfiguration: loaded?.foreignConfiguration, imageCopiesMade: output.imageCopiesMade)
            if announcing { observers.send(.finished(summary)) }
            return (summary, pages)
        } catch {
            output.discard()
            observers.send(.failed("\(error)"))
            throw error
        }
    }

    private func run(_ steps: [BuildStep], site: inout Site, context: BuildContext, copied: inout Int) async throws {
        for step in steps {
            let stepStart = DispatchTime.now().uptimeNanoseconds
            switch (step.action, context.current) {
            case (.loadContent, .started):
                context.current = .loaded(try await load(memory: context.loadingMemory))
            case (.loadContent, .loaded) where context.loadedAhead:
                break
            case (.renderPages, .loaded(let loaded)):
                context.current = .rendered(try await render(loaded, site: site, context: context))
            case (.copyStaticFiles, .loaded(let loaded)):
                copied += try copyFiles(loaded, into: context.output)
            case (.copyStaticFiles, .rendered(let rendered)):
                copied += try copyFiles(rendered.loaded, into: context.output)
            case (.generateSitemap, .rendered(let rendered)):
                let memory = context.renderingMemory
                try SiteIndexes(site: rendered)?.writeSitemap(memory: memory, facts: memory.isRecording ? FactValues(rendered) : nil,
                                                               output: context.output)
            case (.generateFeeds, .rendered(let rendered)):
                let memory = context.renderingMemory
                try SiteIndexes(site: rendered)?.writeFeeds(memory: memory, facts: memory.isRecording ? FactValues(rendered) : nil,
                                                             output: context.output)
            case (.indexSearch, .rendered(let rendered)):
                if rendered.loaded.configuration.searchIsOn, context.output.builtFolder != nil {
                    try SearchIndexer.index(context.output) { context.warn($0) }
                }
            case (.installPlugin(let plugin), _):
                site.install(plugin)
            case (.addModifier(let modifier), _):
                site.addModifier(modifier)
            case (.custom(let body), _):
                context.step = step.name
                do {
                    try await body(context)
                } catch {
                    throw SiteError("build step '\(step.name)' failed: \(error)")
                }
            case (.group(let inner), _):
                try await run(inner, site: &site, context: context, copied: &copied)
            case (.conditional(let condition, let inner), _):
                if condition(options) { try await run([inner], site: &site, context: context, copied: &copied) }
            case (.optional(let inner), _):
                do {
                    try await run([inner], site: &site, context: context, copied: &copied)
                } catch {
                    context.warn(SiteError("optional step '\(inner.name)' failed: \(error)"))
                }
            default:
                throw SiteError("build step '\(step.name)' cannot run here: loadContent and renderPages run once each, in that order, before the steps that use their result")
            }
            observers.send(.stepFinished(name: step.name, seconds: Self.seconds(since: stepStart)))
        }
    }

    func load(memory: (any LoadingMemory)?) async throws -> LoadedSite {
        // No title yet: the loader takes the home page's, else the folder's name (ContentLoader.siteTitle).
        var configuration = SiteConfiguration(title: "")
        var warnings: [SiteError] = []
        var foreign: ForeignConfiguration?
        if layout.usesOwnConfiguration {
            let top = (try? layout.source.entries(in: "")) ?? []
            // A `sitegen.yml` that is a folder is a mistake, not a site without its configuration.
            if let name = SiteLayout.ownConfigurationNames.first(where: { top.contains(SiteSourceEntry(name: $0, kind: .folder)) }) {
                throw SiteError(file: name, "is a folder, not a file: the site's configuration is read from a file of that name")
            }
            // Nor is a link to nothing (a file moved away, a loop), which a listing leaves out.
            if let disk = layout.source.folder, let name = SiteLayout.ownConfigurationNames.first(where: {
                FileSystem.kind(disk.diskPath($0)) == .link && FileSystem.resolved(disk.diskPath($0)) == nil
            }) {
                throw SiteError(file: name, "is a link to nothing that can be read: the site's configuration is read from a file of that name")
            }
            if layout.configuration == "sitegen.yml", top.contains(SiteSourceEntry(name: "sitegen.yaml", kind: .file)) {
                warnings.append(SiteError(file: "sitegen.yaml", "is not read: sitegen.yml is; keep one of the two"))
            }
        }
        if let file = layout.configuration ?? layout.foreignConfiguration {
            let shown = layout.configurationFileShown ?? file
            // A site's own sitegen.yml that links outside it could put the builder's files in site.params.
            if layout.usesOwnConfiguration, let disk = layout.source.folder?.following(linksOutside: false),
               let real = FileSystem.resolved(disk.diskPath(file)), !disk.allows(real) {
                throw SiteError(file: shown, "is a link to \(real), outside the site folder, and is not read; "
                                + "pass it with --config \(real) to use it")
            }
            if layout.configuration == nil {
                (configuration, foreign) = try ForeignConfiguration.read(file, in: layout.source, displayPath: shown,
                                                                         defaultTitle: configuration.title)
                if layout.contentFolderIsMissing {
                    throw SiteError(file: shown, "the content folders `contentDir` names are not there, and the site has "
                                    + "no content/ folder; create them, or fix `contentDir`")
                }
            } else {
                configuration = try SiteConfiguration.load(file, in: layout.configurationSource, displayPath: shown,
                                                           defaultTitle: configuration.title, warnings: &warnings)
            }
        }
        if let baseURL = options.baseURL {
            if let problem = BaseURL.problem(with: baseURL) { throw SiteError("--base-url \(baseURL) \(problem)") }
            configuration.baseURL = baseURL
        } else if let problem = BaseURL.problem(with: configuration.baseURL) {
            throw SiteError(file: layout.configurationShown, "`baseURL: \(configuration.baseURL)` \(problem)")
        }
        var loaded = try await ContentLoader(layout: layout, configuration: configuration, options: options, memory: memory).load()
        var dataWarnings: [SiteError] = []
        let isJekyllData = layout.data == "_data"
        loaded.data = try DataFiles.load(layout.data, shownAs: isJekyllData ? "_data/" : "data/",
                                         walker: FolderWalker(layout: layout, configuration: configuration),
                                         skipped: isJekyllData ? { dataWarnings.append(SiteError(file: $0.file, line: $0.line,
                                                                                                   $0.message + "; left out of site.data")) } : nil)
        loaded.warnings = warnings + loaded.warnings + dataWarnings
        loaded.foreignConfiguration = foreign
        return loaded
    }

    private func render(_ loaded: LoadedSite, site: Site, context: BuildContext) async throws -> RenderedSite {
        var site = site
        site.install(loaded.configuration.plugins.compactMap(Plugin.named))
        var stage = try RenderStage(loaded: loaded, site: site, strict: options.strict)
        if context.output.makesImageCopies {
            // First, so that a page offers only the copies that could be made.
            stage.images = try await ImageCopyMaker(plan: stage.images, layout: loaded.layout, output: context.output).make().plan
        }
        await context.whenStaged?(stage)
        var renderer = stage.renderer(output: context.output, observers: observers, memory: context.renderingMemory)
        renderer.spillThreshold = options.spillThreshold
        return try await renderer.render()
    }

    /// Copies the theme's assets, `static/` and content files. A file of `static/` at the path
    /// of a theme asset replaces it (the way to change a theme's stylesheet), and so does any
    /// file of a Jekyll site (which has no `static/`), one whose Liquid runs (a stylesheet
    /// compiled from Sass) too; any other two files at one path fail the build when it commits.
    private func copyFiles(_ loaded: LoadedSite, into output: OutputWriter) throws -> Int {
        var count = 0
        let isJekyll = loaded.configuration.jekyllPermalinks != nil
        let liquidOutputs = isJekyll ? loaded.liquidFiles.map(JekyllSassSettings.stylesheetPath(of:)) : []
        let replaced = Set((loaded.files.filter { ($0.contentPath == nil && !$0.isHugoThemeFile) || isJekyll }.map(\.outputPath) + liquidOutputs)
            .compactMap { try? URLPath.outputPath($0) })
        let theme = loaded.configuration.theme
        let assets = Theme.assets(of: theme)
        for (path, text) in assets where !replaced.contains(path) {
            try output.write(text, to: path, owner: .themeAsset(path, theme: theme))
            count += 1
        }
        let source = loaded.layout.source
        // A Hugo theme's file where sitegen's theme has one is not published: sitegen's theme draws the pages.
        for file in loaded.files where !(file.isHugoThemeFile && assets[(try? URLPath.outputPath(file.outputPath)) ?? file.outputPath] != nil) {
            let owner = OutputOwner.file(file, layout: loaded.layout)
            if let disk = source.folder {
                // On disk, copied without being read into memory whole.
                let url = disk.url(of: file.path)
                do {
                    try output.copy(url, to: file.outputPath, owner: owner)
                } catch let error as SiteError where error.file == url.path {
                    throw SiteError(file: file.path, error.message)
                }
            } else {
                try output.write(source.read(file.path, maximumSize: .max, shownAs: file.path), to: file.outputPath, owner: owner)
            }
            count += 1
        }
        return count
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
