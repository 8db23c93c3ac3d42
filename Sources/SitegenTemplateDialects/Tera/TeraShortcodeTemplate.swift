import SitegenTemplates

/// A Zola shortcode template (`templates/shortcodes/<name>.html`), written in a subset of Tera.
///
/// Supported: `{{ expression }}` with filters (`safe`, `default`, `markdown`, `lower`, `upper`,
/// `trim`, `replace`, `split`, `first`, `last`, `length`, `join`, `truncate`, `escape`,
/// `urlencode`, `slugify`, `title`, `capitalize`, `date`, `striptags` and more),
/// `if`/`elif`/`else`, `for x in list` and `for key, value in map` (with `loop.index`,
/// `loop.index0`, `loop.first`, `loop.last`, `loop.length`, `break`, `continue`), `set`,
/// `set_global`, `raw`, `{# comments #}`, whitespace control, the operators `and or not == !=
/// < > <= >= in ~ + - * / %`, and the tests `is defined`, `is undefined`, `is odd`… Other tags
/// (`include`, `macro`, `filter`…) are ``DialectError/Kind/unsupported(construct:)`` errors when
/// the template is parsed; functions (`get_url`, `resize_image`…) go to the `function` closure
/// when rendered, except `range` and `throw`, which are built in.
///
/// As in Zola, what `{{ … }}` writes is HTML-escaped (also `/`, as `&#x2F;`) unless its last
/// filter is `safe`; a Markdown shortcode (`.md`) is parsed with `autoescape: false`. A
/// variable that is not defined writes nothing and is false, where Tera would stop the build.
public struct TeraShortcodeTemplate: Sendable {
    let nodes: [TeraNode]
    let autoescape: Bool

    /// Parses an HTML shortcode; throws for malformed or unsupported constructs.
    public init(_ source: String) throws(DialectError) {
        try self.init(source, autoescape: true)
    }

    /// Parses a shortcode; `autoescape` is `false` for a Markdown one (`shortcodes/<name>.md`).
    public init(_ source: String, autoescape: Bool) throws(DialectError) {
        nodes = try TeraParser.parse(source)
        self.autoescape = autoescape
    }

    /// The output of the shortcode with `variables`: its arguments by name, and `body`, `nth`,
    /// `page`, `config`, `lang`. `markdown` renders the `markdown` filter's input to HTML.
    public func render(_ variables: [String: TemplateValue], markdown: @Sendable (String) -> String) throws(DialectError) -> String {
        try render(variables, markdown: markdown, function: { _, _ in nil })
    }

    /// The output of the shortcode, with `function` answering Tera function calls such as
    /// `get_url(path="@/blog/_index.md")` (its name and named arguments); `nil` makes the call an
    /// ``DialectError/Kind/unsupported(construct:)`` error.
    public func render(
        _ variables: [String: TemplateValue], markdown: @Sendable (String) -> String,
        function: (_ name: String, _ arguments: [String: TemplateValue]) -> TemplateValue?
    ) throws(DialectError) -> String {
        // The closures only live as long as this call; the renderer keeps them for it.
        var result: Result<String, DialectError> = .success("")
        withoutActuallyEscaping(markdown) { markdown in
            withoutActuallyEscaping(function) { function in
                var renderer = TeraRenderer(variables: variables, autoescape: autoescape, markdown: markdown, function: function)
                var output = ""
                do throws(DialectError) {
                    try renderer.render(nodes, into: &output)
                    result = .success(output)
                } catch {
                    result = .failure(error)
                }
            }
        }
        return try result.get()
    }
}
