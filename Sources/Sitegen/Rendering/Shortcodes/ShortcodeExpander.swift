import Foundation
import SitegenImages
import SitegenTemplates
import SitegenLimits
import SitegenMarkdown

/// Runs the shortcodes of a page (read by ``TagReader``) into Markdown and HTML fragments, in
/// this order of lookup for each name: the site's own `templates/shortcodes/NAME.mustache`,
/// the built-ins (``ShortcodeExpander/builtin(_:)``: Hugo's `figure`, `highlight`, `youtube`…)
/// and the components of popular themes (callouts, tabs, cards…, drawn by the bundled themes),
/// then the shortcode files the site already has (Hugo, Zola, Jekyll), interpreted. A call
/// nothing can run is shown as written, its inner calls run.
///
/// A call's output takes one of three shapes: Markdown read with the page's (the inner text of
/// a callout, a tab or a card stays in the page's Markdown, so its headings are in the table of
/// contents and its links resolve), HTML kept aside as a fragment behind a placeholder (an
/// embed, a figure, a formula), or text (a `param`).
struct ShortcodeExpander {
    /// What the calls of one page see.
    struct Context: Sendable {
        /// The page's file, as messages name it.
        let file: String
        let frontMatter: FrontMatter
        let siteParams: FrontMatter
        /// Inline Markdown (a caption, a title) as HTML, without a paragraph around it.
        let inlineMarkdown: @Sendable (String) -> String
        /// Block Markdown as HTML (its placeholders kept).
        let blockMarkdown: @Sendable (String) -> String
        /// Hugo's `markdownify`: block Markdown as HTML, without the paragraph when it is one.
        var markdownify: @Sendable (String) -> String {
            let blockMarkdown = blockMarkdown
            return { ShortcodeExpander.unwrappingParagraph(blockMarkdown($0)) }
        }
        /// A URL written in the page, as the page links to it.
        let url: @Sendable (_ written: String, _ line: Int) -> String
        /// The text of a file, by its path from the page's folder (from the site folder when
        /// it starts with `/`), if it is a file of the site no larger than a Markdown file.
        let readFile: @Sendable (String) -> String?
        /// The names of the files in the page's folder.
        let pageFiles: @Sendable () -> [String]
        /// Whether raw HTML is kept, so that blocks can stand as HTML comments in the Markdown.
        let htmlBlocks: Bool
        /// The site's own and interpreted shortcode templates.
        let templates: ShortcodeTemplates
        /// The page and site as shortcode templates see them.
        let model: @Sendable () -> ShortcodeTemplates.PageModel
        /// An image of the site (by its URL as the page links it) made as an operation asks
        /// (``ImagePlan/processed(_:_:)``).
        var processedImage: @Sendable (_ url: String, _ operation: ImageOperation) -> ImagePlan.Processed? = { _, _ in nil }
        /// The site's words (its `i18n/` files) for a key in a language and for a count, for Hugo's `T`.
        var translate: @Sendable (_ key: String, _ language: String, _ count: Int?) -> String? = { _, _, _ in nil }
    }

    let context: Context
    var expansion = ShortcodeExpansion()
    /// How many tab sets, details and diagrams the page has so far, for their ids.
    private var counter = 0
    /// How many calls of each name the page has so far (Hugo's `.Ordinal`).
    private var ordinals: [String: Int] = [:]
    /// The tab sets open around the call being run.
    var tabSets: [TabSet] = []

    init(context: Context) {
        self.context = context
    }

    /// Expands `text`, the page's body read by ``TagReader``.
    static func expand(_ text: TagText, context: Context) -> ShortcodeExpansion {
        var expander = ShortcodeExpander(context: context)
        var markdown = ""
        expander.append(text, isPage: true, to: &markdown)
        expander.expansion.markdown = markdown
        return expander.expansion
    }

    // MARK: Walking the calls

    private mutating func append(_ text: TagText, isPage: Bool = false, to markdown: inout String) {
        for (index, piece) in text.pieces.enumerated() {
            switch piece {
            case .text(let text):
                markdown += text
            case .raw(let text):
                // Its place in the Markdown holds tags that are meant.
                let start = markdown.utf8.count
                markdown += text
                expansion.rawRanges.append(start..<markdown.utf8.count)
            case .call(let call):
                guard expansion.tooLargeAt == nil else { return }
                let ordinal = ordinals[call.name, default: 0]
                ordinals[call.name] = ordinal + 1
                // Whether the call ends its line: the text after it starts a new one.
                let endsLine: Bool
                if index + 1 < text.pieces.count, case .text(let next) = text.pieces[index + 1] {
                    endsLine = next.hasPrefix("\n") || next.hasPrefix("\r\n")
                } else {
                    endsLine = isPage && index + 1 == text.pieces.count
                }
                run(call, ordinal: ordinal, endsLine: endsLine, into: &markdown)
                // A page's calls may make at most what an expanded page may hold, however they nest.
                if markdown.utf8.count + expansion.fragmentBytes > Limits.expandedPageBytes, expansion.tooLargeAt == nil {
                    expansion.tooLargeAt = call.line
                }
            }
        }
    }

