/// A problem with a site that its author can fix: it names the file, the line where known,
/// and what to do.
public struct SiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the problem is in, relative to the site folder where possible.
    public let file: String?
    /// The line in that file, when known.
    public let line: Int?
    /// What is wrong and what to do about it.
    public let message: String

    /// Creates an error.
    public init(file: String? = nil, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(message)"
        case let (file?, nil): "\(file): \(message)"
        default: message
        }
    }
}
