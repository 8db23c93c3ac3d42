/// Why a template of another generator (a Hugo shortcode, a Jekyll include, a Zola shortcode,
/// a Liquid page) cannot be read or run: the line of the template and what went wrong.
public struct DialectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Sendable, Hashable {
        /// A construct sitegen does not interpret (a function, filter, tag or field): the
        /// template is left alone and the tag is shown as written.
        case unsupported(construct: String)
        /// The template is not well formed (an unclosed block, a bad expression).
        case syntax
        /// Running it went over a limit (include depth, loop iterations, output size).
        case limit
    }

    /// What kind of problem.
    public let kind: Kind
    /// The line in the template, counted from 1.
    public let line: Int
    /// What is wrong, for the writer.
    public let message: String

    /// An error of `kind` at `line`.
    public init(_ kind: Kind, line: Int, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    public var description: String { message }
}
