import Foundation
import SitegenMarkdown
import Synchronization

/// What a live build (``LiveSiteBuilder``) remembers from one build to the next: the Markdown
/// files as read (with their front matter), each page as parsed, the link targets each page
/// looked up, which facts each output read, the last build's ``RenderedSite``, and what each
/// output file holds. Loading reads it as its ``LoadingMemory``; rendering through
/// ``LiveRendering``.
final class BuildMemory: LoadingMemory {
    /// A file read earlier, known by its modification time, size and inode.
    struct SourceEntry: Sendable {
        let stamp: FileStamp
        let source: MarkdownSource
        /// Different for every read, so a page knows whether its parse is still good.
        let revision: Int
    }

    private struct State {
        var sources: [String: SourceEntry] = [:]
        var nextRevision = 1
        var parsed: [String: ParsedPage] = [:]
        /// The pages of the last successful build, by source path, whose facts the record
        /// holds: those gone are told to the plan even when `parsed` no longer has them (it is
        /// emptied when page bundles change, and holds the parses of a build that failed).
        var parsedPaths: Set<String> = []
        var pages: [String: Page] = [:]
        var bundleFolders: Set<String> = []
        var linkTargets: [String: String] = [:]
        var record: DependencyRecord?
        var lastBuild: LastBuild?
        var outputs: [String: Int] = [:]
        var copies: [String: FileStamp] = [:]
    }

    private let state = Mutex(State())

    // MARK: Sources

    /// The files read so far, by content path.
    func sources() -> [String: SourceEntry] {
        state.withLock { $0.sources }
    }

    func source(at file: String, path: String, read: () throws -> MarkdownSource) rethrows -> (MarkdownSource, Int) {
        try source(at: file, path: path, known: state.withLock { $0.sources[path] }, read: read)
    }

    /// The source of the file at `file` (whose content path is `path`), read again only when
    /// it changed since `known` was read.
    func source(at file: String, path: String, known: SourceEntry?,
                read: () throws -> MarkdownSource) rethrows -> (MarkdownSource, Int) {
        let stamp = FileStamp(file)
        if let stamp, let known, known.stamp == stamp { return (known.source, known.revision) }
        let source = try read()
        let revision = state.withLock { state in
            state.nextRevision += 1
            if let stamp {
                state.sources[path] = SourceEntry(stamp: stamp, source: source, revision: state.nextRevision)
            }
            return state.nextRevision
        }
        return (source, revision)
    }

    // MARK: Pages

    /// The pages made from files at their revisions, valid while the page bundles stay the same
    /// (a new bundle moves the pages inside it to another section: pages and parses are then made again).
    func pages(bundleFolders: Set<String>) -> [String: Page] {
        state.withLock { state in
            if state.bundleFolders != bundleFolders {
                state.bundleFolders = bundleFolders
                state.pages = [:]
                state.parsed = [:]
            }
            return state.pages
        }
    }

    /// Keeps this build's pages for the next: `made` are those made anew; `all` is every page
    /// when some may be gone (`nil` when every earlier page is still there).
    func keep(made: [Page], all: [Page]?) {
        state.withLock { state in
            if let all {
                let present = Set(all.map(\.sourcePath))
                state.pages = state.pages.filter { present.contains($0.key) }
            }
            for page in made { state.pages[page.sourcePath] = page }
        }
    }

    // MARK: Parsed pages

    /// The parse of `page` from an earlier build, if its file and the links it used are unchanged,
    /// and so are its aliases: which of them it keeps depends on the other pages (``AliasClaims``).
    func parsed(_ page: Page, changedTargets: Set<String>) -> ParsedPage? {
        guard page.revision != 0, let known = state.withLock({ $0.parsed[page.sourcePath] }),
              known.revision == page.revision, known.lookups.isDisjoint(with: changedTargets),
              known.includes.allSatisfy(\.isUnchanged), known.page.page.aliases == page.aliases else { return nil }
        return known
    }

    /// Keeps this build's parses (forgetting pages that are gone) and the link targets they
    /// were made with; returns the source paths of the pages gone since the last successful build.
    func keep(parsed pages: [ParsedPage], targets: [String: String]) -> [String] {
        let parsed = Dictionary(pages.map { ($0.page.page.sourcePath, $0) }, uniquingKeysWith: { $1 })
        return state.withLock { state in
            let gone = state.parsedPaths.filter { parsed[$0] == nil }.sorted()
            state.parsed = parsed
            state.linkTargets = targets
            return gone
        }
    }

    /// The link targets (content path → URL) that differ from those the kept parses were made with.
    func changedTargets(_ targets: [String: String]) -> Set<String> {
        state.withLock { state in
            var changed: Set<String> = []
            for (key, value) in targets where state.linkTargets[key] != value { changed.insert(key) }
            for key in state.linkTargets.keys where targets[key] == nil { changed.insert(key) }
            return changed
        }
    }

    // MARK: Dependencies

    /// The dependency record of the last successful build.
    var record: DependencyRecord? {
        state.withLock { $0.record }
    }

    /// Keeps the record of a build that succeeded, and what it rendered (`nil`: it rendered
    /// nothing) for ``PageEdit``.
    func succeeded(with record: DependencyRecord, rendered: RenderedSite?) {
        state.withLock { state in
            state.record = record
            state.lastBuild = rendered.map(LastBuild.init)
            state.parsedPaths = Set(state.parsed.keys)
        }
    }

    /// Notes that a build failed: the next starts from the record of the last that succeeded
    /// (it sets the fingerprints of every page, whatever parses were kept).
    func failed() {
        state.withLock { state in
            state.lastBuild = nil
        }
    }

    // MARK: The last build, for page edits

    /// What the last successful build left for ``PageEdit``.
    var lastBuild: LastBuild? {
        state.withLock { $0.lastBuild }
    }

    /// Takes in a page that ``PageEdit`` rendered again: its parse, its page, the last build
    /// with it, and its fingerprints.
    func replace(_ parsed: ParsedPage, in build: LastBuild) {
        let page = parsed.page.page
        state.withLock { state in
            state.parsed[page.sourcePath] = parsed
            state.pages[page.sourcePath] = page
            state.lastBuild = build
            state.record?.fingerprints[.page(page.sourcePath)] = parsed.fingerprint
            state.record?.fingerprints[.listing(page.sourcePath)] = parsed.listingFingerprint
        }
    }

    /// Forgets the parses too (after a change to what pages' tags read: shortcode files,
    /// includes, data): every page is parsed again.
    func forgetParses() {
        forgetRendering()
        state.withLock { $0.parsed = [:] }
    }

    /// Forgets the dependency record (after a template or data change: every output renders
    /// again); keeps the parses.
    func forgetRendering() {
        state.withLock { state in
            state.record = nil
            state.lastBuild = nil
        }
    }

    /// Forgets pages and parses too (after a configuration change: URLs, taxonomies and links
    /// may all change); keeps what it knows of the files on disk.
    func forgetPages() {
        forgetRendering()
        state.withLock { state in
            state.parsed = [:]
            state.pages = [:]
            state.linkTargets = [:]
        }
    }

    // MARK: Output files

    /// The fingerprint of each output file's text as written, and the stamp of each copied file.
    var writtenOutputs: (texts: [String: Int], copies: [String: FileStamp]) {
        get { state.withLock { ($0.outputs, $0.copies) } }
        set { state.withLock { $0.outputs = newValue.texts; $0.copies = newValue.copies } }
    }
}
