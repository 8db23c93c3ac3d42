/// Cuts a Liquid source into text, `{{ output }}` and `{% tag %}` pieces, applies whitespace
/// control (`{{-`, `-}}`, `{%-`, `-%}`), and takes `raw` and `comment` blocks whole.
///
/// Tera shortcodes are cut the same way, with `{# comments #}` dropped.
struct LiquidScanner {
    enum Token {
        case text(String)
        case output(markup: String, line: Int)
        case tag(name: String, markup: String, line: Int)
    }

    private struct Piece {
        var token: Token
        var trimsBefore = false
        var trimsAfter = false
        /// Text between tags, which trimming delimiters next to it may strip; `raw` bodies are not.
        var isPlainText = false
    }

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var pieces: [Piece] = []

    /// Whether `{# … #}` is a comment (Tera, Nunjucks) rather than text (Liquid).
    private let bracesComment: Bool

    private init(_ source: String, bracesComment: Bool) {
        bytes = Array(source.utf8)
        self.bracesComment = bracesComment
    }

    /// The pieces of `source`, trimmed as its whitespace control asks.
    static func tokens(of source: String, bracesComment: Bool = false) throws(DialectError) -> [Token] {
        var scanner = LiquidScanner(source, bracesComment: bracesComment)
        try scanner.scan()
        return scanner.trimmed()
    }

    private mutating func scan() throws(DialectError) {
        var textStart = 0
        while let open = nextDelimiter(from: position) {
            appendText(from: textStart, to: open)
            let isTag = bytes[open + 1] == UInt8(ascii: "%")
            let openLine = line
            if bytes[open + 1] == UInt8(ascii: "#") {
                guard let close = find(UInt8(ascii: "#"), UInt8(ascii: "}"), from: open + 2) else {
                    throw DialectError(.syntax, line: openLine, "A comment `{#` is never closed with `#}`.")
                }
                let trimsBefore = open + 2 < close && bytes[open + 2] == UInt8(ascii: "-")
                let trimsAfter = close > open + 2 && bytes[close - 1] == UInt8(ascii: "-")
                countLines(from: open, to: close + 2)
                position = close + 2
                textStart = position
                pieces.append(Piece(token: .text(""), trimsBefore: trimsBefore, trimsAfter: trimsAfter))
                continue
            }
            var inner = open + 2
            var trimsBefore = false
            if inner < bytes.count, bytes[inner] == UInt8(ascii: "-") {
                trimsBefore = true
                inner += 1
            }
            let closer: UInt8 = isTag ? UInt8(ascii: "%") : UInt8(ascii: "}")
            guard let close = find(closer, UInt8(ascii: "}"), from: inner) else {
                throw DialectError(
                    .syntax, line: openLine,
                    isTag ? "A tag `{%` is never closed with `%}`." : "An output `{{` is never closed with `}}`.")
            }
            var markupEnd = close
            var trimsAfter = false
            if markupEnd > inner, bytes[markupEnd - 1] == UInt8(ascii: "-") {
                trimsAfter = true
                markupEnd -= 1
            }
            let markup = String(decoding: bytes[inner..<markupEnd], as: UTF8.self).trimmingLiquidWhitespace()
            countLines(from: open, to: close + 2)
            position = close + 2
            textStart = position
            if !isTag {
                pieces.append(Piece(token: .output(markup: markup, line: openLine), trimsBefore: trimsBefore, trimsAfter: trimsAfter))
                continue
            }
            let name = markup.liquidTagName
            switch name {
            case "raw":
                let body = try skipBlock(named: "raw", nests: false, openLine: openLine)
                let text = trimsAfter ? String(body.text.drop(while: \.isLiquidWhitespace)) : body.text
                pieces.append(Piece(token: .text(text), trimsBefore: trimsBefore, trimsAfter: body.trimsAfter))
                textStart = position
            case "comment":
                let body = try skipBlock(named: "comment", nests: true, openLine: openLine)
                pieces.append(Piece(token: .text(""), trimsBefore: trimsBefore, trimsAfter: body.trimsAfter))
                textStart = position
            case "#":
                pieces.append(Piece(token: .text(""), trimsBefore: trimsBefore, trimsAfter: trimsAfter))
            default:
                let arguments = String(markup.dropFirst(name.count)).trimmingLiquidWhitespace()
                pieces.append(Piece(token: .tag(name: name, markup: arguments, line: openLine),
                                    trimsBefore: trimsBefore, trimsAfter: trimsAfter))
            }
        }
        appendText(from: textStart, to: bytes.count)
    }

