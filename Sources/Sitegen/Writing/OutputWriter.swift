import Foundation
import Synchronization

/// The one way a build reaches its output (``OutputSink``): every file written, copied or kept
/// from the build before names its ``OutputOwner``, and ``commit()`` refuses to publish a build
/// in which two owners claim one path (or one's file is where another needs a folder), naming
/// both. A live build that renders part of the site claims what it renders and keeps, each
/// path by its one owner, so it reports the collisions its change makes and no others.
final class OutputWriter: Sendable {
    private struct Claims {
        var owners: [String: OutputOwner] = [:]
        var others: [(path: String, owner: OutputOwner)] = []

        /// `owner`'s claim of the output path `path`: the first owner, or another beside it.
        mutating func add(_ path: String, _ owner: OutputOwner) {
            if let first = owners[path] {
                if first != owner { others.append((path, owner)) }
            } else {
                owners[path] = owner
            }
        }
    }

    private let sink: any OutputSink
    private let claims = Mutex(Claims())
    private let imagesWritten = Counter()

    /// How many image copies this build made (not those linked from the build before).
    var imageCopiesMade: Int { imagesWritten.add(0) }

    /// A writer into `sink`.
    init(_ sink: any OutputSink) {
        self.sink = sink
        claims.withLock { $0.owners.reserveCapacity(sink.expectedFiles) }
    }

    /// The folder holding what the build wrote so far, when it is on disk.
    var builtFolder: String? { sink.builtFolder }
    var scratchFolder: String? { sink.scratchFolder }
    /// A new folder holding in `site/` copies of the files this build made so far whose paths
    /// end with `suffix`, and nothing else (``OutputSink/copyOfBuilt(_:)``), which the caller removes.
    func copyOfBuilt(endingWith suffix: String) -> String? {
        sink.copyOfBuilt(claims.withLock { $0.owners.keys.filter { $0.hasSuffix(suffix) } })
    }
    /// Whether a file kept needs no word (``OutputSink/keepsUnwritten``).
    var keepsUnwritten: Bool { sink.keepsUnwritten }

    /// Writes `text` at the output path `path`, made by `owner`.
    func write(_ text: String, to path: String, owner: OutputOwner) throws {
        try claim(path, by: owner) { try sink.write(text, to: path) }
    }

    /// Writes `data` at the output path `path`, made by `owner`.
    func write(_ data: Data, to path: String, owner: OutputOwner) throws {
        try claim(path, by: owner) { try sink.write(data, to: path) }
    }

    /// Copies the file at `source` to the output path `path`, made by `owner`.
    func copy(_ source: URL, to path: String, owner: OutputOwner) throws {
        try claim(path, by: owner) { try sink.copy(source, to: path) }
    }

    /// Claims `path` for `owner`, then makes the file; a failure that another output in the
    /// way explains is reported as that collision.
    private func claim(_ path: String, by owner: OutputOwner, making file: () throws -> Void) throws {
        try claim(path, by: owner)
        do {
            try file()
        } catch {
            throw explained(error)
        }
    }

    /// Whether the build makes the smaller copies of its images (not a live build's).
    var makesImageCopies: Bool { sink.makesImageCopies }

    /// Puts in the build the image copy the build before made at `path` the way `key` says,
    /// made by `owner`; false when there is none (the caller makes it).
    func reuseImage(_ path: String, key: String, owner: OutputOwner) throws -> Bool {
        guard sink.reuseImage(path, key: key) else { return false }
        try claim(path, by: owner)
        return true
    }

    /// Writes the image copy `data`, made the way `key` says, at `path`, made by `owner`.
    func writeImage(_ data: Data, to path: String, key: String, owner: OutputOwner) throws {
        try claim(path, by: owner) { try sink.writeImage(data, to: path, key: key) }
        _ = imagesWritten.increment()
    }

    /// Keeps the file a live build made before at `path`, still made by `owner`.
    func keep(_ path: String, owner: OutputOwner) {
        guard !sink.keepsUnwritten else { return }
        try? claim(path, by: owner)
        sink.keep(path)
    }

