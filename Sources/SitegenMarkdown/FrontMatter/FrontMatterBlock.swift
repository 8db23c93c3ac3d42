/// The front matter block at the top of a Markdown document, in any of the three formats
/// generators use, told apart by its first line:
///
/// - `---` … `---` (or `...`): YAML, as Jekyll, Hugo, Eleventy and Docusaurus write it;
/// - `+++` … `+++`: TOML, as Zola and Hugo write it;
/// - a JSON object `{ "title": … }`, as Hugo reads it.
///
/// Blank lines may come before the block (Zola's own docs have them), a byte order mark before
/// everything, and spaces after a fence.
enum FrontMatterBlock {
    /// A document cut into its front matter and its Markdown body.
    struct Split {
        /// The front matter (empty when the document has none).
        var frontMatter: FrontMatter
        /// The Markdown after the front matter (the whole text when there is none).
        var body: Substring
        /// How many lines of the file come before the body.
        var bodyLineOffset: Int
    }

    /// Reads the front matter block of `text`, if it has one. A first `---` with no closing
    /// line is Markdown (a thematic break), not front matter, unless a `key:` line follows it;
    /// a first `+++` with none is an error, as is a JSON object that does not close.
    ///
    /// - Throws: ``MarkdownError`` with the line (and column) in the file.
    static func split(_ text: String) throws(MarkdownError) -> Split {
        let none = Split(frontMatter: .empty, body: text[...], bodyLineOffset: 0)
        var rest = text.utf8[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        var lineNumber = 0
        var first: Substring.UTF8View?
        while let line = nextLine(&rest) {
            lineNumber += 1
            if !isBlank(line) {
                first = line
                break
            }
        }
        guard let first else { return none }
        let openingLine = lineNumber
        if let brace = first.firstIndex(where: { !isSpace($0) }), first[brace] == UInt8(ascii: "{") {
            return try json(text, from: brace, openingLine: openingLine) ?? none
        }
        let format: String
        if isFence(first, "---") {
            format = "YAML"
        } else if isFence(first, "+++") {
            format = "TOML"
        } else {
            return none
        }
        let start = rest.startIndex
        // The line after the opening one: a blank line or a heading there is Markdown's.
        var second: Substring.UTF8View?
        while let line = nextLine(&rest) {
            if second == nil { second = line }
            lineNumber += 1
            let closes = format == "YAML" ? isFence(line, "---") || isFence(line, "...") : isFence(line, "+++")
            guard closes else { continue }
            let block = text[start..<line.startIndex]
            let frontMatter = format == "YAML" ? try FrontMatterReader.parse(block, firstLine: openingLine + 1)
                : try TOMLReader.parse(block, firstLine: openingLine + 1)
            return Split(frontMatter: frontMatter, body: text[rest.startIndex...], bodyLineOffset: lineNumber)
        }
        if format == "TOML" {
            throw MarkdownError(line: openingLine, message: "TOML front matter: the +++ line that opens it has no +++ line to close it")
        }
        // A `---` then a `key:` line is front matter whose closing line was forgotten, not a
        // thematic break before a paragraph.
        guard let second, startsWithKey(second) else { return none }
        throw MarkdownError(line: openingLine, message: "YAML front matter: the --- line that opens it has no --- line to close it; "
                            + "add one, or, for a thematic break, leave a blank line after the ---")
    }

    /// Whether `line` starts as a YAML map's key does: a word (with no space; or any text in
    /// quotes), then `:` at the end or before a space; spaces may come first.
    private static func startsWithKey(_ line: Substring.UTF8View) -> Bool {
        guard let start = line.firstIndex(where: { !isSpace($0) }) else { return false }
        let first = line[start]
        let colon: Substring.UTF8View.Index
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = line[line.index(after: start)...].firstIndex(of: first) else { return false }
            colon = line.index(after: close)
        } else {
            // Not what starts a YAML list, comment, flow value, block scalar, tag, alias or anchor.
            guard !"-#[]{}>|!*&%@`,?:".utf8.contains(first),
                  let end = line[start...].firstIndex(where: { isSpace($0) || $0 == UInt8(ascii: ":") }) else { return false }
            colon = end
        }
        guard colon < line.endIndex, line[colon] == UInt8(ascii: ":") else { return false }
        let after = line.index(after: colon)
        return after == line.endIndex || isSpace(line[after])
    }

    /// The JSON object that starts at `start`, and the body after it; `nil` when the text there
    /// is not a JSON object (`{{< shortcode >}}`, `{% raw %}`, `{:.class}`) but Markdown.
    private static func json(_ text: String, from start: String.UTF8View.Index, openingLine: Int) throws(MarkdownError) -> Split? {
        var after = text.utf8[start...].dropFirst()
        while let byte = after.first, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            after = after.dropFirst()
        }
        guard after.first == UInt8(ascii: "\"") || after.first == UInt8(ascii: "}") else { return nil }
        let (frontMatter, end) = try JSONReader.parseObject(text, from: start, line: openingLine)
        var rest = text.utf8[end...]
        var lines = text.utf8[..<end].count { $0 == UInt8(ascii: "\n") }
        // The rest of the closing line, when blank, belongs to the front matter.
        var probe = rest
        if let line = nextLine(&probe), isBlank(line) {
            rest = probe
            lines += 1
        }
        return Split(frontMatter: frontMatter, body: text[rest.startIndex...], bodyLineOffset: lines)
    }

    /// Takes the next line (without its line ending) off the front of `rest`.
    private static func nextLine(_ rest: inout Substring.UTF8View) -> Substring.UTF8View? {
        guard !rest.isEmpty else { return nil }
        if let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            var line = rest[..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            rest = rest[rest.index(after: newline)...]
            return line
        }
        let line = rest
        rest = rest[rest.endIndex...]
        return line
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isBlank(_ line: Substring.UTF8View) -> Bool {
        line.allSatisfy(isSpace)
    }

    /// Whether `line` is the fence (spaces after it allowed).
    private static func isFence(_ line: Substring.UTF8View, _ fence: String) -> Bool {
        var content = line
        while let last = content.last, isSpace(last) { content = content.dropLast() }
        return content.elementsEqual(fence.utf8)
    }
}
