/// One step of a build: a value that describes work, run by ``SiteBuilder``, which owns the
/// input and output, the concurrency, the errors and the progress reports.
///
/// ```swift
/// site.steps = [
///     .loadContent(),
///     .installPlugin(.lazyImages),
///     .renderPages(),
///     .copyStaticFiles(),
///     .step(named: "searchIndex") { context in
///         let pages = try context.renderedSite().pages
///         try context.write(searchIndex(pages), to: "search.json")
///     },
/// ]
/// ```
public struct BuildStep: Sendable {
    /// The step's name, as errors and progress reports give it.
    public let name: String
    let action: Action

    indirect enum Action: Sendable {
        case loadContent
        case renderPages
        case copyStaticFiles
        case generateSitemap
        case generateFeeds
        case indexSearch
        case installPlugin(Plugin)
        case addModifier(Modifier)
        case custom(@Sendable (BuildContext) async throws -> Void)
        case group([BuildStep])
        case conditional(@Sendable (BuildOptions) -> Bool, BuildStep)
        case optional(BuildStep)
    }

    /// Whether the step is, or holds, a custom step: code of the site's own, which may start
    /// programs that write into the output folder behind the build's back.
    var runsCustomCode: Bool {
        switch action {
        case .custom: true
        case .group(let steps): steps.contains(where: \.runsCustomCode)
        case .conditional(_, let step), .optional(let step): step.runsCustomCode
        default: false
        }
    }

    /// Reads `sitegen.yml` and the content folder into a ``LoadedSite``.
    public static func loadContent() -> BuildStep { BuildStep(name: "loadContent", action: .loadContent) }

    /// Parses and renders every page, section list and the home page into the output.
    public static func renderPages() -> BuildStep { BuildStep(name: "renderPages", action: .renderPages) }

    /// Copies the theme's assets, `static/` and the content folder's other files.
    public static func copyStaticFiles() -> BuildStep { BuildStep(name: "copyStaticFiles", action: .copyStaticFiles) }

    /// Writes `sitemap.xml` (every page once, `lastmod` from `updated` or `date`) and a
    /// `robots.txt` pointing at it. Needs an absolute `baseURL`; skipped without one.
    public static func generateSitemap() -> BuildStep { BuildStep(name: "generateSitemap", action: .generateSitemap) }

    /// Writes the Atom (`atom.xml`) and RSS 2.0 (`rss.xml`) feeds of the 20 newest dated pages,
    /// with absolute links, for the site and for each section with dated pages
    /// (`posts/atom.xml`). Needs an absolute `baseURL`; skipped without one.
    public static func generateFeeds() -> BuildStep { BuildStep(name: "generateFeeds", action: .generateFeeds) }

    /// Indexes the built pages for full-text search with Pagefind, into `pagefind/`, when the
    /// site's `search` is on (the docs theme's default). When Pagefind is not installed the
    /// build warns once, saying how to install it, and goes on without search. Run after the
    /// steps that write pages; `sitegen serve` indexes its preview after each build instead.
    public static func indexSearch() -> BuildStep { BuildStep(name: "indexSearch", action: .indexSearch) }

    /// Installs a plugin for the steps that follow (before `renderPages` to affect pages).
    public static func installPlugin(_ plugin: Plugin) -> BuildStep {
        BuildStep(name: "installPlugin(\(plugin.name))", action: .installPlugin(plugin))
    }

    /// Adds a modifier for the steps that follow (before `renderPages` to affect pages).
    public static func addModifier(_ modifier: Modifier) -> BuildStep {
        BuildStep(name: "addModifier(\(modifier.target.rawValue))", action: .addModifier(modifier))
    }

    /// Your own work, with the site built so far at hand; an error it throws fails the build
    /// and names the step.
    public static func step(named name: String, _ body: @escaping @Sendable (BuildContext) async throws -> Void) -> BuildStep {
        BuildStep(name: name, action: .custom(body))
    }

    /// Several steps under one name.
    public static func group(_ name: String, _ steps: [BuildStep]) -> BuildStep {
        BuildStep(name: name, action: .group(steps))
    }

    /// A step that runs only when `condition` holds for the build's options.
    public static func `if`(_ condition: @escaping @Sendable (BuildOptions) -> Bool, _ step: BuildStep) -> BuildStep {
        BuildStep(name: step.name, action: .conditional(condition, step))
    }

    /// A step whose failure is a warning instead of an error.
    public static func optional(_ step: BuildStep) -> BuildStep {
        BuildStep(name: step.name, action: .optional(step))
    }

    /// What a bare content folder gets.
    public static let defaultSteps: [BuildStep] = [
        .loadContent(), .renderPages(), .generateFeeds(), .generateSitemap(), .copyStaticFiles(), .indexSearch(),
    ]
}
