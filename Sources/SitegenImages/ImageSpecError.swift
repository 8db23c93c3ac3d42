/// Why an operation as written cannot be made: what to write instead.
public struct ImageSpecError: Error, CustomStringConvertible, Sendable {
    /// The message, naming the words at fault.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
