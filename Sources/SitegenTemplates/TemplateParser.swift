import SitegenLimits

/// Reads a template's text into ``TemplateNode``s, in one pass over its UTF-8 bytes and without
/// recursion (a template nested 100,000 sections deep is an error, not a crash). Standalone
/// lines (a section, comment, partial, block or delimiter tag alone on its line) are removed
/// whole, as the Mustache spec says; a standalone partial's indentation is kept for its lines.
struct TemplateParser {
    /// How many sections, blocks and parents may be open at once.
    static let nestingLimit = Limits.templateNesting

    fileprivate enum Kind: Equatable {
        case text
        case variable(escaped: Bool)
        case section, inverted, close, comment, delimiters, block
        case partial(dynamic: Bool)
        case parent(dynamic: Bool)

        var canStandAlone: Bool {
            switch self {
            case .text, .variable: false
            default: true
            }
        }

        var isParent: Bool {
            if case .parent = self { true } else { false }
        }

        /// Whether the tag may share a standalone line with others of its kind.
        var joinsLines: Bool {
            switch self {
            case .parent, .block, .close: true
            default: false
            }
        }
    }

    fileprivate struct Token {
        let kind: Kind
        /// For text, its bytes; for a tag, where it starts and ends.
        var start: Int
        var end: Int
        var name = ""
        var line = 1
        var column = 1
        var indentation = ""
    }

    private let bytes: [UInt8]
    private let displayPath: String

    init(_ text: String, displayPath: String) {
        bytes = Array(text.utf8)
        self.displayPath = displayPath
    }

    /// The template's nodes.
    func parse() throws(TemplateError) -> [TemplateNode] {
        var tokens = try tokenize()
        removeStandaloneLines(&tokens)
        return try tree(tokens)
    }

    private func error(_ line: Int, _ column: Int, _ message: String) -> TemplateError {
        TemplateError(displayPath: displayPath, line: line, column: column, message: message)
    }

    // MARK: Tokens

