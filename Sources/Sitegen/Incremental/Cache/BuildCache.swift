import Foundation
import Synchronization
import SitegenLimits

/// What `sitegen build` keeps from one build for the next, in one file beside the output
/// folder (`.sitegen-cache-NAME` for the output folder `NAME`, next to where the build is
/// staged): the stamp of every file of the site, each Markdown file's revision and parse, the
/// link targets, what each output read (``DependencyRecord``), the digest and stamp of each
/// output file, and what the build left in the spare output folder (``SpareFolder``). With it
/// the next build parses only the files that changed, renders only the outputs whose values or
/// facts changed, and writes only those into the spare; when no file changed it stops at once.
///
/// The cache is made by one `sitegen` binary for one site, output folder and set of options
/// (its key): any other finds it stale and builds from nothing. A cache that cannot be read
/// (truncated, corrupt, not a regular file of this user's, too large) is ignored with one
/// warning. Whatever the cache holds, the output is the one a build from nothing makes.
struct BuildCache {
    /// A Markdown file as the build read it: its stamp and revision, and the place of its
    /// page (``Page/placeDigest``), if it is one.
    struct KeptSource: Sendable, CacheCodable {
        let stamp: FileStamp
        let revision: Int
        let place: UInt64?

        func write(to writer: inout CacheWriter) {
            writer.write(stamp)
            writer.write(revision)
            writer.write(place != nil)
            if let place { writer.write(place) }
        }

        init(stamp: FileStamp, revision: Int, place: UInt64?) {
            self.stamp = stamp
            self.revision = revision
            self.place = place
        }

