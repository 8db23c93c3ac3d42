import Foundation

/// Messages for the person at the terminal, on standard error.
enum TerminalOutput {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("sitegen: error: \(message)\n".utf8))
    }
}
