import SitegenTemplates

/// A Liquid template, as Jekyll 4 and Eleventy run it: a page, a layout or an include.
///
/// Parse once, render many times. Parsing checks that blocks close and that every filter is one
/// sitegen runs; tags other than Liquid's own go to ``LiquidEnvironment/tag`` when rendered.
///
/// Supported: `{{ … }}` with filters, whitespace control (`{{-`, `-%}`), `if`/`elsif`/`else`,
/// `unless`, `case`/`when`, `for` (`limit:`, `offset:`, `reversed`, ranges `(1..n)`,
/// `forloop`, `else`, `break`, `continue`), `assign`, `capture`, `increment`, `decrement`,
/// `cycle`, `comment`, `raw`, `echo`, `include name.html key=value` (Jekyll's `include.key`),
/// `highlight`, and Nunjucks' `set` (both forms) for Eleventy.
///
/// A `for` loop walks a list; an object as `[name, value]` pairs (``IterableTemplateObject``
/// order, or sorted names for a ``TemplateDictionary``), so Jekyll's `site.categories` and
/// data files loop as they do in Jekyll; a text once; `nil`, numbers and yes/no not at all.
/// `for key, value in object` (Nunjucks) takes the pair apart.
public struct LiquidTemplate: Sendable {
    let nodes: [LiquidNode]

    /// Parses `source`; throws when a block is not closed, an expression is malformed or a
    /// filter is not supported.
    public init(_ source: String) throws(DialectError) {
        nodes = try LiquidParser.parse(source)
    }

    /// The output of the template with `variables` (`page`, `site`, `content`, `paginator`…)
    /// and `environment`.
    ///
    /// Throws for an include that does not exist or includes itself, a tag the environment does
    /// not render, and going over the limits on nesting, includes, loops and output size.
    public func render(_ variables: [String: TemplateValue], environment: LiquidEnvironment) throws(DialectError) -> String {
        let renderer = LiquidRenderer(variables: variables, environment: environment)
        var output = ""
        try renderer.render(nodes, into: &output)
        return output
    }
}
