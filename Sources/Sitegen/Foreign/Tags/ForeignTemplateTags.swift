import Foundation
import SitegenMarkdown

/// Template tags of other generators found in a page's text: they are shown as written (sitegen
/// runs no other generator's templates), and a build says so once per kind, with a count and
/// the first place (``warnings(_:)``), not once per tag.
///
/// Tags in code blocks and code spans are examples, not leftovers, and are not counted; nor
/// are closing tags (`{{< /tab >}}`, `{% endif %}`), what is inside `{% raw %}…{% endraw %}`,
/// or Hugo's escaped shortcodes `{{</* x */>}}`, which ``unescapingHugoShortcodes(_:)`` turns
/// into the shortcode's text, as Hugo shows them.
struct ForeignTemplateTags: Sendable, Hashable {
    /// A kind of tag.
    enum Kind: Int, CaseIterable, Sendable, Hashable, Comparable {
        /// Hugo shortcodes, `{{< x >}}` and `{{% x %}}`.
        case hugoShortcode
        /// Liquid, Nunjucks, Jinja and Zola tags and outputs, `{% x %}` and `{{ x }}`.
        case templateTag
        /// mdBook's `{{#playground}}`, `{{#title}}` and `{{#template}}` (includes are done:
        /// ``MdBookIncludes``).
        case mdBook

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// How a message names `count` tags of the kind.
        func named(_ count: Int) -> String {
            let one = count == 1
            return switch self {
            case .hugoShortcode: (one ? "Hugo shortcode" : "Hugo shortcodes") + " ({{< … >}}, {{% … %}})"
            case .templateTag: (one ? "Liquid, Nunjucks or Zola tag" : "Liquid, Nunjucks or Zola tags") + " ({% … %}, {{ … }})"
            case .mdBook: (one ? "mdBook tag" : "mdBook tags") + " ({{#playground}}, {{#title}}, {{#template}})"
            }
        }
    }

    /// How many tags of a kind a page holds, and the line of the first.
    struct Tally: Sendable, Hashable {
        var count: Int
        let firstLine: Int
    }

    /// The tags found, by kind.
    private(set) var tallies: [Kind: Tally] = [:]

    /// The names of the shortcodes left as text (no built-in, component or shortcode file of
    /// that name).
    var shortcodeNames: Set<String> = []
    /// The names of Zola's shortcodes left as text.
    var zolaNames: Set<String> = []

    /// Whether no tag was found.
    var isEmpty: Bool { tallies.isEmpty }

    /// Tags already counted (as a build cache kept them).
    init(tallies: [Kind: Tally], shortcodeNames: Set<String>, zolaNames: Set<String>) {
        self.tallies = tallies
        self.shortcodeNames = shortcodeNames
        self.zolaNames = zolaNames
    }

    /// Counts the Hugo shortcodes as the page's run of them left them: `lines` are the lines of
    /// the calls nothing could run (those with a reason of their own are told by it).
    mutating func setHugoShortcodes(at lines: [Int]) {
        tallies[.hugoShortcode] = lines.min().map { Tally(count: lines.count, firstLine: $0) }
    }

    /// Forgets the tags of `kind` (a Jekyll page's, once its Liquid ran: what is left is meant).
    mutating func remove(_ kind: Kind) {
        tallies[kind] = nil
    }

    private mutating func add(_ kind: Kind, line: Int) {
        if tallies[kind] == nil { tallies[kind] = Tally(count: 0, firstLine: line) }
        tallies[kind]?.count += 1
    }

    // MARK: Finding tags

    /// The tags in a page's Markdown `body`, whose first line is the file's line
    /// `bodyLineOffset + 1`; `codeLines` are the file's lines of code blocks, in order.
    init(in body: Substring, bodyLineOffset: Int, codeLines: [ClosedRange<Int>]) {
        guard HTMLScan.contains("{{", in: body) || HTMLScan.contains("{%", in: body) else {
            return
        }
        var line = bodyLineOffset
        var codeBlock = codeLines.startIndex
        var inRaw = false
        for text in body.split(separator: "\n", omittingEmptySubsequences: false) {
            line += 1
            while codeBlock < codeLines.endIndex, codeLines[codeBlock].upperBound < line { codeBlock += 1 }
            if codeBlock < codeLines.endIndex, codeLines[codeBlock].contains(line) { continue }
            guard text.utf8.contains(UInt8(ascii: "{")) else { continue }
            scan(Array(text.utf8), line: line, inRaw: &inRaw)
        }
    }

