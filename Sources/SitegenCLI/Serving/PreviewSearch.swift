import Foundation
import Sitegen

/// Keeps the preview's search index current: after a build that changed pages, Pagefind indexes
/// the preview folder again, off the build's path (browsers reload first; search catches up a
/// moment later). Requests that come while it runs make one more run; a missing Pagefind is
/// said once.
actor PreviewSearch {
    private let folder: String
    private var running = false
    private var pending = false
    private var warned = false

    /// Indexes the preview folder at `folder`.
    init(folder: String) {
        self.folder = folder
    }

    /// Asks for the folder to be indexed again.
    func refresh() {
        guard !running else {
            pending = true
            return
        }
        running = true
        Task.detached { [folder] in
            var again = true
            while again {
                let problem = SearchIndexer.indexInPlace(folder)
                again = await self.finished(problem)
            }
        }
    }

    /// Notes a run's end; whether to run once more.
    private func finished(_ problem: SiteError?) -> Bool {
        if let problem, !warned {
            warned = true
            TerminalOutput.warning(problem.description)
        }
        if pending {
            pending = false
            return true
        }
        running = false
        return false
    }
}
