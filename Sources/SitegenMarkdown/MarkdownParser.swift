/// Parses Markdown (CommonMark with GitHub's extensions, by cmark-gfm) into a ``Markdown``
/// value, running ``Modifier``s over the HTML.
///
/// With no modifiers and ``Options/headingIDs`` off, the HTML is exactly what cmark-gfm's
/// own renderer gives for the same options, byte for byte.
///
/// ```swift
/// var parser = MarkdownParser()
/// parser.addModifier(Modifier(target: .images) { html, _ in
///     html.replacingOccurrences(of: "<img ", with: "<img loading=\"lazy\" ")
/// })
/// let page = try parser.parse(text)   // page.html, page.frontMatter, page.title, page.headings
/// ```
///
/// A parser is a value: copy it, configure the copy, share it between tasks. Parsing many
/// documents at once from many tasks gives the same output as parsing them one by one.
public struct MarkdownParser: Sendable {
    /// A GitHub Flavored Markdown extension.
    public enum Extension: String, Sendable, CaseIterable, Hashable {
        /// Pipe tables.
        case table
        /// `~~strikethrough~~`.
        case strikethrough
        /// Bare `www.` and `https://` links and email addresses.
        case autolink
        /// Escapes `<script>`, `<style>`, `<iframe>` and other tags GitHub filters.
        case tagfilter
        /// `- [ ]` and `- [x]` task list items.
        case tasklist
        /// `[^note]` footnotes.
        case footnotes
    }

    /// What to do with raw HTML in the Markdown.
    public enum RawHTMLPolicy: String, Sendable, Hashable {
        /// Pass it through: authors are trusted (the default).
        case keep
        /// Replace it with `<!-- raw HTML omitted -->` and drop `javascript:` style links.
        case omit
    }

    /// How Markdown is read and HTML written.
    public struct Options: Sendable, Hashable {
        /// The GFM extensions to use. Default: all but ``Extension/tagfilter``.
        public var extensions: Set<Extension>
        /// Straight quotes to curly ones, `--` to en dash, `---` to em dash, `...` to an ellipsis.
        public var smartPunctuation: Bool
        /// Every line break in a paragraph becomes `<br />`.
        public var hardBreaks: Bool
        /// Raw HTML in the Markdown: kept or omitted.
        public var rawHTML: RawHTMLPolicy
        /// Give every heading an `id` attribute with its unique slug (see ``Heading/id``).
        public var headingIDs: Bool
        /// Read a leading front matter block (YAML between `---` lines, TOML between `+++` lines,
        /// or a JSON object) instead of rendering it.
        public var frontMatter: Bool
        /// Add `data-sourcepos` attributes with each block's position in the source.
        public var sourcePositions: Bool
        /// Read what other site generators' Markdown adds: attribute lists as Hugo, Zola,
        /// kramdown and Pandoc write them (`## Install {#install .wide}` gives the heading that
        /// id instead of its slug, and those classes, and the `{…}` leaves its text; kramdown's
        /// `{:.good}` on a line of its own or right after an image or link is dropped, its
        /// `#id` kept as an empty `<a id>` anchor), and heading slugs that leave out template
        /// tags (`## Usage {% addedin "2.0" %}` → `usage`), definition lists, and code blocks'
        /// titles (`title="app.js"`, `{filename=…}`, `,name=…`) and Docusaurus' tab blocks
        /// (`js tab`). Off by default, so the HTML stays cmark-gfm's; sites turn it on.
        public var generatorSyntax: Bool
        /// Render callouts as GitHub renders alerts: a quote that starts with `[!NOTE]`,
        /// `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (optionally followed by a
        /// title), or a callout type of Obsidian, Docsy or MkDocs (`[!INFO]`, `[!FAQ]`, `[!BUG]`…,
        /// titled by its name; `[!NOTE]-` folds, closed, and `[!NOTE]+` open, in a `<details>`),
        /// and the `:::note` … `:::` containers of Docusaurus, Starlight and VitePress,
        /// become `<div class="markdown-alert markdown-alert-note">` with a title paragraph and
        /// an icon (see ``Alert``). Off by default, so the HTML stays cmark-gfm's; sites turn it on.
        public var alerts: Bool
        /// Leave out the line break between two lines of Chinese or Japanese (a line that ends
        /// in a Han, kana or CJK punctuation character, and one that starts with one), which a
        /// browser would show as a space in the middle of a sentence, as goldmark's
        /// `eastAsianLineBreaks` does. Korean, written with spaces, keeps its line breaks. Off by
        /// default, so the HTML stays cmark-gfm's; sites turn it on.
        public var eastAsianLineBreaks: Bool
        /// Read MkDocs' admonitions (`!!! note "Title"` and collapsible `??? tip`, their text
        /// indented below) as the `:::` containers ``alerts`` renders, and Material's content
        /// tabs (`=== "Tab"`) as tabs that work without JavaScript; see ``Admonitions`` and
        /// ``ContentTabs``. Needs ``alerts``. Off by default, so the HTML stays cmark-gfm's; sites turn it on.
        public var admonitions: Bool
        /// Leave out the hidden lines of Rust code blocks as mdBook does: in a block whose
        /// language is `rust` (`rust,ignore` too), a line that is `#` or starts with `# ` (after
        /// its indentation) is not shown, and `##` at its start shows as `#`; `#[derive]` and
        /// `#!` lines stay. Off by default, so the HTML stays cmark-gfm's; books turn it on.
        public var hidesRustLines: Bool = false
        /// Render math as MathML at build time, by GitHub's rules: `$…$` and `\(…\)` inline,
        /// `$$…$$` and `\[…\]` display, and code blocks whose language is `math`; a `$` in
        /// prose (`$5 and $10`) stays text, and code is never read. A formula that cannot be
        /// read is shown as code (``Markdown/mathFailures`` says where). Off by default, so the
        /// HTML stays cmark-gfm's; sites turn it on.
        public var math: Bool = false
        /// With ``math``, whether one `$` delimits inline math (GitHub's rule). kramdown, which
        /// Jekyll sites are written for, reads only `$$…$$`, inline or display, and shows one `$`
        /// as text (`"$time $metadata[$level]"`). Default: on.
        public var singleDollarMath: Bool = true
        /// With ``alerts``, the title of each kind of alert that gives none (a page's language's
        /// word: `Hinweis`, `备注`). Default: none, which shows `Note`, `Tip`, `Important`,
        /// `Warning`, `Caution` (``Alert/Kind/title``).
        public var alertTitles: [Alert.Kind: String] = [:]
        /// With ``headingIDs``, the slugs Python-Markdown's `toc` extension makes, which MkDocs
        /// sites link to (`Installation & setup` → `installation-setup`, then
        /// `installation-setup_1`), instead of GitHub's (``Heading/id``). Default: off.
        package var pythonMarkdownHeadingIDs = false
        /// With ``titleHeading`` `.omit(given: nil)`, only a level-1 heading is the title, as
        /// MkDocs reads titles: a document without one keeps its first heading. Default: off.
        package var titleHeadingIsLevelOne = false
        /// What becomes of the heading the document's title comes from, for sites whose
        /// templates show the title themselves. Default: ``TitleHeading/keep``.
        public var titleHeading: TitleHeading