    /// Keeps the files a live build made before, each still made by its owner: one claim and
    /// one word to the sink for all (thousands of pages' files, on each core).
    func keep(_ kept: [(path: String, owner: OutputOwner)]) {
        guard !sink.keepsUnwritten, !kept.isEmpty else { return }
        let paths = kept.compactMap { try? URLPath.outputPath($0.path) }
        guard paths.count == kept.count else {
            for (path, owner) in kept { keep(path, owner: owner) }
            return
        }
        claims.withLock { claims in
            for (path, (_, owner)) in zip(paths, kept) { claims.add(path, owner) }
        }
        sink.keep(paths)
    }

    /// Publishes the build, unless two owners claimed one path.
    ///
    /// - Throws: ``SiteErrors`` naming each pair of owners, or the sink's error.
    func commit() throws {
        let errors = collisions()
        if !errors.isEmpty { throw SiteErrors(errors: errors) }
        try sink.commit()
    }

    /// Removes from the built folder what was not written through this writer; their paths.
    func removeStrays() -> [String] {
        sink.removeStrays()
    }

    /// Drops what was written.
    func discard() {
        sink.discard()
    }

    /// A write that failed because another output is in the way (a folder where a file goes):
    /// the collision says why better than the file system.
    private func explained(_ error: any Error) -> any Error {
        let errors = collisions()
        return errors.isEmpty ? error : SiteErrors(errors: errors)
    }

    private func claim(_ path: String, by owner: OutputOwner) throws {
        let path = try URLPath.outputPath(path)
        claims.withLock { $0.add(path, owner) }
    }

    /// Every path with more than one owner, and every file where another output needs a folder.
    private func collisions() -> [SiteError] {
        let claims = self.claims.withLock { $0 }
        var byPath: [String: [OutputOwner]] = [:]
        for (path, owner) in claims.others { byPath[path, default: [claims.owners[path]].compactMap { $0 }].append(owner) }
        var errors: [SiteError] = []
        for (path, owners) in byPath {
            let sorted = owners.sorted { Self.order($0) < Self.order($1) }
            for other in sorted.dropFirst() {
                // Reported at the file easiest to change: a page's before a folder's; of two alike, the later.
                let (subject, first) = Self.order(other).rank == Self.order(sorted[0]).rank ? (other, sorted[0]) : (sorted[0], other)
                errors.append(Self.error(subject, first, sharing: Self.address(of: path)))
            }
        }
        // A file in the way of a folder: reported once, with what is inside the folder (its own
        // index page when it has one, else the first path). When every path is ASCII, each
        // path's nearest folder that is another's file is found by the hashes of its folders'
        // bytes, made as the path is read; else by looking up each of its folders as text (which
        // takes canonically equivalent names as one, as a file system may).
        let hashes = claims.owners.keys.map(Self.asciiHash)
        let claimed = hashes.contains(nil) ? nil : Set(hashes.compactMap(\.self))
        var blocked: [String: String] = [:]
        for path in claims.owners.keys {
            let nearest = claimed.map { Self.nearestClaimedFolder(of: path, claimed: $0, owners: claims.owners) }
                ?? Self.nearestClaimedFolder(of: path, owners: claims.owners)
            guard let folder = nearest else { continue }
            let known = blocked[folder]
            if known == nil || (known != folder + "/index.html" && (path == folder + "/index.html" || path < known!)) {
                blocked[folder] = path
            }
        }
        for (folder, path) in blocked {
            if let file = claims.owners[folder], let inside = claims.owners[path] {
                errors.append(Self.error(file, inside, folder: folder, file: path))
            }
        }
        return errors.sorted { ($0.file ?? "~", $0.line ?? 0, $0.message) < ($1.file ?? "~", $1.line ?? 0, $1.message) }
    }

