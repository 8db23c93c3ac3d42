import Foundation
import Synchronization

/// What a custom build step sees: the build's options, the site as far as it is built, and
/// the output to add files to.
public final class BuildContext: Sendable {
    /// The build's options.
    public let options: BuildOptions
    /// The output, which every file reaches with its owner.
    let output: OutputWriter
    /// What loading keeps from the builds before (nothing, but in a live build).
    let loadingMemory: (any LoadingMemory)?
    /// What rendering keeps from the builds before, and which outputs it renders (all, but in
    /// a live build).
    let renderingMemory: any RenderingMemory
    /// Called once the render stage is assembled, before any page is parsed: a preview's first
    /// build renders there the pages a browser already asks for (``EarlyPages``).
    let whenStaged: (@Sendable (RenderStage) async -> Void)?
    private let stage = Mutex(BuildStage.started)
    private let extraWarnings = Mutex<[SiteError]>([])
    private let runningStep = Mutex("a build step")

    /// Whether the site was loaded before the build's steps ran (a cached build loads it while
    /// its output folder is made ready): the `loadContent` step finds it loaded.
    let loadedAhead: Bool

    init(options: BuildOptions, output: any OutputSink, loadingMemory: (any LoadingMemory)? = nil,
         renderingMemory: any RenderingMemory = .plain, whenStaged: (@Sendable (RenderStage) async -> Void)? = nil,
         loaded: LoadedSite? = nil) {
        self.options = options
        self.output = OutputWriter(output)
        self.loadingMemory = loadingMemory
        self.renderingMemory = renderingMemory
        self.whenStaged = whenStaged
        loadedAhead = loaded != nil
        if let loaded { stage.withLock { $0 = .loaded(loaded) } }
    }

    /// The loaded site; throws when no `loadContent` step ran before.
    public func loadedSite() throws -> LoadedSite {
        switch stage.withLock({ $0 }) {
        case .loaded(let loaded): return loaded
        case .rendered(let rendered): return rendered.loaded
        case .started: throw SiteError("this step needs a loadContent step before it")
        }
    }

    /// The rendered site; throws when no `renderPages` step ran before.
    public func renderedSite() throws -> RenderedSite {
        guard case .rendered(let rendered) = stage.withLock({ $0 }) else {
            throw SiteError("this step needs a renderPages step before it")
        }
        return rendered
    }

    /// Adds a file to the output. A path another output has too (a page, a feed…) fails the
    /// build, naming this step.
    public func write(_ text: String, to path: String) throws {
        try output.write(text, to: path, owner: .step(step))
    }

    /// Reports a problem that does not stop the build.
    public func warn(_ warning: SiteError) {
        extraWarnings.withLock { $0.append(warning) }
    }

    /// The name of the custom step running, which owns what ``write(_:to:)`` writes.
    var step: String {
        get { runningStep.withLock { $0 } }
        set { runningStep.withLock { $0 = newValue } }
    }

    var current: BuildStage {
        get { stage.withLock { $0 } }
        set { stage.withLock { $0 = newValue } }
    }

    var warnings: [SiteError] { extraWarnings.withLock { $0 } }
}

/// How far a build has come; each built-in step needs a certain stage.
enum BuildStage: Sendable {
    case started
    case loaded(LoadedSite)
    case rendered(RenderedSite)
}