        /// Creates options; the defaults suit a website.
        public init(extensions: Set<Extension> = Options.defaultExtensions,
                    smartPunctuation: Bool = false,
                    hardBreaks: Bool = false,
                    rawHTML: RawHTMLPolicy = .keep,
                    headingIDs: Bool = false,
                    frontMatter: Bool = true,
                    sourcePositions: Bool = false,
                    generatorSyntax: Bool = false,
                    alerts: Bool = false,
                    eastAsianLineBreaks: Bool = false,
                    admonitions: Bool = false,
                    math: Bool = false,
                    titleHeading: TitleHeading = .keep) {
            self.extensions = extensions
            self.smartPunctuation = smartPunctuation
            self.hardBreaks = hardBreaks
            self.rawHTML = rawHTML
            self.headingIDs = headingIDs
            self.frontMatter = frontMatter
            self.sourcePositions = sourcePositions
            self.generatorSyntax = generatorSyntax
            self.alerts = alerts
            self.eastAsianLineBreaks = eastAsianLineBreaks
            self.admonitions = admonitions
            self.math = math
            self.titleHeading = titleHeading
        }

        /// Every extension but ``Extension/tagfilter``.
        public static let defaultExtensions: Set<Extension> = [.table, .strikethrough, .autolink, .tasklist, .footnotes]
    }

    /// What becomes of a document's first heading (when it is not inside a block quote or a
    /// list) if the document's title comes from it.
    public enum TitleHeading: Sendable, Hashable {
        /// It renders as any heading does: the HTML is cmark-gfm's.
        case keep
        /// It is left out of ``Markdown/html`` when it is the document's title, and reported
        /// as ``Markdown/omittedHeading`` (it stays in ``Markdown/headings``). With a `given`
        /// title (a page's `title` key), it is left out when its text is that title, compared
        /// by letters and digits, ignoring case (`Getting Started!` is `getting started`).
        /// With none, it is left out when the title comes from it: when it is a level-1
        /// heading, or the document has no level-1 heading at all and it opens the document
        /// (nothing but HTML comments before it: a lower heading further down heads a part).
        case omit(given: String?)
    }

