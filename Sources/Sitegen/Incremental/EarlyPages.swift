import Foundation
import Synchronization

/// The pages a browser asks for while a preview's first build runs, made before the rest: as
/// soon as the site is loaded, each output asked for is rendered on its own, with only the
/// pages it shows parsed, and answered at once; the build goes on with the whole site after
/// the outputs asked for before the load are answered. Give one to a ``LiveSiteBuilder``, and
/// ask it for what the output folder does not hold yet.
///
/// The full build writes every output afterwards. An output answered early that it makes
/// otherwise (pages ordered by a title only their first heading gives) is in its result's
/// ``LiveSiteBuilder/Result/revised``, for the preview to reload.
public final class EarlyPages: Sendable {
    /// What the preview answers with.
    public enum Answer: Sendable, Equatable {
        /// The output's bytes, made early.
        case made(Data)
        /// A file of the site that the build publishes as it is (of `static/`, a bundle's), at this place on disk.
        case copied(URL)
        /// Nothing made early: the first build is over, and the output folder has what there is.
        case built
    }

    private struct State {
        /// Set once the render stage is assembled.
        var render: EarlyRender?
        var over = false
        /// Requests waiting for the load or for the end of the build.
        var waitingForLoad: [CheckedContinuation<Void, Never>] = []
        var waitingForEnd: [CheckedContinuation<Void, Never>] = []
        /// The requests that came before the load and are not answered yet, which the build waits for.
        var first = 0
        var buildWaiting: CheckedContinuation<Void, Never>?
        /// What was answered early, by output path.
        var answered: [String: Data] = [:]
    }

    private let state = Mutex(State())

    /// Pages made early for one first build.
    public init() {}

    /// What to answer for the output at `path` (an output path, `posts/a/index.html`), which
    /// the output folder does not hold: once the site is loaded, the output rendered on its
    /// own, a theme asset or a file of the site; for anything else, ``Answer/built`` once the
    /// first build is over.
    public func answer(_ path: String) async -> Answer {
        let cameFirst = state.withLock { state -> Bool in
            guard !state.over && state.render == nil else { return false }
            state.first += 1
            return true
        }
        await staged()
        let render = state.withLock { $0.over ? nil : $0.render }
        // Ahead of the build's own work, which fills the cores meanwhile.
        let answer = await Parallel.urgently { await render?.answer(path) }
        if case .made(let data) = answer { state.withLock { $0.answered[path] = data } }
        // Before waiting for the build's end, which waits for these.
        if cameFirst { answeredFirst() }
        guard let answer else {
            await buildEnd()
            return .built
        }
        return answer
    }

    /// The file of the site that the build publishes as it is at `path` (an output path), once
    /// the site is loaded: the place on disk of an image whose copies a page shows; `nil` for
    /// any other path, or once the first build is over.
    public func siteFile(_ path: String) async -> URL? {
        await staged()
        guard let render = state.withLock({ $0.over ? nil : $0.render }) else { return nil }
        return render.siteFile(path)
    }

    /// Returns once the render stage is assembled, or the first build is over.
    private func staged() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                guard !state.over && state.render == nil else { return true }
                state.waitingForLoad.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// The site is loaded and its render stage assembled: answers the requests waiting, and
    /// returns when those that came before are answered (the build then goes on).
    func staged(_ render: EarlyRender) async {
        let waiting = state.withLock { state in
            state.render = render
            defer { state.waitingForLoad = [] }
            return state.waitingForLoad
        }
        for continuation in waiting { continuation.resume() }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                guard state.first > 0 else { return true }
                state.buildWaiting = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// The first build is over: every request still waiting looks in the output folder.
    /// Returns what was answered early, by output path.
    func end() -> [String: Data] {
        let (waiting, build, answered) = state.withLock { state in
            state.over = true
            state.render = nil
            defer { (state.waitingForLoad, state.waitingForEnd, state.buildWaiting) = ([], [], nil) }
            return (state.waitingForLoad + state.waitingForEnd, state.buildWaiting, state.answered)
        }
        for continuation in waiting { continuation.resume() }
        build?.resume()
        return answered
    }

    /// How many requests that came before the render stage was assembled are not answered yet.
    var waitingFirst: Int { state.withLock { $0.first } }

    /// Whether the first build is over.
    var isOver: Bool { state.withLock { $0.over } }

    private func answeredFirst() {
        let build = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.first -= 1
            guard state.first == 0 else { return nil }
            defer { state.buildWaiting = nil }
            return state.buildWaiting
        }
        build?.resume()
    }

    private func buildEnd() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                guard !state.over else { return true }
                state.waitingForEnd.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