        init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
            stamp = try reader.read()
            revision = try reader.readInt()
            place = try reader.readBool() ? try reader.readUInt64() : nil
        }
    }

    /// An output file as the build left it: the digest of its text (of a written file) or the
    /// stamp of its source (of a copied one), and its own stamp.
    struct KeptOutput: Sendable, CacheCodable {
        let digest: UInt64?
        let source: FileStamp?
        let stamp: FileStamp

        init(digest: UInt64?, source: FileStamp?, stamp: FileStamp) {
            self.digest = digest
            self.source = source
            self.stamp = stamp
        }

        func write(to writer: inout CacheWriter) {
            writer.write(digest != nil)
            if let digest { writer.write(digest) }
            writer.write(source)
            writer.write(stamp)
        }

        init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
            digest = try reader.readBool() ? try reader.readUInt64() : nil
            source = try reader.readOptional()
            stamp = try reader.read()
        }
    }

    /// What a build that changed nothing says: the counts and messages of the build before.
    struct KeptSummary: Sendable, CacheCodable {
        let pages: Int
        let listPages: Int
        let files: Int
        let warnings: [SiteError]
        let notes: [SiteError]
        let foreignConfiguration: ForeignConfiguration?

        init(pages: Int, listPages: Int, files: Int, warnings: [SiteError], notes: [SiteError],
             foreignConfiguration: ForeignConfiguration? = nil) {
            self.pages = pages
            self.listPages = listPages
            self.files = files
            self.warnings = warnings
            self.notes = notes
            self.foreignConfiguration = foreignConfiguration
        }

        func write(to writer: inout CacheWriter) {
            writer.write(pages)
            writer.write(listPages)
            writer.write(files)
            writer.write(warnings)
            writer.write(notes)
            writer.write(foreignConfiguration != nil)
            if let foreign = foreignConfiguration {
                writer.write(foreign.generator.rawValue)
                writer.write(foreign.file)
                writer.write(foreign.keysRead)
                writer.write(foreign.keysNotUsed)
            }
        }

        init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
            pages = try reader.readInt()
            listPages = try reader.readInt()
            files = try reader.readInt()
            warnings = try reader.readArray()
            notes = try reader.readArray()
            if try reader.readBool() {
                guard let generator = ForeignConfiguration.Generator(rawValue: try reader.readString()) else { throw CacheReader.Malformed() }
                foreignConfiguration = ForeignConfiguration(generator: generator, file: try reader.readString(),
                                                            keysRead: try reader.readStrings(), keysNotUsed: try reader.readStrings())
            } else {
                foreignConfiguration = nil
            }
        }
    }

    /// What the cache holds but the parses, which are read only when a build needs them (and
    /// the record, read as ``Opened/record()`` only then).
    struct Contents: Sendable {
        var sources: [String: KeptSource] = [:]
        var nextRevision = 1
        var bundleFolders: [String] = []
        var linkTargets: [String: String] = [:]
        var record: DependencyRecord?
        var outputs: [String: KeptOutput] = [:]
        /// Every file of the site folder at the build, by absolute path (``SiteFiles``).
        var inputs: [String: FileStamp] = [:]
        /// Until when a build with no file changed would make the same output (a future page's
        /// date, the next year shown in footers).
        var validUntil: Date = .distantPast
        var summary = KeptSummary(pages: 0, listPages: 0, files: 0, warnings: [], notes: [])
        /// The output folder the build replaced, kept beside it for the next build to be staged in.
        var spare: SpareFolder.Record?
    }

    /// A cache read but for its parses.
    struct Opened: Sendable {
        let contents: Contents
        fileprivate let reader: PrivateFile.Reader
        /// Where the entries start: they end 8 bytes before the file does, at the length that
        /// ``BuildCache/read()`` checked.
        fileprivate let parsesOffset: Int
        /// The index's bytes, and where the record is in them (`nil`: none was kept).
        fileprivate let index: [UInt8]
        fileprivate let recordRange: Range<Int>?
        /// Where the spare's record is in the index (`nil`: none was kept).
        fileprivate let spareRange: Range<Int>?
        /// The file of pages' HTML the parses name: its number and length.
        fileprivate let html: (file: CachedPageHTML, id: UInt64, length: Int)

        /// How many bytes the index took (about what the next build's takes).
        var indexSize: Int { index.count }

        /// The file of pages' HTML the cache names, when it is not there as the cache wrote it
        /// (missing, cut short, another's, not a private regular file); `nil` when it opens.
        var unreadablePagesFile: String? {
            html.file.open(id: html.id, length: html.length) == nil ? html.file.path : nil
        }

        /// The contents with their record and the spare's; `nil` when one does not read. A build
        /// with no file changed stops without them.
        func withRecord() -> Contents? {
            var contents = contents
            if let spareRange {
                var reader = CacheReader(index, range: spareRange)
                guard let spare = try? reader.read(SpareFolder.Record.self), reader.isAtEnd else { return nil }
                contents.spare = spare
            }
            guard let recordRange else { return contents }
            var reader = CacheReader(index, range: recordRange)
            guard let record = try? reader.read(DependencyRecord.self), reader.isAtEnd else { return nil }
            contents.record = record
            return contents
        }

        /// Each Markdown file's text and parse, by content path (the HTML left in the file of
        /// pages' HTML, read when asked for), and that file; `nil` when that part of the cache
        /// does not read (an entry whose digest, its last 8 bytes, is not that of its bytes,
        /// too) or the file of pages' HTML is not the one the cache names. The entries are
        /// found one after the other (each after its path and length), then read on all cores.
        func pages() -> KeptPages? {
            guard let opened = html.file.open(id: html.id, length: html.length),
                  let bytes = reader.read(from: parsesOffset, count: reader.size - parsesOffset - 8) else { return nil }
            var reader = CacheReader(bytes)
            var entries: [(path: String, start: Int, record: Range<Int>)] = []
            do throws(CacheReader.Malformed) {
                let count = try reader.readCount(each: 16)
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    let start = reader.position
                    let path = try reader.readString()
                    let length = try reader.readCount()
                    let record = reader.position..<reader.position + length
                    try reader.skip(length)
                    entries.append((path, start, record))
                }
            } catch {
                return nil
            }
            guard reader.isAtEnd else { return nil }
            let chunks = Parallel.chunks(entries.count)
            let read = Mutex<[Int: [(KeptParse?, PageText.Kept?)]]>([:])
            let (found, file, length) = (entries, opened.file, opened.length)
            DispatchQueue.concurrentPerform(iterations: chunks.count) { chunk in
                var pages: [(KeptParse?, PageText.Kept?)] = []
                for entry in found[chunks[chunk]] {
                    // The entry, then its digest.
                    guard entry.record.count >= 8 else { return }
                    let content = entry.record.lowerBound..<entry.record.upperBound - 8
                    var digest = CacheReader(bytes, range: content.upperBound..<entry.record.upperBound)
                    let digestOK = bytes.withUnsafeBytes { all in
                        (try? digest.readUInt64()) == StableHasher.digest(bytes: UnsafeRawBufferPointer(rebasing: all[content]))
                    }
                    guard digestOK else { return }
                    var reader = CacheReader(bytes, range: content)
                    do throws(CacheReader.Malformed) {
                        let parse = try reader.readBool() ? try KeptParse(from: &reader, htmlIn: file) : nil
                        let text = try reader.readBool() ? try PageText.Kept(from: &reader) : nil
                        guard reader.isAtEnd else { return }
                        if let parse {
                            guard case .stored(let place, _) = parse.html, CachedPageHTML.isValid(place, length: length) else { return }
                        }
                        pages.append((parse, text))
                    } catch {
                        return
                    }
                }
                read.withLock { $0[chunk] = pages }
            }
            let chunksRead = read.withLock { $0 }
            guard chunksRead.count == chunks.count else { return nil }
            var pages = KeptPages(html: opened)
            pages.records = KeptEntries(bytes: bytes, ranges: Dictionary(
                entries.map { ($0.path, $0.start..<$0.record.upperBound) }, uniquingKeysWith: { first, _ in first }))
            pages.parses.reserveCapacity(entries.count)
            pages.texts.reserveCapacity(entries.count)
            for (chunk, range) in chunks.enumerated() {
                for (entry, (parse, text)) in zip(entries[range], chunksRead[chunk] ?? []) {
                    pages.parses[entry.path] = parse
                    pages.texts[entry.path] = text
                }
            }
            return pages
        }
    }

    /// What the cache keeps of each Markdown file, read only when a build needs it.
    struct KeptPages: Sendable {
        /// Each page's parse, by content path.
        var parses: [String: KeptParse] = [:]
        /// Each file's text but its body, by content path.
        var texts: [String: PageText.Kept] = [:]
        /// The file of pages' HTML the parses name.
        let html: CachedPageHTML.Opened
        /// Each file's entry as the cache holds it, which the next cache takes as it is when
        /// the file's parse and text did not change.
        var records: KeptEntries?
    }

    /// Each file's entry as the cache a build read holds it, to be copied as it is into the next.
    struct KeptEntries: Sendable {
        /// The entries' part of the cache read (which the kept parses' details are read from too).
        let bytes: [UInt8]
        /// Where each file's entry is in `bytes`, with the path and length before it.
        let ranges: [String: Range<Int>]
    }

    /// What reading the cache found.
    enum Reading {
        /// No cache: the first build.
        case missing
        /// A cache of another binary, site, output folder or set of options.
        case stale
        /// A cache that is not read, and why.
        case refused(String)
        case read(Opened)
    }

    /// The cache file.
    let path: String
    /// What the cache must have been made with to be used.
    let key: String

    /// The cache of the site at `layout` (in `siteFolder`, built into `output`) built with
    /// `options` by this binary.
    init(layout: SiteLayout, siteFolder: URL, output: URL, options: BuildOptions) {
        let output = FileSystem.realPath(output.path)
        let parent = (output as NSString).deletingLastPathComponent
        path = parent + "/.sitegen-cache-" + (output as NSString).lastPathComponent
        let binary = ExecutableFile.stamp.map { "\($0.seconds).\($0.nanoseconds) \($0.size) \($0.inode)" } ?? "unknown"
        key = [Self.format, SitegenVersion.number, binary, FileSystem.realPath(siteFolder.path), output,
               layout.configurationURL?.path ?? "", "\(options.includeDrafts) \(options.includeFuture) \(options.includeExpired) \(options.strict)",
               options.baseURL ?? ""].joined(separator: "\n")
    }

    /// The format of the file, raised whenever what it holds changes.
    private static let format = "sitegen build cache 12"

    /// Reads the cache but for its pages (see ``Opened/pages()``).
    func read() -> Reading {
        let file: PrivateFile.Reader
        switch PrivateFile.open(path, maximumSize: Limits.buildCacheBytes) {
        case .success(let opened): file = opened
        case .failure(.missing): return .missing
        case .failure(.notAFile): return .refused("is not a regular file")
        case .failure(.notPrivate): return .refused("belongs to another user or may be written by others")
        case .failure(.tooLarge): return .refused("is larger than \(LimitWording.size(Limits.buildCacheBytes)) (Limits: build cache size)")
        case .failure(.unreadable): return .refused("cannot be read")
        }
        // The key, then the length of what follows before the parses.
        let keyBytes = Array(key.utf8)
        guard let head = file.read(from: 0, count: min(file.size, 8 + keyBytes.count + 8)), head.count == 8 + keyBytes.count + 8 else {
            return file.size == 0 ? .refused("is corrupt") : .stale
        }
        var reader = CacheReader(head)
        do throws(CacheReader.Malformed) {
            // A key of another length (another base URL, say) is another key, not a corrupt one.
            var counted = reader
            guard try counted.readInt() == keyBytes.count, try reader.readString() == key else { return .stale }
            let length = try reader.readInt()
            guard length >= 0, length <= file.size - head.count, let bytes = file.read(from: head.count, count: length) else {
                return .refused("is corrupt")
            }
            reader = CacheReader(bytes)
            var contents = Contents()
            contents.sources = try reader.readDictionary()
            contents.nextRevision = try reader.readInt()
            contents.bundleFolders = try reader.readStrings()
            let targets = try reader.readCount(each: 16)
            for _ in 0..<targets { contents.linkTargets[try reader.readString()] = try reader.readString() }
            // The record after its length: read only when the build needs it.
            let recordRange = try reader.readSkippable()
            contents.outputs = try reader.readDictionary()
            contents.inputs = try reader.readDictionary()
            contents.validUntil = Date(timeIntervalSinceReferenceDate: try reader.readDouble())
            contents.summary = try reader.read()
            // The spare's record after its length, read with the record.
            let spareRange = try reader.readSkippable()
            let html = (file: CachedPageHTML(cachePath: path), id: try reader.readUInt64(), length: try reader.readInt())
            guard reader.isAtEnd else { return .refused("is corrupt") }
            // The entries' length is the file's last 8 bytes: a file grown past them (padded, say)
            // or cut short is refused here, before anything of its size is read, even by a build
            // with no file changed.
            let entriesLength = file.size - (head.count + length) - 8
            var trailer = CacheReader(entriesLength >= 0 ? file.read(from: file.size - 8, count: 8) ?? [] : [])
            guard entriesLength >= 0, (try? trailer.readInt()) == entriesLength else { return .refused("is corrupt") }
            return .read(Opened(contents: contents, reader: file, parsesOffset: head.count + length, index: bytes,
                                recordRange: recordRange, spareRange: spareRange, html: html))
        } catch {
            return .refused("is corrupt")
        }
    }

    /// A cache's write made ready while the build's output is swapped in: the index but for
    /// what only the end of the build knows (its summary and spare), and which files' entries
    /// are copied as the cache read them and which are made.
    struct PreparedWrite: Sendable {
        /// The index from the files' stamps to when the build's output holds until.
        fileprivate let index: [UInt8]
        /// The runs of entries copied from the cache read, in its order.
        fileprivate let runs: [Range<Int>]
        /// The files whose entries are made, each with its parse's place among the parses (`nil`: none).
        fileprivate let made: [(path: String, parse: Int?)]
        /// How many parses the plan was made with.
        fileprivate let parseCount: Int
        /// How many entries there are: one for each file with a parse or a text.
        fileprivate let count: Int
        /// The file of pages' HTML the kept parses' HTML is in (`nil`: none was read).
        fileprivate let htmlFile: SpillFile?
    }

    /// Makes ready the write of `contents` (but its summary and spare): see ``write(_:summary:spare:parses:texts:html:kept:)``.
    /// `indexSize`: about how many bytes the index takes (the one read), room made for at once.
    func prepare(_ contents: Contents, parses: [String: KeptParse], texts: [String: PageText.Kept], html opened: CachedPageHTML.Opened?,
                 kept: KeptEntries?, indexSize: Int = 0) -> PreparedWrite {
        // The index's two halves, made on all cores.
        let parts = Parallel.map(2, onAllCoresFrom: 2) { part -> [UInt8] in
            // Room for all of it in each half (memory not written is not taken): grown by doubling,
            // the buffer's copies and fresh pages took half of making the index.
            var index = CacheWriter(capacity: max(1 << 20, indexSize))
            switch part {
            case 0:
                index.write(contents.sources)
                index.write(contents.nextRevision)
                index.write(contents.bundleFolders)
                index.write(contents.linkTargets.count)
                for (key, target) in contents.linkTargets {
                    index.write(key)
                    index.write(target)
                }
                index.writeSkippable(contents.record)
            default:
                index.write(contents.outputs)
                index.write(contents.inputs)
                index.write(contents.validUntil.timeIntervalSinceReferenceDate)
            }
            return index.bytes
        }
        // The entry of a file whose parse is the one `kept` read, its HTML where it was (in the
        // file of pages' HTML, which the write adds to), is copied as it is, with its neighbours
        // in the cache before: a one-page edit copies a few long runs.
        var made: [(path: String, parse: Int?)] = []
        var reused: [Range<Int>] = []
        var withText = 0
        for (position, (page, parse)) in parses.enumerated() {
            let hasText = texts[page] != nil
            if hasText { withText += 1 }
            if hasText, let kept, let opened, case .stored(_, let file) = parse.html, file === opened.file, let whole = kept.ranges[page] {
                reused.append(whole)
            } else {
                made.append((page, position))
            }
        }
        if withText < texts.count {
            for page in texts.keys where parses[page] == nil { made.append((page, nil)) }
        }
        reused.sort { $0.lowerBound < $1.lowerBound }
        var runs: [Range<Int>] = []
        for whole in reused {
            if let last = runs.last, last.upperBound == whole.lowerBound { runs[runs.count - 1] = last.lowerBound..<whole.upperBound } else { runs.append(whole) }
        }
        return PreparedWrite(index: parts[0] + parts[1], runs: runs, made: made, parseCount: parses.count, count: reused.count + made.count,
                             htmlFile: opened?.file)
    }

    /// Writes the cache for the next build, as `prepared` (made from the same `parses`, `texts`,
    /// `opened` and `kept`) says, with the build's `summary` and `spare`; false when it cannot
    /// be written (the next build then builds from nothing). The pages' HTML goes to the file of
    /// pages' HTML first (``CachedPageHTML``): the HTML kept in `opened` (the file as this build
    /// opened it) stays where it is, unless that file is made anew (then every entry is made).
    @discardableResult
    func write(_ prepared: PreparedWrite, summary: KeptSummary, spare: SpareFolder.Record?, parses: [String: KeptParse],
               texts: [String: PageText.Kept], html opened: CachedPageHTML.Opened?, kept: KeptEntries?) -> Bool {
        let html = CachedPageHTML(cachePath: path)
        guard prepared.parseCount == parses.count, let stored = html.write(parses.values, opened: opened) else { return false }
        // The HTML kept stayed where it was (the file was added to): the entries copied name it
        // there still. Else every entry is made, with the places of the file made anew.
        let (runs, made, count): ([Range<Int>], [(path: String, parse: Int?)], Int)
        if let opened, kept != nil, stored.id == opened.id, prepared.htmlFile === opened.file {
            (runs, made, count) = (prepared.runs, prepared.made, prepared.count)
        } else {
            let all = parses.keys.enumerated().map { ($1, Optional($0)) } + texts.keys.filter { parses[$0] == nil }.map { ($0, nil) }
            (runs, made, count) = ([], all, all.count)
        }
        var tail = CacheWriter(capacity: 1 << 16)
        tail.write(summary)
        tail.writeSkippable(spare)
        tail.write(stored.id)
        tail.write(stored.length)
        // The places of the parses whose entries are made, by their order among the parses.
        let placeOfParse = stored.places
        // Each Markdown file's parse and text after its path and length.
        return PrivateFile.replace(path) { write in
            var head = CacheWriter(capacity: 1 << 10)
            head.write(key)
            head.write(prepared.index.count + tail.bytes.count)
            guard head.bytes.withUnsafeBytes({ write($0) }), prepared.index.withUnsafeBytes({ write($0) }),
                  tail.bytes.withUnsafeBytes({ write($0) }) else { return false }
            head.removeAll()
            head.write(count)
            guard head.bytes.withUnsafeBytes({ write($0) }) else { return false }
            // How long the entries are, counted as they go, written after them.
            var entriesLength = head.bytes.count
            if let kept, !runs.isEmpty {
                let copied = kept.bytes.withUnsafeBytes { bytes in runs.allSatisfy { write(UnsafeRawBufferPointer(rebasing: bytes[$0])) } }
                guard copied else { return false }
                entriesLength += runs.reduce(0) { $0 + $1.count }
            }
            // The others a batch at a time (each made on all cores), so that a big site's are never all in memory.
            for batch in stride(from: 0, to: made.count, by: Self.entriesBatch) {
                let pieces = Parallel.chunks(min(Self.entriesBatch, made.count - batch)).map { ($0.lowerBound + batch)..<($0.upperBound + batch) }
                let entries = Parallel.map(pieces.count, onAllCoresFrom: 2) { piece in
                    Self.entries(of: made[pieces[piece]], parses: parses, texts: texts, placeOfParse: placeOfParse)
                }
                for bytes in entries {
                    guard bytes.withUnsafeBytes({ write($0) }) else { return false }
                    entriesLength += bytes.count
                }
            }
            head.removeAll()
            head.write(entriesLength)
            return head.bytes.withUnsafeBytes { write($0) }
        }
    }

    /// How many files' entries are made before they are written.
    private static let entriesBatch = 4_096

    /// The cache's entries of the files `made` (each with its parse's place among the parses):
    /// each path, then the length of its entry, then the entry (its parse and text).
    private static func entries(of made: ArraySlice<(path: String, parse: Int?)>, parses: [String: KeptParse], texts: [String: PageText.Kept],
                                placeOfParse: [CachedPageHTML.Place]) -> [UInt8] {
        var file = CacheWriter(capacity: 1 << 20)
        var record = CacheWriter(capacity: 1 << 16)
        for (page, position) in made {
            record.removeAll()
            let parse = position.flatMap { $0 < placeOfParse.count ? parses[page] : nil }
            record.write(parse != nil)
            if let parse, let position { parse.write(to: &record, html: placeOfParse[position]) }
            record.write(texts[page] != nil)
            if let text = texts[page] { record.write(text) }
            // The entry's digest last: an entry changed in the file (a flipped bit that still reads) is refused.
            record.write(record.bytes.withUnsafeBytes { StableHasher.digest(bytes: $0) })
            file.write(page)
            file.write(record.bytes.count)
            file.append(record.bytes)
        }
        return file.bytes
    }
}
