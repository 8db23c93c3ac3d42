import SitegenLimits

/// Reads the shortcodes of a page's Markdown into typed calls (``TagCall``), before the
/// Markdown is parsed: Hugo's `{{< name args >}}` and `{{% name args %}}` (positional and
/// named arguments, `"quoted"` and `` `raw` `` strings, self-closing `/>}}`, inner text up to
/// `{{< /name >}}`, nested), and Zola's `{{ name(k=v) }}` and `{% name(k=v) %}…{% end %}`.
///
/// Code is not read (but for Hugo's tags in a Hugo site's pages): tags on the lines of code
/// blocks and in code spans stay as written, and
/// so does what is inside `{% raw %}…{% endraw %}` (without those two tags, as Zola, Jekyll and
/// Eleventy show it).
/// Hugo's escaped shortcodes, `{{</* x */>}}`, become the text `{{< x >}}`, as Hugo shows
/// them. A closing tag is matched with the nearest open call of its name; an open call that no
/// closing tag matches has no inner text; a closing tag that matches nothing stays as text.
package struct TagReader {
    /// Why a page's tags cannot be read: the line and what is wrong.
    package struct Failure: Error, Sendable, Hashable {
        package let line: Int
        package let message: String
    }

    private let source: SourceText
    private var bytes: [UInt8] { source.bytes }
    /// Whether Hugo's tags are read in code too, as Hugo reads them.
    private let readsHugoTagsInCode: Bool

    /// A reader of `body`, whose first line is the file's line `firstLine`; `codeLines` are
    /// the file's lines of code blocks. With `readsHugoTagsInCode` (a Hugo site's pages), Hugo's
    /// `{{< … >}}` and `{{% … %}}` are read in code blocks and spans too, as Hugo reads them
    /// (`git checkout {{% param version %}}`); other tags there stay as written.
    package init(_ body: Substring, firstLine: Int, codeLines: [ClosedRange<Int>], readsHugoTagsInCode: Bool = false) {
        source = SourceText(body, firstLine: firstLine, codeLines: codeLines)
        self.readsHugoTagsInCode = readsHugoTagsInCode
    }

    /// Whether `text` may hold a tag: `{{` or `{%` outside its fenced code.
    package static func mayHoldTags(_ text: Substring) -> Bool {
        var copy = text
        let candidate = copy.withUTF8 { bytes in
            ByteScan.any(UInt8(ascii: "{"), in: bytes) { $0 + 1 < bytes.count && (bytes[$0 + 1] == UInt8(ascii: "{") || bytes[$0 + 1] == UInt8(ascii: "%")) }
        }
        return candidate && FencedCode.anyOutside(text, of: [UInt8(ascii: "{"), UInt8(ascii: "%")]) { bytes, index in
            index > 0 && bytes[index - 1] == UInt8(ascii: "{") && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "%"))
        }
    }

    /// The body's text with its calls read.
    package func read() throws(Failure) -> TagText {
        let tokens = scan()
        // How many closing tags of each name are still to come: an opening tag takes inner
        // text only while one is, so that a page of a hundred `{{< figure >}}` nests nothing.
        var closesToCome: [String: Int] = [:]
        for (_, token) in tokens { if case .close(let name, _) = token.kind { closesToCome[name.key, default: 0] += 1 } }
        var opensWaiting: [String: Int] = [:]
        var frames = [Frame(open: nil, contentStart: 0)]
        var textStart = 0
        for (start, token) in tokens {
            if start > textStart { frames[frames.count - 1].pieces.append(.text(string(textStart..<start))) }
            textStart = token.end
            switch token.kind {
            case .literal(let text):
                frames[frames.count - 1].pieces.append(.text(text))
            case .raw(let text):
                frames[frames.count - 1].pieces.append(.raw(text))
            case .open(let open):
                let key = open.closingKey
                guard !open.selfClosing, opensWaiting[key, default: 0] < closesToCome[key, default: 0] else {
                    frames[frames.count - 1].pieces.append(.call(call(open, inner: nil, end: token.end)))
                    continue
                }
                guard frames.count <= Limits.shortcodeDepth else {
                    throw Failure(line: line(at: open.start),
                                  message: "shortcodes nest more than \(Limits.shortcodeDepth) deep (Limits: shortcode depth); "
                                      + "close one before opening the next")
                }
                opensWaiting[key, default: 0] += 1
                frames.append(Frame(open: open, contentStart: token.end))
            case .close(let name, let closeStart):
                closesToCome[name.key, default: 0] -= 1
                guard let match = frames.lastIndex(where: { $0.open?.closes(name) ?? false }), match > 0 else {
                    frames[frames.count - 1].pieces.append(.text(string(closeStart..<token.end)))
                    continue
                }
                while frames.count - 1 > match { unwindTop(&frames, waiting: &opensWaiting) }
                let frame = frames.removeLast()
                guard let open = frame.open else { continue }
                opensWaiting[open.closingKey, default: 0] -= 1
                let inner = TagText(pieces: frame.pieces, written: string(frame.contentStart..<closeStart))
                frames[frames.count - 1].pieces.append(.call(call(open, inner: inner, end: token.end)))
            }
        }
        if bytes.count > textStart { frames[frames.count - 1].pieces.append(.text(string(textStart..<bytes.count))) }
        while frames.count > 1 { unwindTop(&frames, waiting: &opensWaiting) }
        return TagText(pieces: frames[0].pieces, written: string(0..<bytes.count))
    }

    /// The tags of the body in order, with where each starts; code skipped.
    private func scan() -> [(start: Int, token: Token)] {
        var tokens: [(start: Int, token: Token)] = []
        var position = 0
        var codeIndex = 0
        // The ends of Hugo's escapes (`*/>}}`) looked for to the end and not found.
        var absentEscapeEnds: Set<String> = []
        while position < bytes.count {
            if let end = source.endOfCodeBlock(at: position, index: &codeIndex) {
                if readsHugoTagsInCode { tokens += hugoTokens(in: position..<end, absentEscapeEnds: &absentEscapeEnds) }
                position = end
                continue
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "`") {
                let end = source.endOfCodeSpan(at: position)
                if readsHugoTagsInCode { tokens += hugoTokens(in: position..<end, absentEscapeEnds: &absentEscapeEnds) }
                position = end
                continue
            }
            guard byte == UInt8(ascii: "{"), let token = token(at: position, absentEscapeEnds: &absentEscapeEnds) else {
                position += 1
                continue
            }
            tokens.append((position, token))
            position = token.end
        }
        return tokens
    }

    // MARK: The open calls

    private struct Frame {
        let open: OpenTag?
        let contentStart: Int
        var pieces: [TagText.Piece] = []
    }

    /// An open call that no closing tag matched: it has no inner text, and what was read
    /// after it goes to the call around it.
    private func unwindTop(_ frames: inout [Frame], waiting: inout [String: Int]) {
        let frame = frames.removeLast()
        guard let open = frame.open else { return }
        waiting[open.closingKey, default: 0] -= 1
        frames[frames.count - 1].pieces.append(.call(call(open, inner: nil, end: frame.contentStart)))
        frames[frames.count - 1].pieces.append(contentsOf: frame.pieces)
    }

    private func call(_ open: OpenTag, inner: TagText?, end: Int) -> TagCall {
        // A call in a code block is text of the code, never a block of its own.
        let indentation = readsHugoTagsInCode && isInCodeBlock(open.start) ? nil : indentation(before: open.start)
        return TagCall(form: open.form, name: open.name, positional: open.positional, named: open.named, inner: inner,
                       line: line(at: open.start), written: string(open.start..<end), indentation: indentation)
    }

    /// Whether `offset` is in one of the body's code blocks (found by halving their ranges, which are in order).
    private func isInCodeBlock(_ offset: Int) -> Bool {
        var low = 0, high = source.code.count
        while low < high {
            let middle = (low + high) / 2
            if source.code[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < source.code.count && source.code[low].contains(offset)
    }

    // MARK: Tokens

    private struct OpenTag {
        let form: TagCall.Form
        let name: String
        let positional: [String]
        let named: [(name: String, value: String)]
        let selfClosing: Bool
        let start: Int

        /// What its closing tag is counted under.
        var closingKey: String { form == .zola ? ClosingName.zolaEnd.key : ClosingName.hugo(name).key }

        func closes(_ closing: ClosingName) -> Bool {
            switch closing {
            case .hugo(let name): form != .zola && name == self.name
            case .zolaEnd: form == .zola
            }
        }
    }

    private enum ClosingName {
        case hugo(String), zolaEnd

        var key: String {
            switch self {
            case .hugo(let name): name
            case .zolaEnd: "{% end %}"
            }
        }
    }

    private enum TokenKind {
        case open(OpenTag)
        case close(ClosingName, start: Int)
        case literal(String)
        case raw(String)
    }

    private struct Token {
        let kind: TokenKind
        let end: Int
    }

    private func byte(_ at: Int) -> UInt8? { source.byte(at) }

    private func starts(with text: String, at start: Int) -> Bool { source.starts(with: text, at: start) }

    private func token(at start: Int, absentEscapeEnds: inout Set<String>) -> Token? {
        guard let second = byte(start + 1) else { return nil }
        if second == UInt8(ascii: "{"), let third = byte(start + 2), third == UInt8(ascii: "<") || third == UInt8(ascii: "%") {
            return hugoToken(at: start, markdown: third == UInt8(ascii: "%"), absentEscapeEnds: &absentEscapeEnds)
        }
        if second == UInt8(ascii: "{") { return zolaInlineToken(at: start) }
        if second == UInt8(ascii: "%") { return rawBlock(at: start, absentEnds: &absentEscapeEnds) ?? zolaBlockToken(at: start) }
        return nil
    }

    /// Hugo's tags in `range` (code), each ending in it.
    private func hugoTokens(in range: Range<Int>, absentEscapeEnds: inout Set<String>) -> [(start: Int, token: Token)] {
        var tokens: [(start: Int, token: Token)] = []
        var position = range.lowerBound
        while position + 2 < range.upperBound {
            guard bytes[position] == UInt8(ascii: "{"), bytes[position + 1] == UInt8(ascii: "{"),
                  bytes[position + 2] == UInt8(ascii: "<") || bytes[position + 2] == UInt8(ascii: "%"),
                  let token = hugoToken(at: position, markdown: bytes[position + 2] == UInt8(ascii: "%"), absentEscapeEnds: &absentEscapeEnds),
                  token.end <= range.upperBound else {
                position += 1
                continue
            }
            tokens.append((position, token))
            position = token.end
        }
        return tokens
    }

    /// `{{< … >}}` or `{{% … %}}` at `start`.
    private func hugoToken(at start: Int, markdown: Bool, absentEscapeEnds: inout Set<String>) -> Token? {
        let closing = markdown ? "%}}" : ">}}"
        var at = skipSpace(start + 3)
        if starts(with: "/*", at: at) {
            // `{{</* x */>}}`: a tag shown as text, which it becomes as the page is parsed
            // (Hugo's escapes in code blocks, where they are mostly found, too).
            let end = "*/" + closing
            guard !absentEscapeEnds.contains(end) else { return nil }
            guard let close = find(end, from: at + 2) else {
                absentEscapeEnds.insert(end)
                return nil
            }
            return Token(kind: .literal(string(start..<close + end.utf8.count)), end: close + end.utf8.count)
        }
        if byte(at) == UInt8(ascii: "/") {
            let name = word(at: skipSpace(at + 1))
            let after = skipSpace(name.end)
            guard !name.text.isEmpty, starts(with: closing, at: after) else { return nil }
            return Token(kind: .close(.hugo(name.text), start: start), end: after + 3)
        }
        let name = word(at: at)
        guard !name.text.isEmpty else { return nil }
        at = name.end
        var positional: [String] = [], named: [(name: String, value: String)] = []
        while true {
            at = skipSpace(at, newlines: true)
            if starts(with: closing, at: at) {
                return open(.init(form: markdown ? .hugoMarkdown : .hugoHTML, name: name.text, positional: positional,
                                  named: named, selfClosing: false, start: start), end: at + 3)
            }
            if byte(at) == UInt8(ascii: "/"), starts(with: closing, at: skipSpace(at + 1)) {
                return open(.init(form: markdown ? .hugoMarkdown : .hugoHTML, name: name.text, positional: positional,
                                  named: named, selfClosing: true, start: start), end: skipSpace(at + 1) + 3)
            }
            // A tag that opens before this one closes: this one was not a tag (linear work on a page of `{{<`).
            guard at - start < Limits.shortcodeTagBytes, !starts(with: "{{", at: at),
                  let value = argument(at: at, stoppingAt: closing) else { return nil }
            at = value.end
            if byte(at) == UInt8(ascii: "="), !value.quoted, let assigned = argument(at: at + 1, stoppingAt: closing) {
                named.append((value.text, assigned.text))
                at = assigned.end
            } else {
                positional.append(value.text)
            }
        }
    }

    private func open(_ tag: OpenTag, end: Int) -> Token {
        Token(kind: .open(tag), end: end)
    }

    /// `{{ name(k=v, …) }}` at `start`: Zola's shortcode without a body.
    private func zolaInlineToken(at start: Int) -> Token? {
        guard let call = zolaCall(at: skipSpace(start + 2)) else { return nil }
        let after = skipSpace(call.end)
        guard starts(with: "}}", at: after) else { return nil }
        return open(.init(form: .zola, name: call.name, positional: [], named: call.arguments, selfClosing: true, start: start),
                    end: after + 2)
    }

    /// `{% raw %}…{% endraw %}` at `start` (Zola's, Liquid's, Nunjucks' and Jinja's): its text
    /// as written, no tag in it read.
    private func rawBlock(at start: Int, absentEnds: inout Set<String>) -> Token? {
        var at = start + 2
        if byte(at) == UInt8(ascii: "-") { at += 1 }
        at = skipSpace(at)
        guard starts(with: "raw", at: at) else { return nil }
        at = skipSpace(at + 3)
        if byte(at) == UInt8(ascii: "-") { at += 1 }
        guard starts(with: "%}", at: at), !absentEnds.contains("endraw") else { return nil }
        let contentStart = at + 2
        var search = contentStart
        while let open = find("{%", from: search) {
            var word = open + 2
            if byte(word) == UInt8(ascii: "-") { word += 1 }
            word = skipSpace(word)
            if starts(with: "endraw", at: word) {
                var close = skipSpace(word + 6)
                if byte(close) == UInt8(ascii: "-") { close += 1 }
                guard starts(with: "%}", at: close) else { search = open + 2; continue }
                return Token(kind: .raw(string(contentStart..<open)), end: close + 2)
            }
            search = open + 2
        }
        absentEnds.insert("endraw")
        return nil
    }

    /// `{% name(k=v, …) %}` (a body follows) or `{% end %}` at `start`.
    private func zolaBlockToken(at start: Int) -> Token? {
        var at = start + 2
        if byte(at) == UInt8(ascii: "-") { at += 1 }
        at = skipSpace(at)
        if starts(with: "end", at: at) {
            var after = skipSpace(at + 3)
            if byte(after) == UInt8(ascii: "-") { after += 1 }
            guard starts(with: "%}", at: after) else { return nil }
            return Token(kind: .close(.zolaEnd, start: start), end: after + 2)
        }
        guard let call = zolaCall(at: at) else { return nil }
        var after = skipSpace(call.end)
        if byte(after) == UInt8(ascii: "-") { after += 1 }
        guard starts(with: "%}", at: after) else { return nil }
        return open(.init(form: .zola, name: call.name, positional: [], named: call.arguments, selfClosing: false, start: start),
                    end: after + 2)
    }

    /// `name(k=v, k2="x", k3=[1, 2])` at `start`.
    private func zolaCall(at start: Int) -> (name: String, arguments: [(name: String, value: String)], end: Int)? {
        let name = word(at: start, allowing: "_")
        guard !name.text.isEmpty, byte(name.end) == UInt8(ascii: "(") else { return nil }
        var at = name.end + 1, arguments: [(name: String, value: String)] = []
        while true {
            at = skipSpace(at, newlines: true)
            guard at - start < Limits.shortcodeTagBytes, let current = byte(at) else { return nil }
            if current == UInt8(ascii: ")") { return (name.text, arguments, at + 1) }
            if current == UInt8(ascii: ",") { at += 1; continue }
            let key = word(at: at, allowing: "_")
            guard !key.text.isEmpty else { return nil }
            at = skipSpace(key.end)
            guard byte(at) == UInt8(ascii: "=") else { return nil }
            at = skipSpace(at + 1)
            guard let value = zolaValue(at: at) else { return nil }
            arguments.append((key.text, value.text))
            at = value.end
        }
    }

    private func zolaValue(at start: Int) -> (text: String, end: Int)? {
        guard let first = byte(start) else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") || first == UInt8(ascii: "`") {
            return quoted(at: start, quote: first).map { ($0.text, $0.end) }
        }
        if first == UInt8(ascii: "[") {
            guard let close = bytes[start..<min(bytes.count, start + Limits.shortcodeTagBytes)].firstIndex(of: UInt8(ascii: "]"))
            else { return nil }
            return (string(start..<close + 1), close + 1)
        }
        var end = start
        while let next = byte(end), next != UInt8(ascii: ","), next != UInt8(ascii: ")"), !isSpace(next) { end += 1 }
        return end > start ? (string(start..<end), end) : nil
    }

    /// A Hugo argument at `start`: `"quoted"` (with `\"`), `` `raw` ``, or a word up to a space,
    /// `=` or the closing delimiter.
    private func argument(at start: Int, stoppingAt closing: String) -> (text: String, end: Int, quoted: Bool)? {
        guard let first = byte(start) else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "`") {
            return quoted(at: start, quote: first).map { ($0.text, $0.end, true) }
        }
        var end = start
        while let next = byte(end), !isSpace(next), next != UInt8(ascii: "="), !starts(with: closing, at: end), !starts(with: "{{", at: end),
              !(next == UInt8(ascii: "/") && starts(with: closing, at: end + 1)) {
            end += 1
        }
        return end > start ? (string(start..<end), end, false) : nil
    }

    /// A string in `quote`s at `start`; in `"…"` and `'…'`, `\` escapes the next character.
    private func quoted(at start: Int, quote: UInt8) -> (text: String, end: Int)? {
        var text: [UInt8] = [], at = start + 1
        while let next = byte(at), at - start < Limits.shortcodeTagBytes {
            if next == quote { return (String(decoding: text, as: UTF8.self), at + 1) }
            if next == UInt8(ascii: "\\"), quote != UInt8(ascii: "`"), let escaped = byte(at + 1) {
                if escaped != quote && escaped != UInt8(ascii: "\\") { text.append(next) }
                text.append(escaped)
                at += 2
                continue
            }
            text.append(next)
            at += 1
        }
        return nil
    }

    // MARK: Text

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private func skipSpace(_ start: Int, newlines: Bool = true) -> Int {
        var at = start
        while let next = byte(at), isSpace(next), newlines || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { at += 1 }
        return at
    }

    /// A shortcode name at `start`: letters, digits, `-`, `_`, `.` and `/`.
    private func word(at start: Int, allowing extra: Character = "-") -> (text: String, end: Int) {
        var end = start
        while let next = byte(end), next < 128 {
            let character = Character(Unicode.Scalar(next))
            guard character.isLetter || character.isNumber || character == "_" || character == extra
                    || (extra == "-" && (character == "." || character == "/")) else { break }
            end += 1
        }
        return (string(start..<end), end)
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let utf8 = Array(text.utf8)
        guard let first = utf8.first else { return nil }
        var at = start
        while at + utf8.count <= bytes.count {
            if bytes[at] == first, bytes[at..<at + utf8.count].elementsEqual(utf8) { return at }
            at += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String { source.string(range) }

    private func line(at offset: Int) -> Int { source.line(at: offset) }

    private func indentation(before offset: Int) -> String? { source.indentation(before: offset) }
}
