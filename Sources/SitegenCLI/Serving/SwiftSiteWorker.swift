import Foundation
import Sitegen
import Synchronization

/// `sitegen serve` for a site with a Swift configuration target: the server stays here (and
/// keeps its port) while the site's own program builds as a worker. When the package's Swift
/// files change, the program is compiled again and restarted, and the browsers reload; a
/// compile error shows in the browser like a build error.
struct SwiftSiteWorker {
    let runner: SwiftSiteRunner
    let arguments: [String]
    let quiet: Bool
    let emit: @Sendable (LiveReload.Event) -> Void
    let whenReady: () -> Void

    func run() async throws {
        let watcher = try FileWatcher(roots: [runner.folder], skipping: [runner.folder.appendingPathComponent(".build")])
        defer { watcher.stop() }
        var worker = start()
        whenReady()
        for await batch in watcher.changes where batch.contains(where: isSwiftSource) {
            if let worker { stop(worker) }
            if !quiet { TerminalOutput.line("The site's Swift files changed: compiling and restarting it") }
            worker = start()
        }
        if let worker { stop(worker) }
    }

    /// Stops a worker and waits for it: its lifeline closed (it ends when its standard input
    /// does, whatever signals it ignores), then SIGTERM.
    private func stop(_ worker: (process: Process, lifeline: Pipe)) {
        worker.process.terminationHandler = nil
        try? worker.lifeline.fileHandleForWriting.close()
        worker.process.terminate()
        worker.process.waitUntilExit()
    }

    private func isSwiftSource(_ path: String) -> Bool {
        let folder = runner.folder.standardizedFileURL.path
        return path == folder + "/Package.swift" || (path.hasPrefix(folder + "/Sources/") && path.hasSuffix(".swift"))
    }

    /// Compiles the site program when needed and starts it; `nil` (and an error in the browser)
    /// when it does not compile. The worker's standard input (`lifeline`) stays open while
    /// this process lives: the worker stops when it ends.
    private func start() -> (process: Process, lifeline: Pipe)? {
        let program: SwiftSiteRunner.Program
        do {
            program = try runner.compiledProgram(quiet: quiet)
        } catch {
            TerminalOutput.error("\(error)")
            emit(.failed("\(error)"))
            return nil
        }
        let process = program.process(arguments: arguments)
        let pipe = Pipe()
        process.standardOutput = pipe
        let lifeline = Pipe()
        process.standardInput = lifeline
        let emit = emit
        let pending = Mutex(Data())
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else { handle.readabilityHandler = nil; return }
            let lines = pending.withLock { buffer -> [String] in
                buffer.append(data)
                var lines: [String] = []
                while let newline = buffer.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
                return lines
            }
            for line in lines {
                if let event = WorkerEvents.event(from: line) { emit(event) } else { TerminalOutput.line(line) }
            }
        }
        process.terminationHandler = { process in
            // Not stopped by us: the site program ended by itself.
            let message = "the site program exited with status \(process.terminationStatus); fix it and save a Swift file to restart it"
            TerminalOutput.error(message)
            emit(.failed(message))
        }
        do {
            try process.run()
        } catch {
            TerminalOutput.error("cannot start the site program \(program.executable.path): \(error)")
            emit(.failed("cannot start the site program: \(error)"))
            return nil
        }
        return (process, lifeline)
    }
}
