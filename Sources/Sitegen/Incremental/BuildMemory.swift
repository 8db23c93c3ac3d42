import Foundation
import SitegenMarkdown
import Synchronization

/// What a live build (``LiveSiteBuilder``) remembers from one build to the next: the Markdown
/// files as read (with their front matter), each page as parsed, the link targets each page
/// looked up, which facts each output read, the last build's ``RenderedSite``, and what each
/// output file holds. Loading reads it as its ``LoadingMemory``; rendering through
/// ``LiveRendering``. A build cache (``BuildCache``) keeps part of it from one `sitegen build`
/// to the next: the files' stamps and revisions, the parses, the link targets and the record.
final class BuildMemory: LoadingMemory {
    /// A file read earlier, known by its modification time, size and inode.
    struct SourceEntry: Sendable {
        let stamp: FileStamp
        /// `nil` for a file known from a build cache, not read yet.
        let source: PageText?
        /// Different for every read, so a page knows whether its parse is still good.
        let revision: Int
    }

    private struct State {
        var sources: [String: SourceEntry] = [:]
        var nextRevision = 1
        var parsed: [String: ParsedPage] = [:]
        /// Parses a build cache kept, by content path, for the pages loaded again.
        var kept: [String: KeptParse] = [:]
        /// The parses a build cache kept that this build used as they were, by content path.
        var reused: [String: KeptParse] = [:]
        var pages: [String: Page] = [:]
        var bundleFolders: Set<String> = []
        var linkTargets: [String: String] = [:]
        var record: DependencyRecord?
        var lastBuild: LastBuild?
        var outputs: [String: UInt64] = [:]
        var copies: [String: FileStamp] = [:]
        /// What a build cache kept of each page's place (``Page/placeDigest``), by content path.
        var places: [String: UInt64] = [:]
        /// The pages the last render parsed anew, and whether each kept its title and place.
        var edits: [String: Bool] = [:]
        /// The pages ``parsed(_:changedTargets:)`` last found no parse for: their number in the
        /// pages it was given, of how many (the parses kept next are of those pages, in their order).
        var missed: (indices: [Int], of: Int)?
        /// The stamps a cached build read of the site's files as it began, by path (a file's
        /// stamp is not read again as it is loaded).
        var walked: [String: FileStamp] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// A memory holding what a build cache kept of an earlier build: the files' stamps and
    /// revisions, their `texts` (their bodies left in the files) and the `parses`.
    init(restoring kept: BuildCache.Contents, parses: [String: KeptParse], texts: [String: PageText]) {
        state.withLock { state in
            state.sources.reserveCapacity(kept.sources.count)
            for (path, source) in kept.sources {
                state.sources[path] = SourceEntry(stamp: source.stamp, source: texts[path], revision: source.revision)
            }
            state.places = kept.sources.compactMapValues(\.place)
            state.nextRevision = kept.nextRevision
            state.kept = parses
            state.bundleFolders = Set(kept.bundleFolders)
            state.linkTargets = kept.linkTargets
            state.record = kept.record
        }
    }

    /// What a build cache keeps for the next `sitegen build`: each file's stamp, revision and
    /// text (but its body), each page's parse, the page bundles, the link targets and the record.
    func keptForNextBuild() -> (sources: [String: BuildCache.KeptSource], texts: [String: PageText.Kept], nextRevision: Int,
                                parses: [String: KeptParse], bundleFolders: [String], linkTargets: [String: String],
                                record: DependencyRecord?) {
        let state = state.withLock { $0 }
        // Each page's place digest on all cores: a hash of its place, for every page of the site.
        let paths = Array(state.sources.keys)
        let places = Parallel.map(paths.count, onAllCoresFrom: 1_024) { state.pages[paths[$0]]?.placeDigest }
        var sources: [String: BuildCache.KeptSource] = [:]
        sources.reserveCapacity(paths.count)
        for (path, place) in zip(paths, places) {
            let source = state.sources[path]!
            sources[path] = BuildCache.KeptSource(stamp: source.stamp, revision: source.revision, place: place)
        }
        var parses = state.kept
        for (path, parsed) in state.parsed {
            parses[path] = state.reused[path].flatMap { $0.revision == parsed.revision ? $0 : nil } ?? KeptParse(parsed)
        }
        return (sources, state.sources.compactMapValues { $0.source?.kept }, state.nextRevision, parses, state.bundleFolders.sorted(),
                state.linkTargets, state.record)
    }

    // MARK: Sources

    /// The sources read so far (not those a build cache knows of that were not read again).
    func loadedSources() -> [PageText] {
        state.withLock { $0.sources.values.compactMap(\.source) }
    }

    /// The content paths of the files known.
    func loadedPaths() -> [String] {
        state.withLock { Array($0.sources.keys) }
    }

