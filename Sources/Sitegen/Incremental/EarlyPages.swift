import Foundation
import Synchronization

/// The pages a browser asks for while a preview builds its site from nothing (its first
/// build, or the one after a first build failed), made before the rest: as soon as the site is
/// loaded, an output asked for is rendered on its own, with only the pages it shows parsed,
/// and answered at once. Give one to a ``LiveSiteBuilder``, and ask it for what the output
/// folder does not hold yet.
///
/// One output is rendered at a time. The build waits for the requests that came before the
/// load to be answered, 2 s at most, then goes on beside them; a render takes the cores from
/// the build only while renders have taken less than 2 s plus half the time since the load, so
/// that a stream of requests (a crawler, a link checker) slows the build but never stops it.
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
        /// A folder whose page the build makes: the browser is sent to the path with a trailing slash.
        case folder
        /// Nothing made early: the build is over, and the output folder has what there is.
        case built
    }

    private struct State {
        /// Set once the render stage is assembled.
        var render: EarlyRender?
        /// Whether no build from nothing runs (none begun yet counts as running: a preview asks
        /// before its first build starts).
        var over = false
        var waitingForStage: [CheckedContinuation<Void, Never>] = []
        /// Requests waiting for the build's end, by ticket.
        var waitingForEnd: [Int: CheckedContinuation<Void, Never>] = [:]
        var tickets = 0
        /// Requests that came before the stage and are not answered yet, which the build waits for.
        var first = 0
        var buildWaiting: [CheckedContinuation<Void, Never>] = []
        /// Whether a render runs, and the requests waiting for their turn.
        var rendering = false
        var waitingToRender: [CheckedContinuation<Void, Never>] = []
        /// When the stage was assembled, and how long renders have held the cores since (nanoseconds).
        var stagedAt: UInt64 = 0
        var urgentTime: UInt64 = 0
        /// A digest of each output answered early, by output path, for the build's comparison.
        var answered: [String: UInt64] = [:]
        /// The last output made, by path: a folder's redirect is followed by a request for it.
        var lastMade: (path: String, data: Data)?
    }

    private let state = Mutex(State())
    /// How long the build waits, at most, for the requests that came before its stage.
    private let buildWait: UInt64

    /// How long renders may hold the cores before the build gets half of them: 2 s.
    private static let urgentAllowance: UInt64 = 2_000_000_000
    /// How many requests may wait for their turn to be rendered; the others wait for the build.
    private static let queued = 8
    /// How long a request waits for the build's end before the output folder is looked at: 10 s.
    private static let longestWait: UInt64 = 10_000_000_000

    /// Pages made early for the builds of one preview.
    public init() {
        buildWait = Self.urgentAllowance
    }

    /// Pages made early, the build waiting up to `buildWait` nanoseconds for the requests that
    /// came before its stage (the tests wait as long as it takes, on a machine busy with others).
    init(buildWait: UInt64) {
        self.buildWait = buildWait
    }

    /// What to answer for the output at `path` (an output path, `posts/a/index.html`), which
    /// the output folder does not hold: once the site is loaded, the output rendered on its
    /// own, a theme asset, a file of the site, or a folder's redirect; for anything else
    /// (feeds, a missing page, a page when 8 requests already wait for theirs), ``Answer/built``
    /// once the build is over, or after 10 s.
    public func answer(_ path: String) async -> Answer {
        let cameFirst = state.withLock { state -> Bool in
            guard !state.over && state.render == nil else { return false }
            state.first += 1
            return true
        }
        await staged()
        let answer = await made(path)
        if cameFirst { answeredFirst() }
        guard let answer else {
            await buildEnd()
            return .built
        }
        return answer
    }

    /// The file of the site that the build publishes as it is at `path` (an output path), once
    /// the site is loaded, when it lies in the site folder: the place on disk of an image whose
    /// copies a page shows; `nil` for any other path, or when no build from nothing runs.
    public func siteFile(_ path: String) async -> URL? {
        await staged()
        return state.withLock { $0.over ? nil : $0.render }?.siteFile(path)
    }

    /// The answer made for `path`, one render at a time; `nil` when there is none to make.
    private func made(_ path: String) async -> Answer? {
        guard let render = state.withLock({ $0.over ? nil : $0.render }) else { return nil }
        if let quick = render.quickAnswer(path) { return quick }
        guard await takeTurn() else { return nil }
        defer { endTurn() }
        guard !state.withLock({ $0.over }) else { return nil }
        // The same page asked for twice at once (a reload), or after its folder's redirect, is made once.
        if let last = state.withLock({ $0.lastMade }), last.path == path { return .made(last.data) }
        let start = DispatchTime.now().uptimeNanoseconds
        let urgent = state.withLock { $0.urgentTime < Self.urgentAllowance + (start - $0.stagedAt) / 2 }
        // Ahead of the build's own work, which fills the cores meanwhile, while renders have not held them too long.
        let answer = urgent ? await Parallel.urgently { await render.answer(path) } : await render.answer(path)
        state.withLock { state in
            if urgent { state.urgentTime += DispatchTime.now().uptimeNanoseconds - start }
            if let (made, data) = answer {
                state.answered[made] = Self.digest(data)
                state.lastMade = (made, data)
            }
        }
        guard let (made, data) = answer else { return nil }
        return made == path ? .made(data) : .folder
    }

    /// A build from nothing begins: requests wait for its stage (as they do before the first).
    func begin() {
        state.withLock { state in
            guard state.over else { return }
            state.over = false
            state.render = nil
            state.first = 0
            state.answered = [:]
            state.lastMade = nil
            state.urgentTime = 0
        }
    }

    /// The site is loaded and its render stage assembled: answers the requests waiting, and
    /// returns when those that came before are answered, or after 2 s of answering them (the
    /// build then goes on beside them).
    func staged(_ render: EarlyRender) async {
        let waiting = state.withLock { state in
            state.render = render
            state.stagedAt = DispatchTime.now().uptimeNanoseconds
            defer { state.waitingForStage = [] }
            return state.waitingForStage
        }
        for continuation in waiting { continuation.resume() }
        let timer = Task { [weak self, buildWait] in
            try await Task.sleep(nanoseconds: buildWait)
            self?.resumeBuild()
        }
        defer { timer.cancel() }
        await wait { $0.first > 0 ? \.buildWaiting : nil }
    }

    /// Lets the build go on, if it waits for the requests that came first.
    private func resumeBuild() {
        let build = state.withLock { state in
            defer { state.buildWaiting = [] }
            return state.buildWaiting
        }
        for continuation in build { continuation.resume() }
    }

    /// The build is over: every request still waiting looks in the output folder. Returns a
    /// digest of each output answered early (``digest(_:)``), by output path.
    func end() -> [String: UInt64] {
        let (waiting, answered) = state.withLock { state in
            state.over = true
            state.render = nil
            state.lastMade = nil
            defer { (state.waitingForStage, state.waitingForEnd, state.buildWaiting) = ([], [:], []) }
            return (state.waitingForStage + state.waitingForEnd.values + state.buildWaiting, state.answered)
        }
        for continuation in waiting { continuation.resume() }
        return answered
    }

    /// How many requests that came before the render stage was assembled are not answered yet.
    var waitingFirst: Int { state.withLock { $0.first } }

    /// A digest of an output's bytes, the same for the same bytes.
    static func digest(_ data: Data) -> UInt64 {
        var hasher = StableHasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    private func answeredFirst() {
        if state.withLock({ state in
            state.first -= 1
            return state.first == 0
        }) {
            resumeBuild()
        }
    }

    /// Returns once the render stage is assembled, or no build from nothing runs.
    private func staged() async {
        await wait { !$0.over && $0.render == nil ? \.waitingForStage : nil }
    }

    /// Returns when the build is over, or after ``longestWait`` (a request that no one may still
    /// wait for holds a connection of the server until then).
    private func buildEnd() async {
        let ticket = state.withLock { state in
            defer { state.tickets += 1 }
            return state.tickets
        }
        let timer = Task { [weak self] in
            try await Task.sleep(nanoseconds: Self.longestWait)
            self?.state.withLock { $0.waitingForEnd.removeValue(forKey: ticket) }?.resume()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                guard !state.over else { return true }
                state.waitingForEnd[ticket] = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Waits for this request's turn to render; false, at once, when too many wait already.
    private func takeTurn() async -> Bool {
        var queueFull = false
        await wait { state in
            guard state.rendering else {
                state.rendering = true
                return nil
            }
            guard state.waitingToRender.count < Self.queued else {
                queueFull = true
                return nil
            }
            return \.waitingToRender
        }
        return !queueFull
    }

    private func endTurn() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            // The turn passes to the next request, still taken.
            guard !state.waitingToRender.isEmpty else {
                state.rendering = false
                return nil
            }
            return state.waitingToRender.removeFirst()
        }
        next?.resume()
    }

    /// Returns at once when `queue` gives no list to wait in; else when resumed from that list.
    private func wait(_ queue: @escaping (inout State) -> WritableKeyPath<State, [CheckedContinuation<Void, Never>]>?) async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                guard let list = queue(&state) else { return true }
                state[keyPath: list].append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