    /// How Markdown is read and HTML written.
    public var options: Options
    /// The modifiers, in the order they run.
    public private(set) var modifiers: [Modifier]
    /// Rewrites link and image destinations before the document renders, before any modifier
    /// runs (see ``LinkRewriter``). Default: none.
    public var linkRewriter: LinkRewriter?

    /// Creates a parser.
    public init(options: Options = Options(), modifiers: [Modifier] = [], linkRewriter: LinkRewriter? = nil) {
        self.options = options
        self.modifiers = modifiers
        self.linkRewriter = linkRewriter
    }

    /// Adds a modifier; it runs after the modifiers of its target added before it.
    public mutating func addModifier(_ modifier: Modifier) {
        modifiers.append(modifier)
    }

    /// Adds a modifier that runs before all others of its target.
    package mutating func addFirstModifier(_ modifier: Modifier) {
        modifiers.insert(modifier, at: 0)
    }

    /// Parses a document: front matter (when ``Options/frontMatter`` is on), then the body.
    ///
    /// - Throws: ``MarkdownError`` when the front matter is not valid YAML, TOML or JSON, or not a map.
    public func parse(_ text: String) throws(MarkdownError) -> Markdown {
        parse(try MarkdownSource(text: text, readsFrontMatter: options.frontMatter))
    }

    /// Parses a document whose front matter was already read (see ``MarkdownSource``).
    /// Metadata modifiers run on its front matter; the body is parsed and modified.
    public func parse(_ source: MarkdownSource) -> Markdown {
        parse(source, fragments: HTMLFragments())
    }

    /// Parses a document whose placeholders stand for `fragments` of HTML made before (a
    /// site's shortcodes): they are put in after the modifiers ran, and left out of the text
    /// of headings and summaries.
    package func parse(_ source: MarkdownSource, fragments given: HTMLFragments) -> Markdown {
        var fragments = given, body = source.body, mathFailures: [MathReader.Failure] = []
        // MkDocs' content tabs and admonitions (tabs in admonitions too, which Admonitions finds); the text keeps its lines.
        if options.admonitions, options.alerts {
            if let tabbed = ContentTabs.rewritten(body, fragments: &fragments) { body = tabbed[...] }
            if let admonished = Admonitions.rewritten(body, titles: options.alertTitles, fragments: &fragments) { body = admonished[...] }
        }
        if options.math, MathReader.mayHoldMath(body),
           let replaced = MathReader.replacing(in: body, firstLine: source.bodyLineOffset + 1,
                                               codeLines: codeBlockLines(of: body, lineOffset: source.bodyLineOffset),
                                               htmlBlocks: options.rawHTML == .keep, singleDollars: options.singleDollarMath,
                                               fragments: &fragments) {
            body = replaced.body[...]
            mathFailures = replaced.failures
        }
        let chains = modifierChains()
        let frontMatter = modifiedFrontMatter(source.frontMatter, chains: chains)
        var (html, facts) = render(body, frontMatter: frontMatter, chains: chains, lineOffset: source.bodyLineOffset,
                                   placeholders: fragments.isEmpty ? nil : fragments)
        if !fragments.isEmpty { html = fragments.splice(html) }
        var markdown = Markdown(html: html, frontMatter: frontMatter, title: facts.title, headings: facts.headings,
                                summary: facts.summary, bodyLineOffset: source.bodyLineOffset, omittedHeading: facts.omittedHeading,
                                codeLines: facts.codeLines, tooDeepAlertLine: facts.tooDeepAlertLine)
        markdown.mathFailures = mathFailures
        return markdown
    }

    /// The file's lines of the code blocks of `body`, whose first line is the file's line
    /// `lineOffset + 1`: what the readers of tags and math that run before the parse skip.
    package func codeBlockLines(of body: Substring, lineOffset: Int) -> [ClosedRange<Int>] {
        let document = CmarkDocument(parsing: body, options: options, trackPositions: false)
        return document.codeBlockLines().map { $0.lowerBound + lineOffset...$0.upperBound + lineOffset }
    }

    /// The HTML of a Markdown text (front matter, if read, is dropped).
    public func html(from text: String) throws(MarkdownError) -> String {
        try parse(text).html
    }