    /// The file at content path `path` as read last, if it was.
    func knownSource(_ path: String) -> SourceEntry? {
        state.withLock { $0.sources[path] }
    }

    func source(at file: String, path: String, read: () throws -> PageText) rethrows -> (PageText, Int) {
        let (known, walked) = state.withLock { ($0.sources[path], $0.walked[file]) }
        return try source(at: file, path: path, known: known, stamp: walked, read: read)
    }

    /// Takes the stamps of the site's files (by path) that a cached build read as it began as
    /// theirs while the site loads (``SiteFiles``): the build is of the files as they were then.
    func useStamps(_ stamps: [String: FileStamp]) {
        state.withLock { $0.walked = stamps }
    }

    /// The source of the file at `file` (whose content path is `path`), read again only when
    /// it changed since `known` was read; `stamp`, its stamp when it was read already.
    func source(at file: String, path: String, known: SourceEntry?, stamp: FileStamp? = nil,
                read: () throws -> PageText) rethrows -> (PageText, Int) {
        let stamp = stamp ?? FileStamp(sourceAt: file)
        if let stamp, let known, known.stamp == stamp {
            if let source = known.source { return (source, known.revision) }
            // Known from a build cache: read, keeping its revision (its parse is good).
            let source = try read()
            state.withLock { $0.sources[path] = SourceEntry(stamp: stamp, source: source, revision: known.revision) }
            return (source, known.revision)
        }
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
                state.kept = [:]
                state.reused = [:]
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

    /// The parse of each of `pages` from an earlier build (`nil` for one to parse again), if its
    /// file and the links it used are unchanged, with the page as it is now (what the other
    /// pages decide of it, such as which aliases it keeps, may have changed: ``AliasClaims``).
    func parsed(_ pages: [Page], changedTargets: Set<String>) -> [ParsedPage?] {
        // The memory's parses are read once, then checked on all cores without the lock.
        let (live, kept) = state.withLock { ($0.parsed, $0.kept) }
        // A page whose text changed changes the parses that read it (``LinkLookups/readKey(_:)``).
        var changedTargets = changedTargets
        for page in pages where page.revision != (live[page.sourcePath]?.revision ?? kept[page.sourcePath]?.revision) {
            changedTargets.insert(LinkLookups.readKey(page.sourcePath))
        }
        // An edit's few changed targets are compared with each page's lookups, sooner than each lookup is hashed.
        let few = changedTargets.count <= 8 ? Array(changedTargets) : nil
        let found = Parallel.map(pages.count, onAllCoresFrom: 256) { [changedTargets] index -> (parse: ParsedPage, fromCache: Bool)? in
            let page = pages[index]
            guard page.revision != 0 else { return nil }
            let live = live[page.sourcePath], kept = live == nil ? kept[page.sourcePath] : nil
            let known = live.map { $0.with(page: page) } ?? kept.flatMap { $0.revision == page.revision ? $0.parsed(of: page) : nil }
            let readsChanged = { (lookups: [String]) in
                few.map { few in lookups.contains { few.contains($0) } } ?? lookups.contains(where: changedTargets.contains)
            }
            guard let known, known.revision == page.revision, changedTargets.isEmpty || !readsChanged(known.lookups),
                  known.includes.allSatisfy(\.isUnchanged) else { return nil }
            return (known, kept != nil)
        }
        // The cache's own form of each parse it gave is what the next cache keeps of it.
        state.withLock { state in
            state.missed = (found.indices.filter { found[$0] == nil }, found.count)
            state.reused.reserveCapacity(state.reused.count + found.count)
            for (page, found) in zip(pages, found) where found?.fromCache == true {
                state.reused[page.sourcePath] = kept[page.sourcePath]
            }
        }
        return found.map { $0?.parse }
    }

    /// Keeps this build's parses (forgetting pages that are gone) and the link targets they
    /// were made with.
    func keep(parsed pages: [ParsedPage], targets: [String: String]) {
        var parsed: [String: ParsedPage] = [:]
        parsed.reserveCapacity(pages.count)
        for page in pages { parsed[page.page.page.sourcePath] = page }
        state.withLock { state in
            state.edits = [:]
            // Only a page no parse was found for can have been edited: its parse before was of another revision, or none.
            let missed = state.missed.take().flatMap { $0.of == pages.count ? $0.indices : nil }
            for page in missed.map({ $0.map { pages[$0] } }) ?? pages {
                let path = page.page.page.sourcePath
                let before = state.parsed[path].map { ($0.revision, $0.page.title) } ?? state.kept[path].map { ($0.revision, $0.title) }
                // Parsed anew at the revision it had: for a file it includes, or a link's target, which changed; not an edit
                // of the page alone (its own output and those that show it are not all that may change).
                guard before?.0 != page.revision else {
                    if before != nil { state.edits[path] = false }
                    continue
                }
                state.edits[path] = before?.1 == page.page.title && state.places[path].map { $0 == page.page.page.placeDigest } == true
            }
            state.parsed = parsed
            state.kept = [:]
            state.linkTargets = targets
        }
    }

    /// The pages the last render parsed anew, by content path, and whether each kept the title
    /// and place (``Page/placeDigest``) a build cache knew of it.
    var edits: [String: Bool] {
        state.withLock { $0.edits }
    }

    /// The link targets (content path, or ``LinkLookups/urlKey(_:)`` of an alias → URL) that
    /// differ from those the kept parses were made with, with the lookups they change.
    func changedTargets(_ targets: [String: String]) -> Set<String> {
        state.withLock { state in
            var changed: Set<String> = []
            // A page whose URL changed changes the links written from the root that named it by either URL.
            func note(_ key: String, _ urls: String?...) {
                changed.insert(key)
                for url in urls { if let url, let key = LinkLookups.urlKey(ofURL: url) { changed.insert(key) } }
            }
            for (key, value) in targets where state.linkTargets[key] != value { note(key, value, state.linkTargets[key]) }
            for (key, value) in state.linkTargets where targets[key] == nil { note(key, value) }
            if !changed.isEmpty { changed.insert(LinkLookups.scanKey) }
            return changed
        }
    }

    // MARK: Dependencies

    /// Keeps in the record only the outputs for which `kept` is true (the others are rendered again).
    func keepRecord(where kept: (String) -> Bool) {
        state.withLock { state in
            state.record?.keepOnly(where: kept)
        }
    }

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
        }
    }

