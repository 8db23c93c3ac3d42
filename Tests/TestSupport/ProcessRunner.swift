import Foundation
import Synchronization

/// Runs programs for the tests: the `sitegen` executable built beside the test bundle, or any
/// other program, with optional standard input, collecting what it prints.
public enum ProcessRunner {
    /// What a finished program did.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Standard output.
        public let output: String
        /// Standard error.
        public let error: String
    }

    /// The `sitegen` executable of this build.
    public static var sitegen: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sitegen")
    }

    /// Runs `executable` with `arguments` in `folder`, feeding it `input`; `environment` adds
    /// to (or replaces) this process's variables.
    public static func run(_ executable: URL, _ arguments: [String], input: String? = nil, in folder: URL? = nil,
                           environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        let writer = Thread {
            standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
            try? standardInput.fileHandleForWriting.close()
        }
        writer.start()
        // Standard error is read on its own thread, so that neither pipe fills up and blocks.
        let errorData = Mutex<Data>(Data())
        let errorRead = DispatchSemaphore(value: 0)
        Thread {
            errorData.withLock { $0 = error.fileHandleForReading.readDataToEndOfFile() }
            errorRead.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorRead.wait()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }
}
