/// Several problems found in one build, reported together.
public struct SiteErrors: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order of their files.
    public let errors: [SiteError]

    /// One problem a line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
