import Foundation

/// Messages for the person at the terminal, on standard error.
enum TerminalOutput {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("sitegen: error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("sitegen: warning: \(message)\n".utf8))
    }

    /// A line on standard output, written at once (not buffered): what a watching program reports.
    static func line(_ message: String) {
        FileHandle.standardOutput.write(Data((message + "\n").utf8))
    }

    static func plain(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