    private func tokenize() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = [0x7B, 0x7B]
        var close: [UInt8] = [0x7D, 0x7D]
        var index = 0
        var textStart = 0
        var line = 1
        var lineStart = 0
        // Columns count characters (UTF-8 lead bytes), counted on from the last tag of the line.
        var counted = (position: 0, column: 1)
        func column(at position: Int) -> Int {
            if counted.position < lineStart { counted = (lineStart, 1) }
            var column = counted.column
            for byte in bytes[counted.position..<position] where byte & 0xC0 != 0x80 { column += 1 }
            counted = (position, column)
            return column
        }
        func matches(_ delimiter: [UInt8], at position: Int) -> Bool {
            guard position + delimiter.count <= bytes.count else { return false }
            for offset in delimiter.indices where bytes[position + offset] != delimiter[offset] { return false }
            return true
        }
        while index < bytes.count {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard matches(open, at: index) else { index += 1; continue }
            let tagLine = line
            let tagStart = index
            let column = column(at: index)
            if textStart < index { tokens.append(Token(kind: .text, start: textStart, end: index)) }
            var position = index + open.count
            var kind: Kind = .variable(escaped: true)
            var closing = close
            if position < bytes.count {
                switch bytes[position] {
                case 0x7B where open == [0x7B, 0x7B]: kind = .variable(escaped: false); closing = [0x7D] + close; position += 1
                case 0x26: kind = .variable(escaped: false); position += 1
                case 0x23: kind = .section; position += 1
                case 0x5E: kind = .inverted; position += 1
                case 0x2F: kind = .close; position += 1
                case 0x21: kind = .comment; position += 1
                case 0x3D: kind = .delimiters; position += 1
                case 0x24: kind = .block; position += 1
                case 0x3E: kind = .partial(dynamic: false); position += 1
                case 0x3C: kind = .parent(dynamic: false); position += 1
                default: break
                }
            }
            // The tag ends at the first closing delimiter.
            var end = position
            while end < bytes.count, !matches(closing, at: end) { end += 1 }
            guard end < bytes.count else {
                throw error(tagLine, column, "this tag is never closed: add \(String(decoding: closing, as: UTF8.self)) after its name")
            }
            var content = Array(bytes[position..<end])
            for byte in content where byte == 0x0A { line += 1 }
            if let lastBreak = content.lastIndex(of: 0x0A) { lineStart = position + lastBreak + 1 }
            index = end + closing.count
            textStart = index
            if kind == .comment {
                tokens.append(Token(kind: .comment, start: tagStart, end: index, line: tagLine, column: column))
                continue
            }
            if kind == .delimiters {
                guard content.last == 0x3D else { throw error(tagLine, column, "a delimiter tag ends with =, as in {{=<% %>=}}") }
                content.removeLast()
                let parts = String(decoding: content, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw error(tagLine, column, "a delimiter tag names two delimiters without spaces or =, as in {{=<% %>=}}")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
                tokens.append(Token(kind: .delimiters, start: tagStart, end: index, line: tagLine, column: column))
                continue
            }
            var name = String(decoding: content, as: UTF8.self).trimmingSpaces
            switch kind {
            case .partial, .parent:
                if name.hasPrefix("*") {
                    name = String(name.dropFirst()).trimmingSpaces
                    kind = kind == .partial(dynamic: false) ? .partial(dynamic: true) : .parent(dynamic: true)
                }
            default: break
            }
            guard !name.isEmpty else {
                throw error(tagLine, column, "this tag has no name; write one, as in {{title}}")
            }
            guard !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
                throw error(tagLine, column, "`\(name)` is not a name: names have no spaces (write {{page.title}})")
            }
            tokens.append(Token(kind: kind, start: tagStart, end: index, name: name, line: tagLine, column: column))
        }
        if textStart < bytes.count { tokens.append(Token(kind: .text, start: textStart, end: bytes.count)) }
        return tokens
    }

    // MARK: Standalone lines

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Removes each standalone tag's line: the blanks before it and the line break after it.
    /// A parent tag and the block and closing tags written beside it (`{{<base}}{{$main}}`)
    /// stand alone together, as the spec's inheritance asks.
    private func removeStandaloneLines(_ tokens: inout [Token]) {
        var index = 0
        // The run of joining tags side by side that `index` is in, found once per run (a line
        // of 100,000 closing tags is read once, not once per tag).
        var run = (end: -1, hasParent: false)
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind.canStandAlone else { continue }
            if index > run.end {
                var end = index
                var hasParent = tokens[index].kind.isParent
                while end + 1 < tokens.count, tokens[end + 1].start == tokens[end].end,
                      tokens[end].kind.joinsLines, tokens[end + 1].kind.joinsLines {
                    end += 1
                    hasParent = hasParent || tokens[end].kind.isParent
                }
                run = (end, hasParent)
            }
            // Only a group with a parent tag stands alone together: a block opened and closed
            // on one line (`{{$main}}{{/main}}`) keeps its line, as the themes written before this engine expect.
            let last = run.hasParent ? run.end : index
            let first = index
            let start = tokens[first].start
            let end = tokens[last].end
            // Tags side by side share their line: if one does not stand alone, none does.
            index = last
            var lineStart = start
            while lineStart > 0, Self.isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
            guard lineStart == 0 || bytes[lineStart - 1] == 0x0A else { continue }
            var lineEnd = end
            while lineEnd < bytes.count, Self.isBlank(bytes[lineEnd]) { lineEnd += 1 }
            if lineEnd < bytes.count, bytes[lineEnd] == 0x0D, lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == 0x0A { lineEnd += 1 }
            guard lineEnd == bytes.count || bytes[lineEnd] == 0x0A else { continue }
            if lineEnd < bytes.count { lineEnd += 1 }
            // The tokens on either side are text (another tag on the line would not be blank).
            if first > 0, tokens[first - 1].kind == .text {
                tokens[first - 1].end = max(tokens[first - 1].start, min(tokens[first - 1].end, lineStart))
            }
            if last + 1 < tokens.count, tokens[last + 1].kind == .text {
                tokens[last + 1].start = min(tokens[last + 1].end, max(tokens[last + 1].start, lineEnd))
            }
            tokens[first].indentation = String(decoding: bytes[lineStart..<start], as: UTF8.self)
        }
    }

    // MARK: Tree

    private struct Open {
        let token: Token
        var nodes: [TemplateNode] = []
        var overrides: [String: [TemplateNode]] = [:]
    }

    private func tree(_ tokens: [Token]) throws(TemplateError) -> [TemplateNode] {
        var stack = [Open(token: Token(kind: .text, start: 0, end: 0))]
        for token in tokens {
            switch token.kind {
            case .text:
                if token.start < token.end {
                    stack[stack.count - 1].nodes.append(.text(String(decoding: bytes[token.start..<token.end], as: UTF8.self)))
                }
            case .comment, .delimiters:
                break
            case .variable(let escaped):
                stack[stack.count - 1].nodes.append(.variable(TemplateName(token.name, line: token.line, column: token.column), escaped: escaped))
            case .partial(let dynamic):
                stack[stack.count - 1].nodes.append(.partial(name: token.name, index: nil, dynamic: dynamic,
                                                             indentation: token.indentation, line: token.line))
            case .section, .inverted, .block, .parent:
                guard stack.count <= Self.nestingLimit else {
                    throw error(token.line, token.column, "sections nest more than \(Self.nestingLimit) deep; close some before opening more")
                }
                stack.append(Open(token: token))
            case .close:
                guard stack.count > 1 else {
                    throw error(token.line, token.column, "{{/\(token.name)}} closes nothing; remove it or open {{#\(token.name)}} before it")
                }
                let open = stack.removeLast()
                guard open.token.name == token.name else {
                    throw error(token.line, token.column,
                                "{{/\(token.name)}} closes {{\(open.token.kindMark)\(open.token.name)}} of line \(open.token.line); write {{/\(open.token.name)}}")
                }
                let name = TemplateName(open.token.name, line: open.token.line, column: open.token.column)
                let node: TemplateNode
                switch open.token.kind {
                case .section: node = .section(name, open.nodes, inverted: false)
                case .inverted: node = .section(name, open.nodes, inverted: true)
                case .block: node = .block(name: open.token.name, defaults: open.nodes, indentation: open.token.indentation)
                case .parent(let dynamic):
                    node = .parent(name: open.token.name, index: nil, dynamic: dynamic, overrides: open.overrides,
                                   indentation: open.token.indentation, line: open.token.line)
                default: continue
                }
                // A block directly inside a parent overrides the parent's block; other text there is ignored.
                if case .block(let blockName, let defaults, _) = node, case .parent = stack[stack.count - 1].token.kind {
                    stack[stack.count - 1].overrides[blockName] = defaults
                } else if case .parent = stack[stack.count - 1].token.kind {
                    continue
                } else {
                    stack[stack.count - 1].nodes.append(node)
                }
            }
        }
        guard stack.count == 1 else {
            let open = stack[stack.count - 1].token
            throw error(open.line, open.column, "{{\(open.kindMark)\(open.name)}} is never closed; add {{/\(open.name)}}")
        }
        return stack[0].nodes
    }
}

private extension TemplateParser.Token {
    /// The character that opens the tag: `#` for a section.
    var kindMark: String {
        switch kind {
        case .inverted: "^"
        case .block: "$"
        case .parent(let dynamic): dynamic ? "<*" : "<"
        default: "#"
        }
    }
}

extension String {
    /// Without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