    /// The deepest folder of the ASCII path `path` that is a path of `owners`; `claimed`: the
    /// ``asciiHash(_:)`` of every path of `owners`. One pass over the path's bytes, with a
    /// string made only for a folder whose hash is claimed.
    private static func nearestClaimedFolder(of path: String, claimed: Set<UInt64>, owners: [String: OutputOwner]) -> String? {
        var path = path
        let matches = path.withUTF8 { bytes in
            var hash = hashStart
            var matches: [Int] = []
            for offset in bytes.indices {
                if bytes[offset] == UInt8(ascii: "/"), offset > 0, claimed.contains(hash) { matches.append(offset) }
                hash = nextHash(hash, bytes[offset])
            }
            return matches
        }
        return matches.reversed().lazy.map { String(decoding: path.utf8.prefix($0), as: UTF8.self) }.first { owners[$0] != nil }
    }

    /// The deepest folder of `path` that is a path of `owners`, each folder looked up as text.
    private static func nearestClaimedFolder(of path: String, owners: [String: OutputOwner]) -> String? {
        var folder = URLPath.folder(of: path)
        while !folder.isEmpty {
            if owners[folder] != nil { return folder }
            folder = URLPath.folder(of: folder)
        }
        return nil
    }

    private static let hashStart: UInt64 = 0xCBF2_9CE4_8422_2325

    /// FNV-1a, a byte at a time: the hash of a path's first bytes is at hand as the path is read.
    private static func nextHash(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The hash of the path's bytes; `nil` when it is not ASCII (an ASCII path is equal, as
    /// text, only to the same bytes).
    private static func asciiHash(_ path: String) -> UInt64? {
        var path = path
        return path.withUTF8 { bytes in
            var hash = hashStart
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash = nextHash(hash, byte)
            }
            return hash
        }
    }

    /// Aliases first, then pages, files, lists and the rest (the author changes an alias or a
    /// page most easily); then by file or name.
    private static func order(_ owner: OutputOwner) -> (rank: Int, name: String) {
        let rank = switch owner.kind {
        case .alias: 0
        case .page: 1
        case .file: 2
        case .list: owner.file == nil ? 4 : 3
        case .step: 5
        case .generated, .themeAsset: 6
        }
        return (rank, owner.file ?? owner.description)
    }

    /// The path as a reader sees it: `/posts/`, `/sitemap.xml`.
    private static func address(of path: String) -> String {
        path == "index.html" ? "/" : path.hasSuffix("/index.html") ? "/" + path.dropLast("index.html".count) : "/" + path
    }

    /// Two owners of one path, reported at `subject`'s file.
    private static func error(_ subject: OutputOwner, _ other: OutputOwner, sharing address: String) -> SiteError {
        let advice: String
        switch (subject.kind, other.kind) {
        case (.page, .page): advice = "give one a different `slug` or `url`"
        case (.page, .file): advice = "give the page a different `slug` or `url`, or rename the file"
        case (.page, _): advice = "give the page a different `slug` or `url`"
        case (.alias, _): advice = "change or remove the alias"
        case (.file, .themeAsset):
            advice = "to replace the theme's file, move it to static/\(address.dropFirst()); otherwise rename it"
        case (.file, _): advice = "rename the file"
        case (.list, _) where subject.file != nil: advice = "rename the folder"
        default: advice = "rename one"
        }
        return SiteError(file: subject.file, line: subject.line(),
                         "\(words(subject)) and \(other.description) are both published at \(address); \(advice)")
    }

    /// A file published at `folder`, where `inside` (at `path`) needs a folder.
    private static func error(_ file: OutputOwner, _ inside: OutputOwner, folder: String, file path: String) -> SiteError {
        if file.file == nil {
            return SiteError(file: inside.file, line: inside.line(),
                             "\(words(inside)) is published at \(address(of: path)), inside /\(folder), which \(file.description) publishes as a file; rename one")
        }
        return SiteError(file: file.file, line: file.line(),
                         "\(words(file)) is published at /\(folder), a file where \(inside.description) needs a folder (\(address(of: path))); rename one")
    }

    /// How an owner is named in its own file's message.
    private static func words(_ owner: OutputOwner) -> String {
        owner.ownDescription ?? owner.description
    }
}
