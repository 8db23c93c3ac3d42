import Foundation

/// Full-text search with no server, by Pagefind (MIT; `pip install 'pagefind[bin]'`): run over
/// the built pages, it writes an index and a search UI that the themes load from `pagefind/`.
/// Pages mark what is indexed with `data-pagefind-body` (both themes mark a page's article).
///
/// Pagefind is found as `$SITEGEN_PAGEFIND` (a path to its executable), else `pagefind` on the
/// `PATH`, else Python's `pagefind_bin` module (what pip installs) through `python3 -m pagefind`.
package enum SearchIndexer {
    /// The one line that installs Pagefind.
    package static let installLine = "pip install 'pagefind[bin]'"

    /// Indexes the site built in `folder` and adds Pagefind's bundle to `output` at
    /// `pagefind/`. When Pagefind is missing or fails, `warn` gets one warning and the build
    /// goes on without search.
    static func index(_ folder: String, into output: OutputWriter, warn: (SiteError) -> Void) throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-pagefind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bundle) }
        if let problem = run(["--site", folder, "--output-path", bundle.path]) {
            warn(problem)
            return
        }
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
    /// folder, which is sitegen's own); the warning to show when that could not be done.
    package static func indexInPlace(_ folder: String) -> SiteError? {
        run(["--site", folder, "--output-subdir", "pagefind"])
    }

    /// How long Pagefind may run (it indexes about a thousand pages a second).
    static let timeLimit: TimeInterval = 600

    /// Runs Pagefind with `arguments`, quietly; what went wrong, if anything.
    private static func run(_ arguments: [String]) -> SiteError? {
        guard let command = command() else {
            return SiteError("search is on, but Pagefind is not installed, so the site has no search index; install it with: "
                             + installLine)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + arguments + ["--silent"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return SiteError("search is on, but Pagefind (\(command.joined(separator: " "))) cannot start: \(error.localizedDescription)")
        }
        // A Pagefind that never ends must not hold the build: it is stopped after `timeLimit`.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        if process.terminationReason == .uncaughtSignal {
            return SiteError("Pagefind did not finish within \(Int(timeLimit)) s and was stopped; the site has no search index")
        }
        guard process.terminationStatus == 0 else {
            let said = String(decoding: message, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return SiteError("Pagefind failed (status \(process.terminationStatus))\(said.isEmpty ? "" : ": " + said); "
                             + "the site has no search index")
        }
        return nil
    }

    /// How to start Pagefind, or `nil` when it is not installed.
    private static func command() -> [String]? {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["SITEGEN_PAGEFIND"] {
            return FileManager.default.isExecutableFile(atPath: given) ? [given] : nil
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        if let pagefind = folders.lazy.map({ $0 + "/pagefind" }).first(where: FileManager.default.isExecutableFile(atPath:)) {
            return [pagefind]
        }
        guard let python = folders.lazy.map({ $0 + "/python3" }).first(where: FileManager.default.isExecutableFile(atPath:)),
              hasPagefindModule(python) else { return nil }
        return [python, "-m", "pagefind"]
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
