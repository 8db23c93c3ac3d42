/// Why a formula cannot be read: what is wrong and where in the formula.
public struct MathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words for the writer (``description`` says it with the place).
    public let message: String
    /// The UTF-8 offset in the formula where the problem is.
    public let offset: Int

    /// An error `message` at `offset`.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { message }
}
