import Foundation
import SitegenLimits

/// Lists the files of a site's folders, as a ``SiteSource`` holds them. Hidden files and
/// folders are left out, and so are the `skipping` folders (the output).
///
/// A folder on disk (``FolderSource``) is listed with `readdir`: no URL or attribute objects
/// per file, so a tree of 10,000 pages is listed in a few milliseconds. Nothing outside the site
/// folder is listed unless the site asks for it: a symbolic link (a file or a folder, or
/// `content/` itself) whose real target lies outside the site folder is not followed unless
/// the source follows links outside (`followLinksOutside: true` in `sitegen.yml`). Links inside
/// the site are followed. What is left out is said once, as a warning naming it: such a link, a
/// link that leads nowhere or in a circle, a FIFO, socket or device (never opened), a name that
/// is not UTF-8 or holds a control character. A folder that cannot be read is an error. The
/// walk keeps its own stack, so no depth of folders can overflow the thread's.
///
/// Any other source is walked through ``SiteSource/entries(in:)``, with the same names left
/// out and the same bounds, and a bound on how many entries one walk lists (a source need not
/// be a finite tree).
struct FolderWalker: Sendable {
    /// What a walk found.
    struct Listing: Sendable {
        /// The files' paths relative to the folder walked (through links, as named in the
        /// folder), sorted.
        var files: [String] = []
        /// What was left out, and why.
        var warnings: [SiteError] = []
        /// Folders that could not be read.
        var errors: [SiteError] = []
    }

    /// What is walked.
    let source: any SiteSource
    /// Real paths of folders on disk never listed, whatever leads to them: the output folder.
    let skipping: Set<String>

    /// A folder is listed at most this many times in one walk (once as itself, the rest
    /// through links): links that fan out (two links to a folder with two links to the next…)
    /// would otherwise list the same folders exponentially many times.
    static let maximumVisits = Limits.folderVisits
    /// Folders nested deeper than this are left out: sections, menus and lists are made by
    /// recursion over folders, one level of the thread's stack per folder.
    static let maximumDepth = Limits.folderDepth
    /// A walk of a source other than a folder on disk lists at most this many entries.
    static let maximumEntries = Limits.sourceEntries
    /// ``maximumEntries``, for this walker (tests give a small one).
    var entryLimit = Self.maximumEntries

    /// A walker of `source` that never lists the folders on disk `skipping`.
    init(source: any SiteSource, skipping: [URL] = []) {
        self.source = source
        self.skipping = Set(skipping.map { FileSystem.resolved($0.standardizedFileURL.path) ?? $0.standardizedFileURL.path })
    }