    private mutating func run(_ call: TagCall, ordinal: Int, endsLine: Bool, into markdown: inout String) {
        let name = call.name.lowercased()
        // A call on lines of its own is replaced by a block that keeps the file's lines.
        let standalone = call.indentation != nil && endsLine
        let newlines = call.written.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        if context.templates.hasOwn(name) {
            let inner = call.inner.map { context.blockMarkdown(innerMarkdown($0)) }
            switch context.templates.renderOwn(call, inner: inner, model: context.model()) {
            case .success(let html): markdown += fragment(html, standalone: standalone, newlines: newlines)
            case .failure(let error): leave(call, because: error, into: &markdown)
            }
            return
        }
        // The site's own shortcode files before sitegen's built-ins: their author made them for it.
        if context.templates.hasForeign(name, form: call.form, fromTheme: false) {
            runForeign(call, ordinal: ordinal, standalone: standalone, newlines: newlines, into: &markdown)
            return
        }
        if let output = builtin(call) {
            switch output {
            case .markdown(let text):
                markdown += text
            case .html(let html):
                markdown += fragment(html, standalone: standalone, newlines: newlines)
            case .block(let opening, let closing):
                let inner = call.inner?.written ?? ""
                let opensLine = call.indentation != nil && (inner.hasPrefix("\n") || inner.hasPrefix("\r\n"))
                let lastLine = inner.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
                let closesLine = endsLine && lastLine.allSatisfy { $0 == " " || $0 == "\t" }
                markdown += opensLine && context.htmlBlocks ? fragment(opening, standalone: true, newlines: 0) : placeholder(opening) + "\n\n"
                if let inner = call.inner { append(inner, to: &markdown) }
                endScope(of: call)
                markdown += closesLine && context.htmlBlocks
                    ? fragment(closing, standalone: true, newlines: 0)
                    : "\n\n" + (call.indentation ?? "") + placeholder(closing) + "\n\n"
            case .nothing:
                if standalone, context.htmlBlocks { markdown += fragment("", standalone: true, newlines: newlines) }
            case .refused(let why):
                // A theme's file of the name may draw what the built-in does not.
                if context.templates.hasForeign(name, form: call.form, fromTheme: true) {
                    runForeign(call, ordinal: ordinal, standalone: standalone, newlines: newlines, into: &markdown)
                } else {
                    leave(call, because: SiteError(file: context.file, line: call.line, "`\(call.name)` \(why); left as text"), into: &markdown)
                }
            }
            return
        }
        // A theme's shortcode file, for what sitegen does not draw itself.
        if context.templates.hasForeign(name, form: call.form, fromTheme: true) {
            runForeign(call, ordinal: ordinal, standalone: standalone, newlines: newlines, into: &markdown)
            return
        }
        leave(call, because: nil, into: &markdown)
    }

