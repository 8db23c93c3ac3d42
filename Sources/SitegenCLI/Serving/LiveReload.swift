import Foundation
import Synchronization
import SitegenLimits

/// Tells the browsers showing the preview what happened: a rebuild (reload the page), a
/// stylesheet-only change (swap the stylesheets), or a failed build (show an overlay).
/// Each browser listens with server-sent events on ``path``.
final class LiveReload: Sendable {
    /// What a browser is told.
    enum Event: Sendable, Equatable {
        /// Reload the page.
        case reload
        /// Reload the stylesheets only.
        case css
        /// The build failed: show the message over the page until the next reload.
        case failed(String)

        /// The event as server-sent-events text.
        var text: String {
            switch self {
            case .reload: "event: reload\ndata: {}\n\n"
            case .css: "event: css\ndata: {}\n\n"
            case .failed(let message):
                "event: build-error\ndata: " + String(decoding: (try? JSONEncoder().encode(["message": message])) ?? Data(), as: UTF8.self) + "\n\n"
            }
        }
    }

    /// The URL path the browsers listen on.
    static let path = "/_sitegen/events"

    /// A browser listening: its event stream, and the output file of the page it shows.
    private struct Listener {
        let events: AsyncStream<String>.Continuation
        let page: String?
        /// When it started listening, to end the oldest first.
        let order: Int
    }

    /// The most event streams open at once: a new one beyond it ends the oldest (a browser's
    /// EventSource connects again by itself), so that streams never hold every connection the
    /// server takes and starve the requests for pages.
    static let maximumListeners = Limits.liveReloadListeners

    private struct State {
        var listeners: [UUID: Listener] = [:]
        var started = 0
        /// The error of the last build, shown to browsers that connect while it lasts.
        var failure: Event?
    }

    private let state = Mutex(State())

    /// A new listener's events, for a browser showing the page at `page` (a URL path); it stops
    /// listening when the stream is dropped.
    func listen(page: String? = nil) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let id = UUID()
        let (failure, oldest) = state.withLock { state in
            var oldest: Listener?
            if state.listeners.count >= Self.maximumListeners,
               let first = state.listeners.min(by: { $0.value.order < $1.value.order }) {
                oldest = state.listeners.removeValue(forKey: first.key)
            }
            state.started += 1
            state.listeners[id] = Listener(events: continuation, page: page.map(Self.outputFile(ofPage:)), order: state.started)
            return (state.failure, oldest)
        }
        // Outside the lock: ending a stream runs its termination handler, which takes the lock.
        oldest?.events.finish()
        continuation.yield(": connected\n\n")
        if let failure { continuation.yield(failure.text) }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` to every listener, or only to those showing one of `pages` (output paths).
    func send(_ event: Event, toViewersOf pages: Set<String>? = nil) {
        let listeners = state.withLock { state in
            if case .failed = event { state.failure = event } else { state.failure = nil }
            return state.listeners.values.filter { listener in pages.map { pages in listener.page.map(pages.contains) ?? false } ?? true }
        }
        for listener in listeners { listener.events.yield(event.text) }
    }

    /// The output files of the pages browsers show now.
    var viewedPages: Set<String> {
        state.withLock { Set($0.listeners.values.compactMap(\.page)) }
    }

    /// Sends a comment to every listener, so that streams of browsers that went away end.
    func ping() {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.events.yield(": ping\n\n") }
    }

    /// The output file a page's URL path is served from: `/posts/a/` → `posts/a/index.html`.
    static func outputFile(ofPage path: String) -> String {
        let decoded = path.removingPercentEncoding ?? path
        let inside = String(decoded.drop { $0 == "/" })
        return inside.isEmpty || inside.hasSuffix("/") ? inside + "index.html" : inside
    }

    /// How many browsers listen now.
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// The script put into every HTML page the preview serves, before `</body>`.
    static let script = """
        <script data-sitegen-live-reload>(() => {
          const events = new EventSource("\(path)?page=" + encodeURIComponent(location.pathname));
          events.addEventListener("reload", () => location.reload());
          events.addEventListener("css", () => {
            for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
              const url = new URL(link.href);
              url.searchParams.set("sitegen-reload", Date.now());
              link.href = url.href;
            }
          });
          events.addEventListener("build-error", (event) => {
            let overlay = document.getElementById("sitegen-build-error");
            if (!overlay) {
              overlay = document.createElement("pre");
              overlay.id = "sitegen-build-error";
              overlay.style.cssText = "position:fixed;inset:0;margin:0;z-index:2147483647;overflow:auto;padding:2rem;" +
                "background:rgba(24,24,27,.95);color:#fecaca;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
              document.body.appendChild(overlay);
            }
            overlay.textContent = "sitegen: the build failed\\n\\n" + JSON.parse(event.data).message +
              "\\n\\nThe preview shows the last good build; this goes away when the error is fixed.";
          });
        })();</script>

        """

    /// `html` with the live-reload script before its `</body>` (or at its end).
    static func inject(into html: Data) -> Data {
        let marker = Data("</body>".utf8)
        var result = html
        if let range = html.range(of: marker, options: .backwards) {
            result.replaceSubrange(range.lowerBound..<range.lowerBound, with: Data(script.utf8))
        } else {
            result.append(Data(script.utf8))
        }
        return result
    }
}