    /// Skips to the tag closing a `raw` or `comment` block; returns the text inside and whether
    /// the closing tag trims after itself.
    private mutating func skipBlock(named name: String, nests: Bool, openLine: Int) throws(DialectError)
        -> (text: String, trimsAfter: Bool)
    {
        let bodyStart = position
        var depth = 1
        var search = position
        while let open = nextDelimiter(from: search) {
            search = open + 2
            guard bytes[open + 1] == UInt8(ascii: "%"),
                  let close = find(UInt8(ascii: "%"), UInt8(ascii: "}"), from: open + 2)
            else { continue }
            var inner = open + 2
            if inner < close, bytes[inner] == UInt8(ascii: "-") { inner += 1 }
            var markupEnd = close
            let trimsAfter = markupEnd > inner && bytes[markupEnd - 1] == UInt8(ascii: "-")
            if trimsAfter { markupEnd -= 1 }
            let tagName = String(decoding: bytes[inner..<markupEnd], as: UTF8.self).trimmingLiquidWhitespace().liquidTagName
            if nests, tagName == name {
                depth += 1
            } else if tagName == "end" + name {
                depth -= 1
                if depth == 0 {
                    var bodyEnd = open
                    let text = String(decoding: bytes[bodyStart..<bodyEnd], as: UTF8.self)
                    if open + 2 < bytes.count, bytes[open + 2] == UInt8(ascii: "-") {
                        // `{%- endraw %}` trims the end of the raw text.
                        while bodyEnd > bodyStart, bytes[bodyEnd - 1].isLiquidWhitespace { bodyEnd -= 1 }
                    }
                    countLines(from: bodyStart, to: close + 2)
                    position = close + 2
                    let kept = bodyEnd == open ? text : String(decoding: bytes[bodyStart..<bodyEnd], as: UTF8.self)
                    return (kept, trimsAfter)
                }
            }
            search = close + 2
        }
        throw DialectError(.syntax, line: openLine, "`{% \(name) %}` is never closed with `{% end\(name) %}`.")
    }

    private func nextDelimiter(from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "{"),
               bytes[index + 1] == UInt8(ascii: "{") || bytes[index + 1] == UInt8(ascii: "%") || (bracesComment && bytes[index + 1] == UInt8(ascii: "#")) {
                return index
            }
            index += 1
        }
        return nil
    }

    private func find(_ first: UInt8, _ second: UInt8, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == first, bytes[index + 1] == second { return index }
            index += 1
        }
        return nil
    }

    private mutating func countLines(from start: Int, to end: Int) {
        for index in start..<min(end, bytes.count) where bytes[index] == 0x0A { line += 1 }
    }

    private mutating func appendText(from start: Int, to end: Int) {
        guard start < end else { return }
        countLines(from: start, to: end)
        pieces.append(Piece(token: .text(String(decoding: bytes[start..<end], as: UTF8.self)), isPlainText: true))
    }

    /// The tokens, text next to a trimming delimiter stripped of its whitespace on that side.
    private func trimmed() -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(pieces.count)
        for (index, piece) in pieces.enumerated() {
            guard piece.isPlainText, case .text(var text) = piece.token else {
                tokens.append(piece.token)
                continue
            }
            if index > 0, !pieces[index - 1].isPlainText, pieces[index - 1].trimsAfter {
                text = String(text.drop(while: \.isLiquidWhitespace))
            }
            if index + 1 < pieces.count, !pieces[index + 1].isPlainText, pieces[index + 1].trimsBefore {
                text = text.trimmingLiquidWhitespaceAtEnd()
            }
            if !text.isEmpty { tokens.append(.text(text)) }
        }
        return tokens
    }
}

extension UInt8 {
    var isLiquidWhitespace: Bool {
        self == 0x20 || self == 0x0A || self == 0x09 || self == 0x0D || self == 0x0B || self == 0x0C
    }
}

extension Character {
    var isLiquidWhitespace: Bool {
        self == " " || self == "\n" || self == "\t" || self == "\r\n" || self == "\r" || self == "\u{0B}" || self == "\u{0C}"
    }
}

extension StringProtocol {
    func trimmingLiquidWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isLiquidWhitespace }),
              let last = lastIndex(where: { !$0.isLiquidWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    func trimmingLiquidWhitespaceAtEnd() -> String {
        guard let last = lastIndex(where: { !$0.isLiquidWhitespace }) else { return "" }
        return String(self[...last])
    }

    /// The first word of a tag's markup: `if` in `if a == b`, `#` in `# note`.
    var liquidTagName: String {
        if first == "#" { return "#" }
        return String(prefix(while: { !$0.isLiquidWhitespace }))
    }
}
