/// The pages' HTML a build cache keeps, in a file of its own beside the cache
/// (`.sitegen-cache-NAME.pages`): read a page at a time, only for the outputs a build renders,
/// and added to at its end by each build with the HTML of the pages it parsed anew, so that a
/// build after a one-page edit neither reads nor writes the HTML of every page. The file is
/// made again, with only the HTML in use, when more than half of it would be unused.
///
/// The cache names the file by a random number written at its start and the length it had:
/// another file in its place, or one cut short, leaves the cache's parses unused. Each page's
/// HTML is checked against its digest as it is read: HTML changed in place leaves the file
/// ``SpillFile/isDamaged``, and the build that read it is made again from nothing.
struct CachedPageHTML {
    /// The file at `path` held HTML other than a build cache wrote, and a build read it.
    struct Damaged: Error {
        let path: String
    }

    /// Where a page's HTML is in the file, and its ``StableHasher`` digest.
    struct Place: Equatable, Sendable {
        let range: Range<Int>
        let digest: UInt64
    }

    /// The file as a build found it.
    struct Opened {
        let path: String
        let id: UInt64
        /// Its length when the cache was written (what the cache's parses may name).
        let length: Int
        /// The file, for reading pages' HTML by their ranges.
        let file: SpillFile
        fileprivate let reader: PrivateFile.Reader
    }

    /// Where the first page's HTML may start: after the file's number.
    private static let start = 8

    /// The file.
    let path: String

    /// The file of the cache at `cachePath`.
    init(cachePath: String) {
        path = cachePath + ".pages"
    }

    /// The file the cache names: number `id`, at least `length` bytes long; `nil` when it is
    /// missing or another.
    func open(id: UInt64, length: Int) -> Opened? {
        guard length >= Self.start, case .success(let reader) = PrivateFile.open(path, maximumSize: .max), reader.size >= length,
              let head = reader.read(from: 0, count: Self.start),
              head.withUnsafeBytes({ UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }) == id,
              let file = reader.sharedForReading() else { return nil }
        return Opened(path: path, id: id, length: length, file: file, reader: reader)
    }

    /// Whether `place` may name a page's HTML in a file of `length` bytes.
    static func isValid(_ place: Place, length: Int) -> Bool {
        place.range.lowerBound >= start && place.range.upperBound <= length
    }

    /// Puts the HTML of `parses` in the file and returns the file's number and length, and
    /// where each parse's HTML is (in the order given); `nil` when it cannot be written, or
    /// when HTML kept in another file does not read back as it was. The
    /// HTML kept in `opened` stays where it is and the rest is added at the end, unless the
    /// file is missing or more than half of it would be unused: then it is made again.
    func write(_ parses: Dictionary<String, KeptParse>.Values, opened: Opened?) -> (id: UInt64, length: Int, places: [Place])? {
        // Each parse's HTML, not the parse (a copy of every parse took 7% of writing the cache).
        let htmls = parses.indices.map { parses[$0].html }
        if let opened {
            var used = 0
            var added = 0
            for html in htmls {
                switch html {
                case .stored(let place, let file) where file === opened.file: used += place.range.count
                case .stored(let place, _): added += place.range.count
                case .page(let page): added += page.content.utf8.count
                }
            }
            if (used + added) * 2 >= opened.length + added, let appended = append(htmls, to: opened) {
                return appended
            }
        }
        return remake(htmls)
    }

    private func append(_ htmls: [KeptParse.HTML], to opened: Opened) -> (id: UInt64, length: Int, places: [Place])? {
        var places: [Place] = []
        places.reserveCapacity(htmls.count)
        var end = 0
        let start = PrivateFile.append(to: path, readBy: opened.reader, cutTo: opened.length) { start, write in
            end = start
            for html in htmls {
                if case .stored(let place, let file) = html, file === opened.file {
                    places.append(place)
                    continue
                }
                guard let place = Self.write(html, at: end, write) else { return false }
                places.append(place)
                end = place.range.upperBound
            }
            return true
        }
        return start == nil ? nil : (opened.id, end, places)
    }

    private func remake(_ htmls: [KeptParse.HTML]) -> (id: UInt64, length: Int, places: [Place])? {
        let id = UInt64.random(in: .min ... .max)
        var places: [Place] = []
        places.reserveCapacity(htmls.count)
        var end = Self.start
        let made = PrivateFile.replace(path) { write in
            guard withUnsafeBytes(of: id.littleEndian, { write($0) }) else { return false }
            for html in htmls {
                guard let place = Self.write(html, at: end, write) else { return false }
                places.append(place)
                end = place.range.upperBound
            }
            return true
        }
        return made ? (id, end, places) : nil
    }

    /// Writes `html` with `write`, at `offset` of the file; where it went, or `nil` when it
    /// cannot be written or the file it is kept in does not read back.
    private static func write(_ html: KeptParse.HTML, at offset: Int, _ write: (UnsafeRawBufferPointer) -> Bool) -> Place? {
        let text: String? = switch html {
        case .page(let page): page.content
        case .stored(let place, let file): file?.text(at: place.range, digest: place.digest)
        }
        guard var text else { return nil }
        return text.withUTF8 { bytes in
            let bytes = UnsafeRawBufferPointer(bytes)
            return write(bytes) ? Place(range: offset..<offset + bytes.count, digest: StableHasher.digest(bytes: bytes)) : nil
        }
    }
}
