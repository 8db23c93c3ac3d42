import Foundation
import Synchronization
import SitegenLimits

/// Full-text search with no server, by Pagefind (MIT; `pip install 'pagefind[bin]'`): run over
/// the built pages, it writes an index and a search UI that the themes load from `pagefind/`.
/// Pages mark what is indexed with `data-pagefind-body` (both themes mark a page's article).
///
/// Pagefind is found as `$SITEGEN_PAGEFIND` (a path to its executable), else `pagefind` on the
/// `PATH`, else Python's `pagefind_bin` module (what pip installs) through `python3 -m pagefind`.
package enum SearchIndexer {
    /// The one line that installs Pagefind.
    package static let installLine = "pip install 'pagefind[bin]'"

    /// Indexes the pages `output` holds so far and adds Pagefind's bundle to it at `pagefind/`.
    /// When Pagefind is missing or fails, `warn` gets one warning and the build goes on without
    /// search.
    ///
    /// Pagefind reads copies of the build's HTML files and nothing else
    /// (``OutputWriter/copyOfBuilt(endingWith:)``): not the pages of the build before that a
    /// cached build's folder still holds, nor the user's files, and what it does to them
    /// reaches neither the build nor the output. Its bundle and what it says are kept in the
    /// same folder beside the output, which a killed build leaves for the next to remove. What
    /// it writes besides its bundle is not published, with a warning naming it, and a page it
    /// changed or removed fails the build (the previous output stays).
    static func index(_ output: OutputWriter, warn: (SiteError) -> Void) throws {
        guard let work = output.copyOfBuilt(endingWith: ".html") else {
            warn(SiteError("the pages cannot be shown to Pagefind (\(String(cString: strerror(errno)))); the site has no search index"))
            return
        }
        defer { FileSystem.removeTree(work) }
        let (folder, bundle) = (work + "/site", URL(fileURLWithPath: work + "/bundle"))
        let before = FolderSnapshot(folder)
        let problem = run(["--site", folder, "--output-path", bundle.path], log: work + "/pagefind.log")
        let (added, changed) = before.differences(to: FolderSnapshot(folder))
        if let first = changed.first {
            throw SiteError(file: first, "was written by sitegen and then changed or removed by Pagefind"
                            + (changed.count > 1 ? " (with \(changed.count - 1) more)" : "")
                            + "; nothing is published. Is the Pagefind that runs the real one? (SITEGEN_PAGEFIND, PATH)")
        }
        for path in added {
            warn(SiteError(file: path, "was written by Pagefind outside its pagefind/ folder and is not published"))
        }
        if let problem {
            warn(problem)
            return
        }
        sortLanguages(inBundle: bundle.path)
        let files = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        let base = bundle.standardizedFileURL.path
        for file in files {
            let relative = String(file.standardizedFileURL.path.dropFirst(base.count + 1))
            try output.copy(file, to: "pagefind/" + relative, owner: .searchIndex)
        }
    }

    /// Indexes the site in `folder` where it is, into its `pagefind/` (`sitegen serve`'s preview
    /// folder, which is sitegen's own); the warning to show when that could not be done. The
    /// bundle is made beside, then its files are moved in, and the files of the earlier bundle
    /// it does not have are removed (``bundleList``): no file of an earlier index stays, and the
    /// site's own files in `pagefind/` (a page, a static file) stay.
    package static func indexInPlace(_ folder: String) -> SiteError? {
        let fresh = folder + "/.sitegen-pagefind-\(UUID().uuidString)"
        defer { FileSystem.removeTree(fresh) }
        if let problem = run(["--site", folder, "--output-path", fresh], log: fresh + ".log") { return problem }
        sortLanguages(inBundle: fresh)
        let list = folder + "/" + bundleList
        let earlier = Set((try? String(contentsOfFile: list, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [])
        let made = (FileManager.default.enumerator(atPath: fresh)?.allObjects as? [String] ?? [])
            .filter { FileSystem.kind(fresh + "/" + $0) == .file }.sorted()
        for file in made {
            try? FileManager.default.createDirectory(atPath: folder + "/pagefind/" + URLPath.folder(of: file), withIntermediateDirectories: true)
            FileSystem.rename(fresh + "/" + file, to: folder + "/pagefind/" + file)
        }
        for file in earlier.subtracting(made) where URLPath.normalize(file) == file { FileSystem.removeFile(folder + "/pagefind/" + file) }
        _ = FileSystem.writeNew(made.joined(separator: "\n"), toFile: list)
        return nil
    }

    /// Puts the languages of the bundle's `pagefind-entry.json` (in the folder `bundle`) in the
    /// order of their codes: Pagefind lists them in an order of its own that changes from one
    /// run to the next, so that two builds of the same site with two languages differed.
    private static func sortLanguages(inBundle bundle: String) {
        let entry = bundle + "/pagefind-entry.json"
        guard let text = try? String(contentsOfFile: entry, encoding: .utf8), let sorted = entryWithSortedLanguages(text), sorted != text else { return }
        _ = FileSystem.writeNew(sorted, toFile: entry)
    }

    /// The text of a `pagefind-entry.json` with the members of its `languages` object in the
    /// order of their text (their codes first); `nil` when it has no such object, as written.
    package static func entryWithSortedLanguages(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let marker = Array("\"languages\":{".utf8)
        guard let opening = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) else { return nil }
        let start = opening + marker.count
        var members: [ArraySlice<UInt8>] = []
        var (depth, inString, escaped, memberStart) = (0, false, false, start)
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                guard depth == 0 else {
                    depth -= 1
                    continue
                }
                // The end of the languages: each member is a code and its object.
                members.append(bytes[memberStart..<index])
                guard !members.contains(where: \.isEmpty) else { return members.count == 1 ? text : nil }
                let sorted = members.sorted { $0.lexicographicallyPrecedes($1) }.joined(separator: [UInt8(ascii: ",")])
                return String(decoding: bytes[..<start] + sorted + bytes[index...], as: UTF8.self)
            } else if byte == UInt8(ascii: ","), depth == 0 {
                members.append(bytes[memberStart..<index])
                memberStart = index + 1
            }
        }
        return nil
    }

    /// The file of a preview folder that lists the files of its search bundle, by path in `pagefind/`.
    static let bundleList = ".sitegen-pagefind-files"

    /// How long Pagefind may run (it indexes about a thousand pages a second).
    static let timeLimit: TimeInterval = Limits.searchIndexSeconds

    /// The Pagefinds running now, stopped by ``stopRunning()``.
    private static let running = Mutex<[ChildProcess]>([])

    /// Stops every Pagefind this process started that still runs (`sitegen serve` stopping).
    package static func stopRunning() {
        for child in running.withLock({ $0 }) { child.stop() }
    }

    /// Runs Pagefind with `arguments`, quietly, what it says going to the file `log`; what went
    /// wrong, if anything.
    private static func run(_ arguments: [String], log: String) -> SiteError? {
        let command: [String]
        switch locate() {
        case .found(let found): command = found
        case .missing(let problem): return problem
        }
        // Of what it says, only the last line is read.
        let said = URL(fileURLWithPath: log)
        defer { try? FileManager.default.removeItem(at: said) }
        guard let child = ChildProcess.start(command + arguments + ["--silent"], errors: said.path) else {
            return SiteError("search is on, but Pagefind (\(command.joined(separator: " "))) cannot start: "
                             + String(cString: strerror(errno)))
        }
        running.withLock { $0.append(child) }
        defer { running.withLock { $0.removeAll { $0.id == child.id } } }
        // A Pagefind that never ends must not hold the build: it is stopped after `timeLimit`.
        switch child.wait(seconds: timeLimit) {
        case .exited(0):
            return nil
        case .timedOut:
            return SiteError("Pagefind did not finish within \(Int(timeLimit)) s and was stopped; the site has no search index")
        case .exited(let status), .signalled(let status):
            let last = lastLine(of: said)
            return SiteError("Pagefind failed (status \(status))\(last.isEmpty ? "" : ": " + last); the site has no search index")
        }
    }

    /// The last line of a log, from at most its last 4 KB, at most 300 characters.
    private static func lastLine(of file: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        let tail = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        return String((tail.split(separator: "\n").last ?? "").prefix(300))
    }

    /// Where Pagefind is.
    private enum Location {
        case found([String])
        case missing(SiteError)
    }

    /// How to start Pagefind, or why it cannot be.
    private static func locate() -> Location {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["SITEGEN_PAGEFIND"], !given.isEmpty {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder), !isFolder.boolValue,
                  FileManager.default.isExecutableFile(atPath: given) else {
                return .missing(SiteError("search is on, but SITEGEN_PAGEFIND names \(given), which is not a program that can run; "
                                          + "the site has no search index"))
            }
            return .found([given])
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        if let pagefind = folders.lazy.map({ $0 + "/pagefind" }).first(where: FileManager.default.isExecutableFile(atPath:)) {
            return .found([pagefind])
        }
        if let python = folders.lazy.map({ $0 + "/python3" }).first(where: FileManager.default.isExecutableFile(atPath:)),
           hasPagefindModule(python) {
            return .found([python, "-m", "pagefind"])
        }
        return .missing(SiteError("search is on, but Pagefind is not installed, so the site has no search index; install it with: "
                                  + installLine))
    }

    /// Whether `python` can import the module pip installs Pagefind's executable with.
    private static func hasPagefindModule(_ python: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import pagefind_bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