    /// Lists the files under `folder` (a path of the source). `prefix` is how messages name
    /// what is in it, ending in `/` (`content/`, `static/`; empty for a bare folder of
    /// Markdown); `verb` says what is not done to what is left out (`published`, `read`).
    /// `skipping` holds paths of the source of more folders to leave out. Not `recursive`:
    /// only the entries directly inside whose names `accepting` takes (nothing else is looked
    /// at or warned about).
    func list(_ folder: String, shownAs prefix: String, verb: String = "published", recursive: Bool = true,
              skipping: Set<String> = [], accepting: (String) -> Bool = { _ in true }) -> Listing {
        guard let disk = source.folder else {
            return listEntries(folder, shownAs: prefix, verb: verb, recursive: recursive, skipping: skipping, accepting: accepting)
        }
        let skipping = self.skipping.union(skipping.map { disk.realRoot + "/" + $0 })
        var listing = Listing()
        let given = disk.diskPath(folder)
        let name = prefix.isEmpty ? given : String(prefix.dropLast())
        guard let top = FileSystem.resolved(given) else {
            let code = errno
            if code != ENOENT { listing.warnings.append(linkProblem(code, at: given, shown: name, verb: verb)) }
            return listing
        }
        guard disk.allows(top) else {
            listing.warnings.append(outside(top, shown: name, verb: verb))
            return listing
        }
        var frames: [Frame] = []
        var chain: Set<String> = []
        var visits: [String: Int] = [:]
        func enter(_ real: String, relative: String, shown: String, throughLink: Bool) {
            guard frames.count < Self.maximumDepth else {
                listing.warnings.append(SiteError(file: shown, "not \(verb): folders nested more than \(Self.maximumDepth) deep are left out"))
                return
            }
            visits[real, default: 0] += 1
            guard visits[real, default: 0] <= Self.maximumVisits else {
                if visits[real] == Self.maximumVisits + 1 {
                    listing.warnings.append(SiteError(file: shown, "not \(verb): links lead to \(real) more than "
                                                      + "\(Self.maximumVisits) times; do links lead to folders that link to each other?"))
                }
                return
            }
            switch FolderEntry.entries(of: real) {
            case .success(let entries):
                let shownEntries = entries.filter { $0.name.first != UInt8(ascii: ".") }
                frames.append(Frame(real: real, relative: relative, entries: shownEntries, throughLink: throughLink))
                chain.insert(real)
            case .failure(let failure):
                // A folder that went away while the site was listed holds nothing.
                guard !failure.isMissing else { return }
                listing.errors.append(SiteError(file: shown, "cannot read the folder (\(failure.message)); "
                                                + "make it readable (chmod u+rx) or remove it"))
            }
        }
        enter(top, relative: "", shown: name, throughLink: false)
        while let last = frames.indices.last {
            guard frames[last].next < frames[last].entries.count else {
                chain.remove(frames[last].real)
                frames.removeLast()
                continue
            }
            let entry = frames[last].entries[frames[last].next]
            frames[last].next += 1
            let frame = frames[last]
            guard let entryName = String(checkedUTF8: entry.name) else {
                let relative = Self.join(frame.relative, String(decoding: entry.name, as: UTF8.self))
                listing.warnings.append(SiteError(file: prefix + relative, "not \(verb): the name is not valid UTF-8; rename it"))
                continue
            }
            if !recursive && !accepting(entryName) { continue }
            let relative = Self.join(frame.relative, entryName)
            // In UTF-8, a control character is a byte of its own, which no other character's bytes hold.
            if entry.name.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                let printable = String(String.UnicodeScalarView((prefix + relative).unicodeScalars.map { URLPath.isControl($0) ? "?" : $0 }))
                listing.warnings.append(SiteError(file: printable, "not \(verb): the name holds a control character "
                                                  + "(a line break, a tab…); rename it"))
                continue
            }
            // A file the folder's listing names as one takes no path of its own: only what is looked at further does.
            if entry.listedKind == .file {
                listing.files.append(relative)
                continue
            }
            let shown = prefix + relative
            let path = frame.real + "/" + entryName
            guard let kind = entry.kind(at: path) else { continue }
            switch kind {
            case .file:
                listing.files.append(relative)
            case .folder:
                guard recursive, !skipping.contains(path) else { continue }
                if frame.throughLink && chain.contains(path) {
                    listing.warnings.append(SiteError(file: shown, "not \(verb): it is a folder that contains it, "
                                                      + "reached again through a link (it would repeat forever)"))
                    continue
                }
                enter(path, relative: relative, shown: shown, throughLink: frame.throughLink)
            case .link:
                guard let target = FileSystem.resolved(path) else {
                    listing.warnings.append(linkProblem(errno, at: path, shown: shown, verb: verb))
                    continue
                }
                guard disk.allows(target) else {
                    listing.warnings.append(outside(target, shown: shown, verb: verb))
                    continue
                }
                guard !skipping.contains(target), let status = EntryStatus(target, followingLinks: true) else { continue }
                if let kind = status.specialKind {
                    listing.warnings.append(special(kind, shown: shown, verb: verb))
                } else if status.kind == .folder {
                    guard recursive else { continue }
                    if chain.contains(target) {
                        listing.warnings.append(SiteError(file: shown, "not \(verb): a link to \(target), a folder that "
                                                          + "contains it (it would repeat forever)"))
                        continue
                    }
                    enter(target, relative: relative, shown: shown, throughLink: true)
                } else {
                    listing.files.append(relative)
                }
            case .other:
                listing.warnings.append(special(EntryStatus(path)?.specialKind ?? "a special file", shown: shown, verb: verb))
            }
        }
        listing.files.sort()
        return listing
    }

    /// ``list(_:shownAs:verb:recursive:skipping:accepting:)`` of a source that is not a folder
    /// on disk: no links, so no circles; a name that is not one (empty, `a/b`) is left out, a
    /// name listed twice in one folder is walked once, and a walk that lists more than
    /// ``entryLimit`` entries stops with an error.
    private func listEntries(_ folder: String, shownAs prefix: String, verb: String, recursive: Bool,
                             skipping: Set<String>, accepting: (String) -> Bool) -> Listing {
        var listing = Listing()
        // A folder that is not there holds nothing, as on disk.
        guard source.isFolder(folder) else { return listing }
        var frames: [(path: String, relative: String, entries: [SiteSourceEntry], next: Int)] = []
        var listed = 0
        func enter(_ path: String, relative: String, shown: String) -> Bool {
            guard frames.count < Self.maximumDepth else {
                listing.warnings.append(SiteError(file: shown, "not \(verb): folders nested more than \(Self.maximumDepth) deep are left out"))
                return true
            }
            let entries: [SiteSourceEntry]
            do {
                entries = try source.entries(in: path)
            } catch {
                let reason = (error as? SiteError)?.message ?? "\(error)"
                listing.errors.append(SiteError(file: shown, "cannot read the folder (\(reason))"))
                return true
            }
            listed += entries.count
            guard listed <= entryLimit else {
                listing.errors.append(SiteError(file: shown, "the walk of the site's folders lists more than "
                                                + "\(LimitWording.count(entryLimit)) files and folders (Limits: entries of a source); "
                                                + "does the source list a folder inside itself?"))
                return false
            }
            var shown: [SiteSourceEntry] = []
            for entry in entries.filter({ $0.name.first != "." }).sorted(by: { $0.name < $1.name }) where shown.last?.name != entry.name {
                shown.append(entry)
            }
            frames.append((path, relative, shown, 0))
            return true
        }
        let name = prefix.isEmpty ? folder : String(prefix.dropLast())
        guard enter(folder, relative: "", shown: name) else { return listing }
        while let last = frames.indices.last {
            guard frames[last].next < frames[last].entries.count else {
                frames.removeLast()
                continue
            }
            let entry = frames[last].entries[frames[last].next]
            frames[last].next += 1
            if !recursive && !accepting(entry.name) { continue }
            let relative = Self.join(frames[last].relative, entry.name)
            let shown = prefix + relative
            if URLPath.hasControlCharacter(entry.name) {
                let printable = String(String.UnicodeScalarView(shown.unicodeScalars.map { URLPath.isControl($0) ? "?" : $0 }))
                listing.warnings.append(SiteError(file: printable, "not \(verb): the name holds a control character "
                                                  + "(a line break, a tab…); rename it"))
                continue
            }
            if entry.name.isEmpty || entry.name.contains("/") {
                let folder = prefix + frames[last].relative
                listing.warnings.append(SiteError(file: folder.isEmpty ? nil : folder, "not \(verb): the source lists an entry "
                                                  + "named \(entry.name.debugDescription) in this folder, which is no name of a file"))
                continue
            }
            let path = Self.join(frames[last].path, entry.name)
            switch entry.kind {
            case .file:
                listing.files.append(relative)
            case .folder:
                guard recursive, !skipping.contains(path) else { continue }
                guard enter(path, relative: relative, shown: shown) else {
                    listing.files.sort()
                    return listing
                }
            }
        }
        listing.files.sort()
        return listing
    }

    // MARK: Walking

    /// A folder being listed, with what is left of it.
    private struct Frame {
        /// Its real path (links resolved).
        let real: String
        /// Its path as seen from the folder walked.
        let relative: String
        /// Its entries, hidden ones left out.
        let entries: [FolderEntry]
        /// Whether it was reached through a link.
        let throughLink: Bool
        var next = 0
    }

    // MARK: Rules

    private func outside(_ target: String, shown: String, verb: String) -> SiteError {
        SiteError(file: shown, "not \(verb): a link to \(target), outside the site folder; "
                  + "set `followLinksOutside: true` in sitegen.yml to allow it")
    }

    private func special(_ kind: String, shown: String, verb: String) -> SiteError {
        SiteError(file: shown, "not \(verb): it is \(kind), not a file")
    }

    /// A link `realpath` could not resolve (`code` is its `errno`).
    private func linkProblem(_ code: Int32, at path: String, shown: String, verb: String) -> SiteError {
        switch code {
        case ENOENT, ENOTDIR:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \($0)" } ?? ""
            return SiteError(file: shown, "not \(verb): a link\(target) that leads nowhere (its target does not exist)")
        case ELOOP:
            return SiteError(file: shown, "not \(verb): a link that leads in a circle (a loop of links)")
        default:
            return SiteError(file: shown, "not \(verb): a link that cannot be followed (\(String(cString: strerror(code))))")
        }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

}

extension FolderWalker {
    /// ``list(_:shownAs:verb:recursive:skipping:accepting:)`` of the subfolders `only` of
    /// `folder` (all of `folder` when `only` is empty), as paths relative to `folder`: a Hugo
    /// site's content folders per language.
    func list(_ folder: String, shownAs prefix: String, skipping: Set<String>, only: some Collection<String>) -> Listing {
        guard !only.isEmpty else { return list(folder, shownAs: prefix, skipping: skipping) }
        var listing = Listing()
        for name in only.sorted() {
            let part = list(Self.join(folder, name), shownAs: prefix + name + "/", skipping: skipping)
            listing.files += part.files.map { name + "/" + $0 }
            listing.warnings += part.warnings
            listing.errors += part.errors
        }
        listing.files.sort()
        return listing
    }
}