    private func render(_ body: Substring, frontMatter: FrontMatter, chains: [Modifier.Target: [Modifier]],
                        lineOffset: Int, placeholders: HTMLFragments?) -> (String, DocumentFacts) {
        let wanted = Set(chains.keys).subtracting([.metadataKeys, .metadataValues])
        let document = CmarkDocument(parsing: body, options: options, trackPositions: !wanted.isEmpty || linkRewriter != nil)
        document.placeholders = placeholders
        var (facts, marked, nodes) = document.walk(wanted: wanted, headingIDs: options.headingIDs,
                                                   retagsHeadings: chains[.headings] == nil,
                                                   linkRewriter: linkRewriter, lineOffset: lineOffset)
        facts.codeLines = facts.codeLines.map { $0.lowerBound + lineOffset...$0.upperBound + lineOffset }
        facts.tooDeepAlertLine = facts.tooDeepAlertLine.map { $0 + lineOffset }
        // Before a title heading is removed, with whatever it holds.
        document.retagKramdownElements(skipping: nodes)
        var omitted: Set<Int> = []
        if case .omit(let given) = options.titleHeading, let leading = document.firstHeading(),
           let heading = facts.headings.first,
           Self.isTitle(heading, given: given, headings: facts.headings,
                        opensDocument: !options.titleHeadingIsLevelOne && document.opensDocument(leading)) {
            omitted = document.remove(leading, markedNodes: nodes)
            facts.omittedHeading = heading
        }
        document.retagHeadings()
        guard marked.count > omitted.count else { return (document.html(), facts) }
        let nonce = MarkerText.makeNonce()
        document.insertMarkers(around: marked, nodes: nodes, nonce: nonce, skipping: omitted)
        let splicer = MarkerSplicer(nonce: Array(nonce.utf8), marked: marked, modifiers: chains, frontMatter: frontMatter,
                                    lineOffset: lineOffset)
        return (document.withHTML { splicer.splice($0) }, facts)
    }

    /// Whether the document's first heading is its title (see ``TitleHeading/omit(given:)``).
    private static func isTitle(_ heading: Heading, given: String?, headings: [Heading], opensDocument: Bool) -> Bool {
        guard let given else { return heading.level == 1 || (opensDocument && !headings.contains { $0.level == 1 }) }
        return comparable(heading.text) == comparable(given)
    }

    /// A title's letters and digits, lowercased: how a heading and a `title` are compared.
    private static func comparable(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased().filter { $0.isLetter || $0.isNumber } }
        // ASCII: its letters are A–Z and a–z, its numbers 0–9.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            default: continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The modifiers of each target in order. Headings that get ids or attributes have them
    /// written into their opening tag by the walk; with ``Options/sourcePositions`` (whose
    /// `data-sourcepos` that tag must keep) they are marked instead, and the splicer writes
    /// them before any modifier runs.
    private func modifierChains() -> [Modifier.Target: [Modifier]] {
        var chains: [Modifier.Target: [Modifier]] = [:]
        if options.sourcePositions, options.headingIDs || options.generatorSyntax { chains[.headings] = [] }
        for modifier in modifiers { chains[modifier.target, default: []].append(modifier) }
        return chains
    }

    private func modifiedFrontMatter(_ frontMatter: FrontMatter, chains: [Modifier.Target: [Modifier]]) -> FrontMatter {
        let keyModifiers = chains[.metadataKeys] ?? [], valueModifiers = chains[.metadataValues] ?? []
        guard !frontMatter.isEmpty, !keyModifiers.isEmpty || !valueModifiers.isEmpty else { return frontMatter }
        func modifiedValue(_ value: FrontMatterValue, key: String) -> FrontMatterValue {
            switch value {
            case .string(let string):
                return .string(valueModifiers.reduce(string) { html, modifier in
                    modifier.modify(Modifier.Input(html: html, markdown: string[...], node: .metadataValue(key: key, value: string),
                                                 frontMatter: frontMatter, line: 2))
                })
            case .list(let values):
                return .list(values.map { modifiedValue($0, key: key) })
            case .map(let map):
                return .map(FrontMatter(map.entries.map { ($0.key, modifiedValue($0.value, key: key)) }))
            default:
                return value
            }
        }
        return FrontMatter(frontMatter.entries.map { entry in
            let key = keyModifiers.reduce(entry.key) { html, modifier in
                modifier.modify(Modifier.Input(html: html, markdown: entry.key[...], node: .metadataKey(entry.key),
                                             frontMatter: frontMatter, line: 2))
            }
            return (key, modifiedValue(entry.value, key: key))
        })
    }
}
