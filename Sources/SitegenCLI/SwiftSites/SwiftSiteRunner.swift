import ArgumentParser
import Foundation
import Synchronization

/// Runs a site's Swift configuration target: a `Package.swift` beside `content/` whose
/// `@main` type calls `SitegenCLI.main(site:)`. Its Swift files are compiled (not again while
/// none changed) into a library, against the compiled modules of the running `sitegen`
/// (``EngineModules``), which then runs itself with that library loaded (``SiteLibrary``), with
/// the same arguments, its output and exit status passed through. A target that needs more
/// than sitegen's modules (another package, resources, build settings), or a `sitegen` without
/// its modules, is built by SwiftPM as a program of its own (`swift build -c release`),
/// which compiles sitegen itself again: minutes, the first time.
struct SwiftSiteRunner {
    /// Set in the site program's environment (to this process's id), so that it builds instead
    /// of compiling itself, and ends when this process does.
    static let environmentKey = "SITEGEN_SWIFT_SITE"

    let folder: URL

    /// The folder's Swift configuration target, if it has one and we are not running inside it.
    static func find(in folder: URL) -> SwiftSiteRunner? {
        guard ProcessInfo.processInfo.environment[environmentKey] == nil,
              FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else { return nil }
        return SwiftSiteRunner(folder: folder)
    }

    /// When `folder` has a Swift configuration target (and this is not the site's own program),
    /// runs it with this process's arguments and returns true; the command is then done.
    /// A non-zero exit of the site program, or a problem compiling it, ends the process.
    static func delegate(folder: URL, quiet: Bool) throws -> Bool {
        guard SitegenCLI.configuredSite == nil, let site = find(in: folder) else { return false }
        do {
            let process = try site.run(arguments: Array(CommandLine.arguments.dropFirst()), quiet: quiet)
            if process.terminationReason == .uncaughtSignal {
                TerminalOutput.error("the site's Swift code crashed (signal \(process.terminationStatus)\(process.terminationStatus == SIGILL || process.terminationStatus == SIGTRAP ? ": a Swift runtime error, such as an index out of range; the backtrace above names the file and line" : "")); "
                                     + "the previous output is untouched")
                throw ExitCode.failure
            }
            if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
            return true
        } catch let error as SwiftSiteError {
            TerminalOutput.error(error.description)
            throw ExitCode.failure
        }
    }

    /// Compiles when needed, then runs the site program with `arguments` to its end.
    func run(arguments: [String], quiet: Bool) throws -> Process {
        let process = try compiledProgram(quiet: quiet).process(arguments: arguments)
        try process.run()
        process.waitUntilExit()
        return process
    }

    /// How a site's compiled Swift code runs: this `sitegen` with a library loaded, or a
    /// program SwiftPM built.
    struct Program: Sendable {
        let executable: URL
        /// The library ``SiteLibrary`` loads; nil for a program of its own.
        let library: URL?

        /// A process for the program, told that it is the site's own.
        func process(arguments: [String]) -> Process {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            // The runner's process id: the program ends when this process does (``SiteProgramChild``).
            environment[SwiftSiteRunner.environmentKey] = String(getpid())
            environment[SiteLibrary.environmentKey] = library?.path
            process.environment = environment
            return process
        }
    }

    private var cacheFile: URL { folder.appendingPathComponent(".build/sitegen/site.cache") }

