import Synchronization
import SitegenTemplates

/// What Jekyll's Liquid sees of the other documents of a site as a build learns it: each
/// document's value (for a post's `previous` and `next`) once all are made, and each page's
/// HTML (`content`, and the excerpt cut from it) once every page is parsed. Liquid that runs
/// before (a page's own text) sees no other page's HTML, whichever page was parsed first;
/// Liquid that runs after (folders' pages, layouts) sees all of it.
final class JekyllDocuments: Sendable {
    private struct State {
        var values: [String: TemplateValue] = [:]
        /// Each post's older and newer post, and each collection document's neighbours, by content path.
        var neighbours: [String: (previous: String?, next: String?)] = [:]
        var html: [String: @Sendable () -> String] = [:]
    }

    private let state = Mutex(State())

    /// Takes every document's value and each post's neighbours, by content path.
    func remember(values: [String: TemplateValue], neighbours: [String: (previous: String?, next: String?)]) {
        state.withLock {
            $0.values = values
            $0.neighbours = neighbours
        }
    }

    /// Takes each page's HTML, made when asked for, by content path.
    func remember(html: [String: @Sendable () -> String]) {
        state.withLock { $0.html = html }
    }

    /// The HTML of the page at `path`, once the pages are parsed.
    func html(of path: String) -> String? {
        state.withLock { $0.html[path] }?()
    }

    /// The value of the post before (`previous`, older) or after (`next`) the one at `path`.
    func neighbour(of path: String, next: Bool) -> TemplateValue? {
        state.withLock { state in
            state.neighbours[path].flatMap { next ? $0.next : $0.previous }.flatMap { state.values[$0] }
        }
    }
}