    private mutating func scan(_ text: [UInt8], line: Int, inRaw: inout Bool) {
        let brace = UInt8(ascii: "{"), percent = UInt8(ascii: "%"), less = UInt8(ascii: "<"), hash = UInt8(ascii: "#")
        let backtick = UInt8(ascii: "`")
        var index = 0
        var noCloseFrom = Int.max
        func byte(_ at: Int) -> UInt8? { at < text.count ? text[at] : nil }
        func starts(_ string: String, at: Int) -> Bool {
            let utf8 = Array(string.utf8)
            return at + utf8.count <= text.count && Array(text[at..<at + utf8.count]) == utf8
        }
        /// The word after `at`, past a `-` (whitespace control) and spaces.
        func word(at start: Int) -> String {
            var at = start
            if byte(at) == UInt8(ascii: "-") { at += 1 }
            while byte(at) == UInt8(ascii: " ") || byte(at) == UInt8(ascii: "\t") { at += 1 }
            var end = at
            while let next = byte(end), next == UInt8(ascii: "_") || next == UInt8(ascii: "/") || (next < 128 && Character(Unicode.Scalar(next)).isLetter) {
                end += 1
            }
            return String(decoding: text[at..<end], as: UTF8.self)
        }
        while index < text.count {
            let current = text[index]
            if current == backtick && !inRaw {
                // A code span: skip to the closing run of as many backticks, if the line has one.
                var run = index
                while byte(run) == backtick { run += 1 }
                let length = run - index
                var search = run
                var closed: Int?
                while search < text.count {
                    if text[search] == backtick {
                        var end = search
                        while byte(end) == backtick { end += 1 }
                        if end - search == length { closed = end; break }
                        search = end
                    } else {
                        search += 1
                    }
                }
                index = closed ?? run
                continue
            }
            guard current == brace, let next = byte(index + 1) else {
                index += 1
                continue
            }
            if inRaw {
                if next == percent, word(at: index + 2) == "endraw" { inRaw = false }
                index += 2
                continue
            }
            if next == percent {
                // `{% x %}`; `{%/* x */%}` is Zola's escape.
                let name = word(at: index + 2)
                if !starts("/*", at: index + 2), !name.isEmpty, !name.hasPrefix("end") {
                    add(.templateTag, line: line)
                    if name == "raw" { inRaw = true }
                }
                index += 2
            } else if next == brace {
                let third = byte(index + 2)
                if third == less || third == percent {
                    // `{{< x >}}`, `{{% x %}}`; `{{</* x */>}}` is Hugo's escape; `{{< /x >}}` closes.
                    if !starts("/*", at: index + 3), let first = word(at: index + 3).first, first != "/" {
                        add(.hugoShortcode, line: line)
                    }
                    index += 3
                } else if third == hash {
                    if ["playground", "title", "template"].contains(word(at: index + 3)) { add(.mdBook, line: line) }
                    index += 3
                } else {
                    // `{{ x }}`, when the line closes it; `{{/* x */}}` is a comment or Zola's escape.
                    var at = index + 2
                    while byte(at) == brace { at += 1 }
                    let rest = text[at...]
                    // Once no `}}` follows a place on the line, none follows a later one: a line of
                    // many unclosed `{{` is read once.
                    let close = at >= noCloseFrom ? nil
                        : rest.indices.first(where: { text[$0] == UInt8(ascii: "}") && byte($0 + 1) == UInt8(ascii: "}") })
                    if close == nil { noCloseFrom = min(noCloseFrom, at) }
                    if !starts("/*", at: at), !starts("!", at: at), let close,
                       text[at..<close].contains(where: { $0 != UInt8(ascii: " ") }) {
                        add(.templateTag, line: line)
                        index = close + 2
                    } else {
                        index = at
                    }
                }
            } else {
                index += 1
            }
        }
    }

    // MARK: Showing them

    /// One warning per kind for a whole site, at the first place: how many tags, in how many
    /// pages, from each page's tags (`file` as messages name it), in the order of the files.
    static func warnings(_ pages: [(file: String, tags: ForeignTemplateTags)]) -> [SiteError] {
        var totals: [Kind: (count: Int, pages: Int, file: String, line: Int)] = [:]
        var names: Set<String> = [], zolaNames: Set<String> = []
        for (file, tags) in pages.sorted(by: { $0.file < $1.file }) {
            names.formUnion(tags.shortcodeNames)
            zolaNames.formUnion(tags.zolaNames)
            for (kind, tally) in tags.tallies {
                if let total = totals[kind] {
                    totals[kind] = (total.count + tally.count, total.pages + 1, total.file, total.line)
                } else {
                    totals[kind] = (tally.count, 1, file, tally.firstLine)
                }
            }
        }
        return totals.sorted { $0.key < $1.key }.map { kind, total in
            let pages = total.pages == 1 ? "1 page" : "\(total.pages.formatted()) pages"
            let named = kind == .hugoShortcode ? names : kind == .templateTag ? zolaNames : []
            if !named.isEmpty {
                let listed = named.sorted().prefix(8).joined(separator: ", ") + (named.count > 8 ? ", …" : "")
                return SiteError(file: total.file, line: total.line,
                                 "\(total.count.formatted()) \(kind.named(total.count)) left as text in \(pages), the first here: "
                                 + "no built-in, theme component or shortcode file sitegen can run is named \(listed)")
            }
            // At the first place, as every warning is (`file:line: message`), so that editors go there.
            return SiteError(file: total.file, line: total.line,
                             "\(total.count.formatted()) \(kind.named(total.count)) left as text in \(pages), the first here; "
                             + "sitegen shows other generators' tags as written")
        }
    }

    /// The Markdown with Hugo's escaped shortcodes, `{{</* x */>}}` and `{{%/* x */%}}`, as
    /// Hugo shows them: `{{< x >}}`, `{{% x %}}` (in code too, where they are mostly found).
    static func unescapingHugoShortcodes(_ source: MarkdownSource) -> MarkdownSource {
        guard HTMLScan.contains("{{</*", in: source.body) || HTMLScan.contains("{{%/*", in: source.body) else {
            return source
        }
        let body = source.body.replacingOccurrences(of: "{{</*", with: "{{<").replacingOccurrences(of: "*/>}}", with: ">}}")
            .replacingOccurrences(of: "{{%/*", with: "{{%").replacingOccurrences(of: "*/%}}", with: "%}}")
        return MarkdownSource(frontMatter: source.frontMatter, body: body[...], bodyLineOffset: source.bodyLineOffset)
    }
}
