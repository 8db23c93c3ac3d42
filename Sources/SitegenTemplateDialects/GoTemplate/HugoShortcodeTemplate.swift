import SitegenLimits

/// A Hugo shortcode template (`layouts/shortcodes/NAME.html`), parsed once and rendered for
/// each use of the shortcode in a page.
///
/// It interprets the part of Go's `text/template` and of Hugo's functions that shortcodes of
/// themes use, and escapes what it prints as `html/template` does in the context it lands in
/// (text, attribute, URL, JavaScript, CSS); `.Inner` and the results of `markdownify`,
/// `.Page.RenderString`, `highlight` and `safeHTML` are written as they are.
///
/// **Actions:** `{{ pipeline }}` with `{{-`/`-}}` trimming and `{{/* comments */}}`;
/// `if`/`else if`/`else`, `with`/`else with`/`else`, `range` over lists, maps, objects and
/// counts (`range $i, $e := …`, `else`, `break`, `continue`); variables (`$x := …`, `$x = …`, `$`);
/// fields and chains (`.Page.Params.x`, `$x.y`, `(…).z`, `site.Params.x`), pipes and
/// parentheses; literals (strings, raw strings, characters, numbers, `true`, `false`, `nil`).
/// Members of objects are found whatever their case (`.Site.Params.Description` reads
/// `description`), as Hugo's parameter maps are; a missing member is nil.
///
/// **The shortcode (`.`):** `.Get 0`, `.Get "name"`, `.Params`, `.IsNamedParams`, `.Inner`,
/// `.InnerDeindent`, `.Ordinal`, `.Name`, `.Position` (empty), `.Page`, `.Site`, `.Parent`
/// (with `.Parent.Get`), `.Store`/`.Scratch` (`Get Set Add Delete SetInMap DeleteInMap
/// Values`, kept for one render). On a page: `.RenderString`, `.Param`, `.Site`, `.Store`. On a
/// date written as ISO 8601 text (a page's `.Date`): `.Format`, `.Year`, `.Month`, `.Day`, …
///
/// **Functions:** `and or not eq ne lt le gt ge default cond`; `len index isset in first last
/// after slice dict merge append seq delimit join split querify uniq reverse sort` (by value or
/// by a key); `print printf println string int float lower upper title humanize trim chomp
/// replace replaceRE findRE substr truncate countwords hasPrefix hasSuffix urlize anchorize`
/// and the `strings.` ones (`Contains ContainsAny HasPrefix HasSuffix TrimPrefix TrimSuffix
/// TrimSpace TrimLeft TrimRight Replace Repeat Count Split FirstUpper`); `add sub mul div mod`
/// and `math.Floor Ceil Round Max Min`; `safeHTML safeURL safeHTMLAttr safeCSS safeJS
/// htmlEscape htmlUnescape plainify markdownify emojify` (unchanged) `jsonify urlquery absURL
/// relURL absLangURL relLangURL ref relref highlight urls.Parse urls.JoinPath`; `site page
/// newScratch T i18n` (the key itself) `dateFormat time.Format reflect.IsMap reflect.IsSlice
/// hugo.IsServer hugo.IsProduction hugo.IsDevelopment hugo.Environment` (a production build);
/// `warnf` (prints nothing); `errorf` and `erroridf` fail the render. Namespaced spellings
/// (`collections.Dictionary`, `safe.HTML`, `urls.RelURL`, …) are accepted. `replaceRE` and
/// `findRE` read Go's RE2 syntax and run in time linear in the text.
///
/// **Not supported** (an ``DialectError/Kind/unsupported(construct:)`` error when parsed):
/// `partial`, `template`, `define`, `block`, `resources.*`, `now`, `where`, `hugo.Version`,
/// any function not listed, and fields that reach other pages or files (`.Resources`,
/// `.GetPage`, `.Pages`, `.Sites`, `.Menus`, `.Content`, …).
public struct HugoShortcodeTemplate: Sendable {
    private let nodes: [GoTemplateNode]

    /// Parses `source`; throws for a construct outside the subset above (with its line), a
    /// malformed template, or one over ``Limits/dialectTemplateBytes`` or nested deeper than
    /// ``Limits/dialectNesting``.
    public init(_ source: String) throws(DialectError) {
        guard source.utf8.count <= Limits.dialectTemplateBytes else {
            throw DialectError(.limit, line: 1, "The shortcode template is larger than \(Limits.dialectTemplateBytes) bytes.")
        }
        var lexer = GoTemplateLexer(source)
        var parser = GoTemplateParser(items: try lexer.items())
        nodes = try parser.parse()
    }

    /// The HTML the shortcode writes for `call`. Throws for a wrong argument (a text where a
    /// number goes), a construct only known to be unsupported while running (an unknown field
    /// of the shortcode), `errorf`, or going over ``Limits/dialectIterations`` or
    /// ``Limits/dialectOutputBytes``.
    public func render(_ call: HugoShortcodeCall) throws(DialectError) -> String {
        let renderer = GoTemplateRenderer(call: call)
        try renderer.render(nodes)
        return renderer.output
    }
}
