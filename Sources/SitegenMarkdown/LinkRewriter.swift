/// Rewrites the destinations of a document's links and images, and the `href` and `src`
/// attributes of its raw HTML, on the parsed document before it is rendered.
///
/// A site generator uses one to turn links between Markdown files into the URLs the pages
/// are published at. It does what a `.links` modifier that edits `href` does, without
/// rendering, cutting out and re-reading each link's HTML: the parser sets the new URL on the
/// node and cmark-gfm escapes it as it escapes any destination.
///
/// ```swift
/// var parser = MarkdownParser()
/// parser.linkRewriter = LinkRewriter { input in
///     input.url.hasSuffix(".md") ? String(input.url.dropLast(3)) + "/" : nil
/// }
/// try parser.html(from: "[Next](setup.md)")   // <p><a href="setup/">Next</a></p>
/// ```
///
/// Modifiers of `.links` and `.images` run after it: their HTML holds the rewritten URL, and
/// their ``Modifier/Node`` facts the URL as written. Links inside an image's alt text are left
/// alone, since they do not render as links.
public struct LinkRewriter: Sendable {
    /// Where a URL was found.
    public enum Kind: Sendable, Hashable {
        /// A link's destination, `[text](url)`, `<url>` or an extension autolink.
        case link
        /// An image's source, `![alt](url)`.
        case image
        /// An `href="…"` or `src="…"` attribute in an HTML block or inline HTML, as written
        /// (with any character references it holds).
        case rawHTML
    }

    /// One URL to rewrite.
    public struct Input: Sendable {
        /// The URL as the Markdown writes it, unescaped (for ``Kind/rawHTML``: the
        /// attribute's text).
        public let url: String
        /// Where the URL was found.
        public let kind: Kind
        /// The line of the Markdown file (front matter included) it is on, for messages.
        public let line: Int

        /// Creates an input, for calling a rewriter outside the parser.
        public init(url: String, kind: Kind, line: Int) {
            self.url = url
            self.kind = kind
            self.line = line
        }
    }

    let rewrite: @Sendable (Input) -> String?

    /// Creates a rewriter from a closure that returns a URL's replacement, or `nil` to keep it.
    public init(_ rewrite: @escaping @Sendable (Input) -> String?) {
        self.rewrite = rewrite
    }

    /// The replacement of one URL, or `nil` to keep it.
    public func rewrite(_ input: Input) -> String? {
        rewrite(input)
    }

    /// A rewriter that runs this one, then `next` on its result (or on the URL as written, when
    /// this one keeps it).
    public func followed(by next: LinkRewriter) -> LinkRewriter {
        LinkRewriter { input in
            let first = rewrite(input)
            return next.rewrite(Input(url: first ?? input.url, kind: input.kind, line: input.line)) ?? first
        }
    }

    /// Raw HTML with the values of its ` href="…"` and ` src="…"` attributes rewritten (the
    /// replacement escaped for an attribute); `nil` when nothing changed.
    func rewritingAttributes(in html: String, line: Int) -> String? {
        let utf8 = Array(html.utf8)
        let names: [[UInt8]] = [Array(" href=\"".utf8), Array(" src=\"".utf8)]
        var output: [UInt8] = []
        var copied = 0, position = 0, changed = false
        while position < utf8.count {
            guard utf8[position] == UInt8(ascii: " "),
                  let name = names.first(where: { utf8[position...].starts(with: $0) }) else {
                position += 1
                continue
            }
            let start = position + name.count
            guard let end = utf8[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let url = String(decoding: utf8[start..<end], as: UTF8.self)
            if let target = rewrite(Input(url: url, kind: .rawHTML, line: line)) {
                output.append(contentsOf: utf8[copied..<start])
                output.append(contentsOf: HTMLText.escapeAttribute(target).utf8)
                copied = end
                changed = true
            }
            position = end
        }
        guard changed else { return nil }
        output.append(contentsOf: utf8[copied...])
        return String(decoding: output, as: UTF8.self)
    }
}
