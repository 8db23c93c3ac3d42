@_exported import SitegenHighlight
@_exported import SitegenMarkdown

/// How a site is built: the Markdown parser its pages go through (with your modifiers) and
/// the steps of the build. Settings such as the title come from `sitegen.yml`.
///
/// ```swift
/// var site = Site()
/// site.addModifier(Modifier(target: .images) { html, _ in
///     html.replacingOccurrences(of: "<img ", with: "<img loading=\"lazy\" ")
/// })
/// let builder = SiteBuilder(site: site, layout: SiteLayout(root: folder))
/// let summary = try await builder.build()
/// ```
public struct Site: Sendable {
    /// The parser every page's Markdown goes through. Headings get ids, so tables of
    /// contents can link to them, and attribute lists (`## Install {#install}`, kramdown's
    /// `{:.good}`) are read as Hugo, Zola and Jekyll read them.
    public var markdownParser: MarkdownParser
    /// The steps of a build, in order.
    public var steps: [BuildStep]
    /// Run on every page after loading, in order; each gets the previous one's result.
    public var pageProcessors: [@Sendable (Page) throws -> Page] = []
    /// Run on every page after its Markdown is parsed; their values are added to `page.data`.
    public var pageData: [@Sendable (RenderedPage) -> FrontMatter] = []
    /// Run on every page's final HTML, in order, with the site's published files at hand.
    public var htmlProcessors: [@Sendable (_ html: String, _ page: RenderedPage, _ files: PublishedFiles) -> String] = []
    /// What colours code blocks at build time (unless `sitegen.yml` says `highlight: false`):
    /// the built-in ``Highlighter`` by default; `nil` leaves code uncoloured. Set it with
    /// ``Plugin/syntaxHighlighting(_:)``.
    public var codeHighlighter: (any CodeHighlighter)? = Highlighter()
    /// The names of the plugins installed, in order.
    public private(set) var installedPlugins: [String] = []

    /// Creates a site with the default parser and steps.
    public init(markdownParser: MarkdownParser = MarkdownParser(options: .init(headingIDs: true, generatorSyntax: true, alerts: true,
                                                                                   eastAsianLineBreaks: true, math: true)),
                steps: [BuildStep] = BuildStep.defaultSteps) {
        self.markdownParser = markdownParser
        self.steps = steps
    }

    /// Adds a modifier to the site's Markdown parser; it runs after the built-in link rewriting.
    public mutating func addModifier(_ modifier: Modifier) {
        markdownParser.addModifier(modifier)
    }

    /// Installs plugins in order.
    public mutating func install(_ plugins: Plugin...) {
        install(plugins)
    }

    /// Installs plugins in order.
    public mutating func install(_ plugins: [Plugin]) {
        self = plugins.reduce(into: self) { site, plugin in
            plugin.install(into: &site)
            site.installedPlugins.append(plugin.name)
        }
    }
}
