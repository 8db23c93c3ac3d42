/// An error in a Markdown document that the author can fix.
///
/// Lines and columns are 1-based and count from the top of the Markdown file, front matter
/// included, so an editor can jump straight to them.
public struct MarkdownError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line in the Markdown file.
    public let line: Int
    /// The column in that line (counted in Unicode scalars), when known.
    public let column: Int?
    /// What is wrong, in the words of the part that found it.
    public let message: String

    /// Creates an error at a position of the Markdown file.
    public init(line: Int, column: Int? = nil, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`, ready to follow a file name.
    public var description: String {
        if let column { return "\(line):\(column): \(message)" }
        return "\(line): \(message)"
    }
}
