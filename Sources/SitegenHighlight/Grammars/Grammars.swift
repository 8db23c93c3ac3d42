/// The grammars, one `static let` each in the file of its language, made once on first use.
enum Grammars {}

extension Grammars {
    /// The state inside `#{…}` of Ruby's and Elixir's strings: code of the grammar's `root`,
    /// braces nesting, until the `}` that closes it.
    static let hashInterpolation: (String, [Rule]) = ("interpolation", [
        Rule(.text("{"), .stringInterpolation, .push("interpolation")),
        Rule(.text("}"), .stringInterpolation, .pop),
        .include("root"),
    ])
}
