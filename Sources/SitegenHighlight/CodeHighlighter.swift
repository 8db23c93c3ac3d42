/// Something that colours code: the built-in ``Highlighter``, or your own (one that calls
/// another program, or knows a language we do not).
///
/// ```swift
/// struct Shouting: CodeHighlighter {
///     func highlight(_ code: String, language: String) -> String? {
///         language == "shout" ? "<span class=\"k\">" + code.uppercased() + "</span>" : nil
///     }
/// }
/// ```
public protocol CodeHighlighter: Sendable {
    /// The HTML to put inside `<code>` for `code` in `language` (as written in the info string,
    /// such as `rs` or `Swift`), or `nil` for a language it does not know, which leaves the
    /// block as it was. The HTML must escape `&`, `<`, `>` and `"`, and no element in it may
    /// cross the end of a line, so that lines can be numbered and marked.
    func highlight(_ code: String, language: String) -> String?
}
