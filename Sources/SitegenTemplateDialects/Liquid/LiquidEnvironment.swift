import Synchronization
import SitegenTemplates

/// What a Liquid template reaches outside itself: the site's include files, its Markdown and
/// code highlighting, and the tags of its plugins.
///
/// Each closure answers for one construct; the defaults know no includes and no tags, render
/// Markdown as its escaped text and code as an escaped `<pre>`.
public struct LiquidEnvironment: Sendable {
    /// The text of the include file `name` (`_includes/<name>` in Jekyll), or `nil` when there
    /// is none: the `include` tag then fails with an error naming it.
    public var include: @Sendable (_ name: String) -> String?
    /// The text of the file `name` from the page's folder, for Jekyll's `include_relative`, or
    /// `nil` when there is none: the tag then fails with an error naming it.
    public var includeRelative: @Sendable (_ name: String) -> String?
    /// Markdown to HTML, for the `markdownify` filter.
    public var markdownify: @Sendable (String) -> String
    /// The HTML of `{% highlight ruby linenos %}…{% endhighlight %}`: the code (its Liquid
    /// rendered, its first and last line breaks removed), the language and the other words.
    public var highlight: @Sendable (_ code: String, _ language: String, _ options: String) -> String
    /// The output of another tag the site supports (`post_url`, `link`, `seo`, `feed_meta`, an
    /// Eleventy shortcode), given the text after its name; `nil` makes the tag an
    /// ``DialectError/Kind/unsupported(construct:)`` error.
    public var tag: @Sendable (_ name: String, _ argument: String) -> String?
    /// The output of a paired tag the site supports (`{% callout "warn" %}…{% endcallout %}`),
    /// given the text after its name and its rendered body; `nil` makes it an
    /// ``DialectError/Kind/unsupported(construct:)`` error.
    public var block: @Sendable (_ name: String, _ argument: String, _ body: String) -> String?
    /// Reserved. Unknown tags are ``DialectError/Kind/unsupported(construct:)`` errors either way.
    public var strict: Bool
    /// Told of each call of a filter sitegen does not run (a site plugin's), with its name and
    /// line: the filter then gives its input unchanged, as Liquid does without
    /// `strict_filters` (Jekyll's default). `nil` makes such a call an
    /// ``DialectError/Kind/unsupported(construct:)`` error.
    public var unknownFilter: (@Sendable (_ name: String, _ line: Int) -> Void)?
    /// Told of each tag that neither Liquid nor ``tag`` (or ``block``) knows (a site plugin's),
    /// with its name and line: the tag is then written as it stands (`{% gist 123 %}`; a paired
    /// one around its body, whose Liquid runs) and the rest of the template runs. `nil` makes
    /// such a tag an ``DialectError/Kind/unsupported(construct:)`` error.
    public var unknownTag: (@Sendable (_ name: String, _ line: Int) -> Void)?
    /// The CSS of Sass text, for Jekyll's `scssify` and `sassify` (`indented`: the indented
    /// syntax), or why it does not compile; `nil` makes those filters
    /// ``DialectError/Kind/unsupported(construct:)`` errors.
    public var sass: (@Sendable (_ text: String, _ indented: Bool) -> Result<String, DialectError>)?
    /// Where `{% include_cached %}` keeps the output of each include and parameters, for the
    /// renders that share it (a build's pages), as jekyll-include-cache keeps it; `nil`: it is
    /// made each time, as `include` is.
    public var includeCache: LiquidIncludeCache?

    /// An environment; any closure left out keeps its default.
    public init(
        include: @escaping @Sendable (_ name: String) -> String? = { _ in nil },
        includeRelative: @escaping @Sendable (_ name: String) -> String? = { _ in nil },
        markdownify: (@Sendable (String) -> String)? = nil,
        highlight: (@Sendable (_ code: String, _ language: String, _ options: String) -> String)? = nil,
        tag: @escaping @Sendable (_ name: String, _ argument: String) -> String? = { _, _ in nil },
        block: @escaping @Sendable (_ name: String, _ argument: String, _ body: String) -> String? = { _, _, _ in nil },
        strict: Bool = false,
        unknownFilter: (@Sendable (_ name: String, _ line: Int) -> Void)? = nil,
        unknownTag: (@Sendable (_ name: String, _ line: Int) -> Void)? = nil,
        sass: (@Sendable (_ text: String, _ indented: Bool) -> Result<String, DialectError>)? = nil,
        includeCache: LiquidIncludeCache? = nil
    ) {
        self.include = include
        self.includeRelative = includeRelative
        self.markdownify = markdownify ?? { LiquidFilters.escapeHTML($0) }
        self.highlight = highlight ?? { code, language, _ in
            "<pre><code class=\"language-\(LiquidFilters.escapeHTML(language))\">\(LiquidFilters.escapeHTML(code))</code></pre>"
        }
        self.tag = tag
        self.block = block
        self.strict = strict
        self.unknownFilter = unknownFilter
        self.unknownTag = unknownTag
        self.sass = sass
        self.includeCache = includeCache
    }
}

/// The outputs of `{% include_cached %}`, by include and parameters, shared by renders.
public final class LiquidIncludeCache: Sendable {
    private let outputs = Mutex<[String: String]>([:])

    /// An empty cache.
    public init() {}

    func output(for key: String) -> String? {
        outputs.withLock { $0[key] }
    }

    func keep(_ output: String, for key: String) {
        outputs.withLock { $0[key] = output }
    }
}