    /// Notes that a build failed: the next starts from the record of the last that succeeded.
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

    /// Changes the last build in place (a copy is made only while another reference to it
    /// is alive); returns what `change` returns, `nil` when there is no last build.
    @discardableResult
    func changeLastBuild<Result>(_ change: (inout LastBuild) -> Result) -> Result? {
        state.withLock { state in
            guard var last = state.lastBuild.take() else { return nil }
            defer { state.lastBuild = last }
            return change(&last)
        }
    }

    /// Takes in pages that ``PageEdit`` rendered again (already in the last build): their
    /// parses and pages, and what the outputs rendered read, put in the record in place.
    func keepEdit(_ parsed: [ParsedPage], reads: OutputPlan.Reads) {
        state.withLock { state in
            for entry in parsed {
                let page = entry.page.page
                state.parsed[page.sourcePath] = entry
                state.pages[page.sourcePath] = page
                state.reused[page.sourcePath] = nil
            }
            state.record?.apply(reads)
        }
    }

    /// Forgets the parses too (after a change to what pages' tags read: shortcode files,
    /// includes, data): every page is parsed again.
    func forgetParses() {
        state.withLock { state in
            state.parsed = [:]
            state.kept = [:]
            state.reused = [:]
            state.lastBuild = nil
        }
    }

    /// Forgets pages and parses too (after a configuration change: URLs, taxonomies and links
    /// may all change); keeps what it knows of the files on disk.
    func forgetPages() {
        state.withLock { state in
            state.record = nil
            state.lastBuild = nil
            state.parsed = [:]
            state.kept = [:]
            state.reused = [:]
            state.pages = [:]
            state.linkTargets = [:]
        }
    }

    // MARK: Output files

    /// Whether a live build wrote outputs already.
    var hasWrittenOutputs: Bool {
        state.withLock { !$0.outputs.isEmpty || !$0.copies.isEmpty }
    }

    /// The digest of the text written at output path `path`.
    func writtenText(_ path: String) -> UInt64? {
        state.withLock { $0.outputs[path] }
    }

    /// The stamp of the file copied to output path `path`.
    func writtenCopy(_ path: String) -> FileStamp? {
        state.withLock { $0.copies[path] }
    }

    /// The output paths written or copied.
    func writtenPaths() -> Set<String> {
        state.withLock { Set($0.outputs.keys).union($0.copies.keys) }
    }

    /// Notes what a build that succeeded made: the digest of each text, the stamp of each file
    /// copied; with `keepingOthers`, the outputs of the builds before stay (changed in place).
    /// Returns the output paths of the build before that this one did not make (none when
    /// keeping the others).
    func noteWritten(texts: [String: UInt64], copies: [String: FileStamp], keepingOthers: Bool) -> [String] {
        state.withLock { state in
            if keepingOthers {
                for (path, digest) in texts { state.outputs[path] = digest }
                for (path, stamp) in copies { state.copies[path] = stamp }
                return []
            }
            let gone = Set(state.outputs.keys).union(state.copies.keys).subtracting(texts.keys).subtracting(copies.keys)
            state.outputs = texts
            state.copies = copies
            return Array(gone)
        }
    }
}