    /// Runs `call` with the site's shortcode file of its name.
    private mutating func runForeign(_ call: TagCall, ordinal: Int, standalone: Bool, newlines: Int, into markdown: inout String) {
        let name = call.name.lowercased()
        let inner = call.inner.map { innerMarkdown($0) }
        let context = context
        let highlight: @Sendable (String, String, String) -> String = { code, language, options in
            context.blockMarkdown(ShortcodeExpander.fenced(code, info: language + ShortcodeExpander.highlightOptions(options),
                                                           indentation: nil))
        }
        let model = context.model()
        var requests: [ImageRequest] = []
        var problems: [String] = []
        // Zola's `resize_image(path, width, height, op, format, quality)`: the copy's `url`,
        // `static_path`, `width` and `height`, and the image's `orig_width` and `orig_height`.
        let function = { (name: String, arguments: [String: TemplateValue]) -> TemplateValue? in
            guard name == "resize_image", case .text(let path)? = arguments["path"] else { return nil }
            func number(_ key: String) -> Int? {
                switch arguments[key] {
                case .int(let value)?: value
                case .text(let text)?: Int(text)
                default: nil
                }
            }
            func text(_ key: String) -> String? { if case .text(let value)? = arguments[key] { value } else { nil } }
            var relative = Substring(path)
            for prefix in ["@/", "/", "static/", "content/"] where relative.hasPrefix(prefix) { relative = relative.dropFirst(prefix.count) }
            let url = context.url("/" + relative, call.line)
            let operation: ImageOperation
            do {
                operation = try ImageOperation(zola: text("op") ?? "fill", width: number("width"), height: number("height"),
                                               format: text("format"), quality: number("quality"))
            } catch {
                problems.append("\(error)")
                return nil
            }
            guard let made = context.processedImage(url, operation) else { return nil }
            requests.append(made.request)
            let original = context.processedImage(url, ImageOperation(.scale))
            return .object(TemplateDictionary(["url": .text(made.url), "static_path": .text(made.url), "width": .int(made.width),
                                               "height": .int(made.height), "orig_width": .int(original?.width ?? made.width),
                                               "orig_height": .int(original?.height ?? made.height)]))
        }
        let result = context.templates.foreign.render(call, inner: inner, ordinal: ordinal, page: model.page, site: model.site,
                                                      language: model.language, markdown: context.blockMarkdown,
                                                      markdownify: context.markdownify, highlight: highlight,
                                                      url: { context.url($0, call.line) },
                                                      translate: { [translate = context.translate, language = model.language] in translate($0, language, $1) },
                                                      function: function)
        for request in requests where !expansion.imageRequests.contains(request) { expansion.imageRequests.append(request) }
        for problem in problems {
            expansion.warnings.append(SiteError(file: context.file, line: call.line, "`resize_image`: \(problem); the call gives nothing"))
        }
        switch result {
        case .success(let output):
            markdown += context.templates.foreignOutputsMarkdown(name, form: call.form)
                ? output : fragment(output, standalone: standalone, newlines: newlines)
        case .failure(let error):
            // Told once for the file, not once for each call.
            expansion.templateWarnings.insert(error)
            leave(call, because: nil, named: false, into: &markdown)
        }
    }

    /// The placeholder of a fragment: a block on the call's lines when it stands alone on
    /// them, else inline.
    private mutating func fragment(_ html: String, standalone: Bool, newlines: Int) -> String {
        guard standalone, context.htmlBlocks else { return placeholder(html) }
        let spliced = expansion.fragments.splice(html)
        expansion.fragmentBytes += spliced.utf8.count
        return expansion.fragments.blockPlaceholder(for: spliced, newlines: newlines)
    }

    /// Shows `call` as written, its inner calls run; `error` says why its template did not run.
    private mutating func leave(_ call: TagCall, because error: SiteError?, named: Bool = true, into markdown: inout String) {
        // A call with a reason of its own is told by it; the others are named together.
        if let error { expansion.warnings.append(error) } else if named { expansion.leftAsText.append((call.name, call.form, call.line)) }
        guard let inner = call.inner, inner.hasCalls,
              let innerStart = call.written.range(of: inner.written) else {
            markdown += call.written
            return
        }
        markdown += call.written[..<innerStart.lowerBound]
        append(inner, to: &markdown)
        markdown += call.written[innerStart.upperBound...]
    }

    /// A call's inner Markdown, its calls run (their HTML behind placeholders).
    mutating func innerMarkdown(_ inner: TagText) -> String {
        var markdown = ""
        append(inner, to: &markdown)
        return markdown
    }

    /// A placeholder for `html`; placeholders in it (its inner Markdown's) are replaced first.
    private mutating func placeholder(_ html: String) -> String {
        let spliced = expansion.fragments.splice(html)
        expansion.fragmentBytes += spliced.utf8.count
        return expansion.fragments.placeholder(for: spliced)
    }

    /// HTML without its paragraph when it is one paragraph.
    static func unwrappingParagraph(_ html: String) -> String {
        var text = html.hasSuffix("\n") ? String(html.dropLast()) : html
        if text.hasPrefix("<p>"), text.hasSuffix("</p>"), text.components(separatedBy: "<p>").count == 2 {
            text = String(text.dropFirst(3).dropLast(4))
        }
        return text
    }

    /// A number for the ids of the page's tab sets, details and diagrams.
    mutating func nextID() -> Int {
        counter += 1
        return counter
    }

    mutating func noteDiagram() -> Bool {
        defer { expansion.hasDiagram = true }
        return !expansion.hasDiagram
    }
}