    /// The site's compiled program, compiling it first unless the cache says its Swift files
    /// are unchanged.
    func compiledProgram(quiet: Bool) throws -> Program {
        // The stamps (of the files under Sources/ and of those compiled last time, wherever the
        // target is), the program, the library with its own stamp (a library changed or cut
        // short since is compiled again, not loaded), and the files compiled.
        if let cached = try? String(contentsOf: cacheFile, encoding: .utf8) {
            let lines = cached.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.count >= 5, let stamps = try? sourceStamps(also: lines[4].split(separator: "\t").map(String.init)),
               lines[0] == stamps, lines[1] == EngineModules.executable || (lines[2].isEmpty && isInBuildFolder(lines[1])),
               FileManager.default.isExecutableFile(atPath: lines[1]), lines[2].isEmpty || Self.stamp(of: lines[2]) == lines[3] {
                return Program(executable: URL(fileURLWithPath: lines[1]), library: lines[2].isEmpty ? nil : URL(fileURLWithPath: lines[2]))
            }
        }
        guard let swift = Self.which("swift") else {
            throw SwiftSiteError("this site has a Package.swift, which needs the Swift toolchain to compile; `swift` is not on PATH. Install Swift, or remove Package.swift to build the site without Swift.")
        }
        let started = Date()
        let package = try SwiftSitePackage.read(folder: folder, swift: swift)
        // Taken before compiling: a file saved meanwhile is compiled again next time.
        let compiled = package.sources.map(\.path)
        let stamps = try sourceStamps(also: compiled)
        let program: Program
        switch (package.needsSwiftPM, EngineModules.locate()) {
        case (nil, .success(let modules)):
            let count = package.sources.count
            if !quiet { TerminalOutput.line("Compiling the site's Swift code (\(count) file\(count == 1 ? "" : "s")) against this sitegen…") }
            do {
                let library = try SiteLibraryCompiler(folder: folder, package: package, modules: modules).compile()
                program = Program(executable: URL(fileURLWithPath: EngineModules.executable), library: library)
            } catch let error as SwiftSiteError where error.isModuleMismatch {
                program = try swiftPMProgram(swift: swift, quiet: quiet, because: "the Swift compiler cannot read this sitegen's modules "
                                             + "(another Swift built them)")
            } catch let error as SwiftSiteError {
                throw error
            } catch {
                // A file of ours that cannot be written (`.build` is a file, a link to nowhere).
                throw SwiftSiteError("cannot write the site's compiled code in \(folder.path)/.build/sitegen: \(error.localizedDescription)")
            }
        case (let reason?, _):
            program = try swiftPMProgram(swift: swift, quiet: quiet, because: reason)
        case (nil, .failure(let problem)):
            program = try swiftPMProgram(swift: swift, quiet: quiet, because: problem.description)
        }
        if !quiet { TerminalOutput.line(String(format: "Compiled the site's Swift code in %.1f s", Date().timeIntervalSince(started))) }
        try? FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let library = program.library.map { ($0.path, Self.stamp(of: $0.path) ?? "") } ?? ("", "")
        try? (stamps + "\n" + program.executable.path + "\n" + library.0 + "\n" + library.1 + "\n" + compiled.joined(separator: "\t") + "\n")
            .write(to: cacheFile, atomically: true, encoding: .utf8)
        return program
    }

    /// Whether `path` is in the site's `.build` (where SwiftPM puts the program it builds).
    private func isInBuildFolder(_ path: String) -> Bool {
        [folder.standardizedFileURL.path, folder.resolvingSymlinksInPath().path].contains { path.hasPrefix($0 + "/.build/") }
    }

