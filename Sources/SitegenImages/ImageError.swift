/// Why an image could not be read or made: libvips' message.
public struct ImageError: Error, CustomStringConvertible, Sendable {
    /// libvips' message (or sitegen's, for a refused image).
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
