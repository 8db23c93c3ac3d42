/// One step of a build: a value that describes work, run by ``SiteBuilder``, which owns the
/// input and output, the concurrency, the errors and the progress reports.
public struct BuildStep: Sendable {
    /// The step's name, as errors and progress reports give it.
    public let name: String
    let action: Action

    enum Action: Sendable {
        case loadContent
        case renderPages
        case copyStaticFiles
    }

    /// Reads `sitegen.yml` and the content folder into a ``LoadedSite``.
    public static func loadContent() -> BuildStep { BuildStep(name: "loadContent", action: .loadContent) }

    /// Parses and renders every page, section list and the home page into the output.
    public static func renderPages() -> BuildStep { BuildStep(name: "renderPages", action: .renderPages) }

    /// Copies the theme's assets, `static/` and the content folder's other files.
    public static func copyStaticFiles() -> BuildStep { BuildStep(name: "copyStaticFiles", action: .copyStaticFiles) }

    /// What a bare content folder gets.
    public static let defaultSteps: [BuildStep] = [.loadContent(), .renderPages(), .copyStaticFiles()]
}
