import SitegenTemplates

/// One use of a Hugo shortcode in a page (`{{< name … >}}…{{< /name >}}`): what a
/// ``HugoShortcodeTemplate`` sees as its dot.
///
/// The closures are how the template reaches the rest of the build (Markdown, highlighting,
/// links) without this module depending on it; their defaults keep the text as it is.
public struct HugoShortcodeCall: Sendable {
    /// The shortcode's name, `.Name`.
    public var name: String
    /// The arguments of `{{< x "a" b >}}`, in order: `.Get 0`, `.Params` as a list.
    public var positional: [String]
    /// The arguments of `{{< x k="v" >}}`: `.Get "k"`, `.Params` as a map. A call has
    /// either these or ``positional``, as in Hugo.
    public var named: [String: String]
    /// The raw text between the opening and the closing tag, `.Inner`; `nil` when the
    /// shortcode has no closing tag.
    public var inner: String?
    /// How many shortcodes of this name came before this one on the page, `.Ordinal`.
    public var ordinal: Int
    /// The page, `.Page`: an object with members named as Hugo names them (`Title`, `Params`,
    /// `Permalink`, `RelPermalink`, `Lang`, `Date`, …).
    public var page: TemplateValue
    /// The site, `.Site` and `.Page.Site`: `Title`, `Params`, `BaseURL`, `Language`, …
    public var site: TemplateValue
    /// The shortcode this one is nested in, `.Parent`; ``TemplateValue/null`` at the top level.
    public var parent: TemplateValue
    /// Markdown to HTML, for `markdownify` and `.Page.RenderString`; one paragraph comes back
    /// without its `<p>`, as in Hugo.
    public var markdownify: @Sendable (String) -> String
    /// Hugo's `highlight CODE LANG OPTIONS`: code to highlighted HTML.
    public var highlight: @Sendable (_ code: String, _ language: String, _ options: String) -> String
    /// `ref` and `relref`: a page's path to its URL, `nil` when there is no such page.
    public var resolveRef: @Sendable (String) -> String?
    /// `T` and `i18n`: the site's translation of a key in the page's language (its `i18n/`
    /// files and its theme's) for a count (its plural form), `nil` when it has none.
    public var translate: @Sendable (_ key: String, _ count: Int?) -> String?

    /// A call of the shortcode `name`. Without closures, `markdownify` and `highlight` return
    /// their input HTML-escaped and `ref` finds no page.
    public init(
        name: String,
        positional: [String] = [],
        named: [String: String] = [:],
        inner: String? = nil,
        ordinal: Int = 0,
        page: TemplateValue = .null,
        site: TemplateValue = .null,
        parent: TemplateValue = .null,
        markdownify: (@Sendable (String) -> String)? = nil,
        highlight: (@Sendable (_ code: String, _ language: String, _ options: String) -> String)? = nil,
        resolveRef: (@Sendable (String) -> String?)? = nil,
        translate: (@Sendable (_ key: String, _ count: Int?) -> String?)? = nil
    ) {
        self.name = name
        self.positional = positional
        self.named = named
        self.inner = inner
        self.ordinal = ordinal
        self.page = page
        self.site = site
        self.parent = parent
        self.markdownify = markdownify ?? { GoHTMLEscaping.html($0) }
        self.highlight = highlight ?? { code, _, _ in "<pre><code>" + GoHTMLEscaping.html(code) + "</code></pre>" }
        self.resolveRef = resolveRef ?? { _ in nil }
        self.translate = translate ?? { _, _ in nil }
    }
}