    /// The site built by SwiftPM as a program of its own (with sitegen compiled into it).
    private func swiftPMProgram(swift: URL, quiet: Bool, because reason: String) throws -> Program {
        if !quiet {
            TerminalOutput.line("Compiling the site's Swift package with SwiftPM (swift build -c release), which compiles sitegen "
                                + "itself too and takes minutes the first time, because \(reason)…")
        }
        let product = try executableProduct(swift: swift)
        // SwiftPM's progress lines (`[12/340] Compiling Sitegen SiteBuilder.swift`) as they come: minutes are not spent in silence.
        let build = try Self.capture(swift, ["build", "-c", "release", "--product", product], in: folder,
                                     progress: quiet ? nil : { line in if line.hasPrefix("[") { TerminalOutput.line(line) } })
        guard build.status == 0 else {
            throw SwiftSiteError("compiling the site's Swift package failed:\n" + build.output)
        }
        let binPath = try Self.capture(swift, ["build", "-c", "release", "--show-bin-path"], in: folder)
        return Program(executable: URL(fileURLWithPath: binPath.output.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent(product),
                       library: nil)
    }

    /// The name of the package's executable product.
    private func executableProduct(swift: URL) throws -> String {
        let description = try Self.capture(swift, ["package", "describe", "--type", "json"], in: folder)
        guard description.status == 0, let data = description.output.data(using: .utf8),
              let package = try? JSONDecoder().decode(PackageProducts.self, from: data) else {
            throw SwiftSiteError("cannot read the site's Package.swift:\n" + description.output)
        }
        let executables = package.products.filter(\.isExecutable).map(\.name)
        guard let product = executables.first, executables.count == 1 else {
            throw SwiftSiteError("the site's Package.swift must have exactly one executable product (found \(executables.count))")
        }
        return product
    }

    /// Sizes and modification times of Package.swift, every Swift file under Sources/, and the
    /// running `sitegen` (a new sitegen compiles the site again, against its library).
    private func sourceStamps(also compiled: [String]) throws -> String {
        var entries = ["sitegen:" + (Self.stamp(of: EngineModules.executable) ?? "")]
        var files = Set([folder.appendingPathComponent("Package.swift").path] + compiled)
        // Sources/ where it leads (a link followed): a file added there is seen.
        if let sources = FileManager.default.enumerator(at: folder.appendingPathComponent("Sources").resolvingSymlinksInPath(),
                                                        includingPropertiesForKeys: nil) {
            for case let url as URL in sources where url.pathExtension == "swift" { files.insert(url.standardizedFileURL.path) }
        }
        for file in files.sorted() {
            entries.append(file + ":" + (Self.stamp(of: file) ?? "gone"))
        }
        return entries.joined(separator: "|")
    }

    /// A file's size and modification time, as text; nil when it cannot be read.
    private static func stamp(of path: String) -> String? {
        EngineModules.sizeAndTime(path).map { "\($0.size):\($0.modified)" }
    }

    static func which(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs a program to its end; its exit status and what it printed (both streams in
    /// `output`, or standard error apart in `errors`). With `progress`, each line it prints is also
    /// passed on as it comes. Its temporary files go to the site's `.build/sitegen/tmp`, removed after.
    static func capture(_ executable: URL, _ arguments: [String], in folder: URL, separatingErrors: Bool = false,
                        progress: ((String) -> Void)? = nil) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let temporary = folder.appendingPathComponent(".build/sitegen/tmp-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw SwiftSiteError("cannot make the folder \(temporary.path): \(String(cString: strerror(errno))) (is .build a folder?)")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let pipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = pipe
        process.standardError = separatingErrors ? errorPipe : pipe
        try process.run()
        // Standard error read on a thread of its own, so that neither pipe fills while the other is read.
        let errors = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        if separatingErrors {
            Thread {
                let read = errorPipe.fileHandleForReading.readDataToEndOfFile()
                errors.withLock { $0 = read }
                errorsRead.signal()
            }.start()
        }
        var data = Data()
        var shown = 0
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
            data.append(chunk)
            guard let progress else { continue }
            while let newline = data[(data.startIndex + shown)...].firstIndex(of: 0x0A) {
                progress(String(decoding: data[(data.startIndex + shown)..<newline], as: UTF8.self))
                shown = newline + 1 - data.startIndex
            }
        }
        process.waitUntilExit()
        if separatingErrors { errorsRead.wait() }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errors.withLock { $0 }, as: UTF8.self))
    }
}

/// The products of `swift package describe --type json`: each one's name, and whether its
/// `type` is `{"executable": null}`.
private struct PackageProducts: Decodable {
    struct Product: Decodable {
        let name: String
        let isExecutable: Bool

        private enum Keys: String, CodingKey { case name, type }
        private struct Kind: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            isExecutable = try container.nestedContainer(keyedBy: Kind.self, forKey: .type).contains(Kind(stringValue: "executable"))
        }
    }

    let products: [Product]
}
