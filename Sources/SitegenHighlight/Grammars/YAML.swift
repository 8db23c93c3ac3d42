extension Grammars {
    /// YAML, with Pygments' classes: keys are tags, plain scalars literals (names inside flow
    /// collections), block scalars constants, anchors labels, aliases variables, tags types.
    ///
    /// Where a plain scalar or a block scalar ends depends on indentation, which a table of
    /// states cannot count; matchers of their own find it by looking at the line the scalar
    /// starts on (see ``YAMLScanner``).
    static let yaml: Grammar = {
        let lineBreakAhead = Pattern.either([.ahead(.run(" \t\r\n")), .notAhead(.character)])
        let comment = Rule(.sequence([.text("#"), .restOfLine]), .commentSingle)
        let tagCharacters = ByteSet("a-zA-Z0-9_#;/?:@&=+$,.!~*'()[]%-").union(.nonASCII)
        let nameCharacters = ByteSet("a-zA-Z0-9_-").union(.nonASCII)
        let descriptors: [Rule] = [
            Rule(.delimited(open: Array("!<".utf8), close: Array(">".utf8), escape: nil, nests: false, singleLine: true), .keywordType),
            Rule(.sequence([.text("!"), .optional(.run(tagCharacters))]), .keywordType),
            Rule(.sequence([.text("&"), .run(nameCharacters)]), .nameLabel),
            Rule(.sequence([.text("*"), .run(nameCharacters)]), .nameVariable),
        ]
        let quoted: [Rule] = [
            Rule(.text("'"), .stringSingle, .push("single")),
            Rule(.text("\""), .stringDouble, .push("double")),
        ]
        let flowOpen: [Rule] = [
            Rule(.text("["), .punctuation, .push("flow-sequence")),
            Rule(.text("{"), .punctuation, .push("flow-mapping")),
        ]
        let hex = ByteSet("0-9a-fA-F")
        // Pygments leaves all plain scalars alike; we mark those YAML's core schema reads as
        // booleans, nulls and numbers, when they are the whole scalar.
        func typed(before end: Pattern) -> [Rule] {
            let sign = Pattern.optional(.run(ByteSet("+-"), maximum: 1))
            let exponent = Pattern.optional(.sequence([.run(ByteSet("eE"), maximum: 1), sign, .run(.digits)]))
            return [
                Rule(.sequence([.oneOf(["true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL", "~"]), end]),
                     .keywordConstant),
                Rule(.sequence([.text("0x"), .run(hex), end]), .numberHex),
                Rule(.sequence([.text("0o"), .run("0-7"), end]), .numberOctal),
                Rule(.sequence([sign, .run(.digits), end]), .numberInteger),
                Rule(.sequence([sign, .either([.sequence([.text("."), .run(.digits)]),
                                               .sequence([.run(.digits), .optional(.sequence([.text("."), .optional(.run(.digits))]))])]),
                                exponent, end]), .numberFloat),
                Rule(.sequence([sign, .oneOf([".inf", ".Inf", ".INF"]), end]), .numberFloat),
                Rule(.sequence([.oneOf([".nan", ".NaN", ".NAN"]), end]), .numberFloat),
            ]
        }
        // Where such a scalar ends: at a comment or the line's end; in a flow, also at `,` `]` `}`.
        let spaces = Pattern.optional(.run(ByteSet(" \t\r")))
        let endInBlock = Pattern.either([.ahead(.sequence([spaces, .lineEnd])), .ahead(.sequence([.run(ByteSet(" \t")), .text("#")])),
                                             .notAhead(.sequence([spaces, .character]))])
        let endInFlow = Pattern.either([.ahead(.sequence([spaces, .run(ByteSet(",]}\n"), maximum: 1)])),
                                            .notAhead(.sequence([spaces, .character]))])

        let flowCollection: [Rule] = [
            Rule(.run(.whitespace), .plain),
            comment,
            Rule(.run(ByteSet("?:,"), maximum: 1), .punctuation),
        ] + descriptors + flowOpen + quoted + typed(before: endInFlow) + [
            // A plain scalar in a flow collection; Pygments makes it a variable.
            Rule(.sequence([.run(ByteSet("\t\n\r ,:?[]{}#&*!|>'\"%@`").inverted, maximum: 1),
                            .optional(.run(ByteSet("\t\n\r ,:?[]{}").inverted))]), .nameVariable),
        ]
        return Grammar([
            ("block", [
                Rule(.sequence([.oneOf(["---", "..."]), lineBreakAhead]), .nameNamespace, lineStart: true),
                Rule(.sequence([.text("%"), .identifier]), .nameTag, .push("directive"), lineStart: true),
                Rule(.run(.whitespace), .plain),
                comment,
                Rule(.sequence([.run(ByteSet("-?:"), maximum: 1), lineBreakAhead]), .punctuation),
                Rule(.sequence([.custom(first: YAMLScanner.blockKeyStart, match: YAMLScanner.blockKeyEnd), .text(":")]),
                     .parts([.nameTag, .punctuation])),
            ] + descriptors + [
                Rule(.run(ByteSet("|>"), maximum: 1), .punctuation, .push("block-scalar-header")),
            ] + flowOpen + quoted + typed(before: endInBlock) + [
                Rule(.custom(first: YAMLScanner.plainScalarStart, match: YAMLScanner.plainScalarEnd), .literal),
            ]),
            ("directive", [
                Rule(.run(.spaces), .plain),
                comment,
                Rule(.sequence([.run(.digits), .text("."), .run(.digits)]), .number),
                Rule(.run(ByteSet(" \t\r\n#").inverted), .keywordType),
                Rule(.ahead(.lineEnd), .plain, .pop),
            ]),
            // After `|` or `>`: chomping and indentation indicators, then the indented lines.
            ("block-scalar-header", [
                Rule(.run(ByteSet("0-9+-")), .punctuation),
                Rule(.run(.spaces), .plain),
                comment,
                Rule(.custom(first: ByteSet("\n"), match: YAMLScanner.blockScalarEnd), .nameConstant, .pop),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            ("flow-sequence", [Rule(.text("]"), .punctuation, .pop)] + flowCollection),
            ("flow-mapping", [
                Rule(.sequence([.custom(first: YAMLScanner.flowKeyStart, match: YAMLScanner.flowKeyEnd), .text(":"), lineBreakAhead]),
                     .parts([.nameTag, .punctuation, .plain])),
                Rule(.text("}"), .punctuation, .pop),
            ] + flowCollection),
            ("single", [
                Rule(.text("''"), .stringEscape),
                Rule(.text("'"), .stringSingle, .pop),
                Rule(.run(ByteSet("'").inverted), .stringSingle),
            ]),
            ("double", [
                Rule(.text("\""), .stringDouble, .pop),
                Rule(.sequence([.text("\\"), .either([.sequence([.run(ByteSet("xuU"), maximum: 1), .run(hex, maximum: 8)]), .character])]),
                     .stringEscape),
                Rule(.run(ByteSet("\"\\").inverted), .stringDouble),
            ]),
        ])
    }()
}

/// The matchers of the YAML grammar that look at indentation.
///
/// Like Pygments, a node's indentation is the column of the key on its line, or of the last
/// `-`, `?` or `:` indicator before it; a plain scalar goes on over the lines indented deeper
/// than that, a block scalar over the lines indented at least as deep as its first one.
private enum YAMLScanner {
    /// A key before `:` can be no longer than this, so that a long line with no key is not
    /// scanned again at every token.
    static let longestKey = 256

    static let blockKeyStart = ByteSet("\n\t #,?[]{}\"'").inverted
    static let flowKeyStart = ByteSet("\t\n\r ,:?[]{}\"'").inverted
    static let plainScalarStart = ByteSet("\t\n\r ,[]{}#&*!|>'\"%@`").inverted

    @inline(__always)
    private static func isBreakOrEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        index >= bytes.count || bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 13
    }

    /// A key in block context ends before the last `:` that a space or the line's end follows,
    /// and holds none of `#,?[]{}"'` (Pygments' greedy key pattern).
    static let blockKeyEnd: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        let limit = min(bytes.count, at + longestKey)
        var index = at, end: Int?
        while index < limit {
            switch bytes[index] {
            case UInt8(ascii: "\n"), UInt8(ascii: "#"), UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return end
            case UInt8(ascii: ":"):
                if index > at, isBreakOrEnd(bytes, index + 1) { end = index }
            default: break
            }
            index += 1
        }
        return end
    }

    /// A key in a flow mapping runs up to a `:`.
    static let flowKeyEnd: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        let limit = min(bytes.count, at + longestKey)
        var index = at
        while index < limit {
            switch bytes[index] {
            case UInt8(ascii: "\n"), UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return nil
            case UInt8(ascii: ":"):
                return index > at ? index : nil
            default: index += 1
            }
        }
        return nil
    }

    /// The indentation that the node starting at `at` belongs to.
    private static func indentation(_ bytes: UnsafeBufferPointer<UInt8>, before at: Int) -> Int {
        var lineStart = at
        while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
        var index = lineStart
        while index < at, bytes[index] == 32 { index += 1 }
        var indicator = -1
        while index < at, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: ":"),
              index + 1 < bytes.count, bytes[index + 1] == 32 || bytes[index + 1] == 9 {
            indicator = index - lineStart
            index += 1
            while index < at, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        }
        if index < at { return index - lineStart }
        // A scalar alone on its line: lines indented deeper than it continue it.
        return indicator >= 0 ? indicator : index - lineStart - 1
    }

    /// The spaces at `start`, and whether the line holds nothing else.
    @inline(__always)
    private static func leadingSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> (count: Int, blank: Bool) {
        var index = start
        while index < bytes.count, bytes[index] == 32 { index += 1 }
        let blank = index >= bytes.count || bytes[index] == 10 || (bytes[index] == 13 && (index + 1 >= bytes.count || bytes[index + 1] == 10))
        return (index - start, blank)
    }

    /// A plain scalar in block context: up to ` #`, `: ` or the line's end, and on over the
    /// lines that are indented deeper than its node.
    static let plainScalarEnd: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        let count = bytes.count
        let first = bytes[at]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "?") || first == UInt8(ascii: ":") {
            guard at + 1 < count, !ByteSet.whitespace.contains(bytes[at + 1]) else { return nil }
        }
        var indent: Int?
        var index = at, end = at
        while true {
            // One line of the scalar.
            while index < count {
                let byte = bytes[index]
                if byte == 10 { break }
                if byte == 32 || byte == 9 || byte == 13 {
                    var next = index + 1
                    while next < count, bytes[next] == 32 || bytes[next] == 9 || bytes[next] == 13 { next += 1 }
                    if next < count, bytes[next] == UInt8(ascii: "#") { return end }
                    if next < count, bytes[next] == UInt8(ascii: ":"), isBreakOrEnd(bytes, next + 1) { return end }
                    index = next
                    continue
                }
                if byte == UInt8(ascii: ":"), isBreakOrEnd(bytes, index + 1) { return end }
                index += 1
                end = index
            }
            guard index < count else { return end }
            // A line break: the next line that is not blank may go on with it.
            let depth = indent ?? indentation(bytes, before: at)
            indent = depth
            var line = index + 1
            while true {
                let (spaces, blank) = leadingSpaces(bytes, line)
                if !blank {
                    guard spaces > depth else { return end }
                    let start = line + spaces
                    if spaces == 0, start + 3 <= count,
                       (bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "-") && bytes[start + 2] == UInt8(ascii: "-"))
                        || (bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".") && bytes[start + 2] == UInt8(ascii: ".")) {
                        return end
                    }
                    index = start
                    break
                }
                var next = line + spaces
                while next < count, bytes[next] != 10 { next += 1 }
                guard next < count else { return end }
                line = next + 1
            }
        }
    }

    /// The lines of a block scalar, from the line break that ends its header: the first line
    /// that is not blank sets their indentation, and a line indented less ends them.
    static let blockScalarEnd: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        let count = bytes.count
        let minimum = max(indentation(bytes, before: headerStart(bytes, at)), 0)
        var contentIndent: Int?
        var end: Int?
        var line = at + 1
        while line < count {
            let (spaces, blank) = leadingSpaces(bytes, line)
            var lineEnd = line + spaces
            if !blank {
                if let contentIndent {
                    if spaces < contentIndent { break }
                } else {
                    if spaces <= minimum { break }
                    contentIndent = spaces
                }
            }
            while lineEnd < count, bytes[lineEnd] != 10 { lineEnd += 1 }
            if !blank { end = lineEnd }
            line = lineEnd + 1
        }
        return end
    }

    /// Where the node of the `|` or `>` header on the line that ends at `lineEnd` starts: the key
    /// before it, or the indicator itself.
    private static func headerStart(_ bytes: UnsafeBufferPointer<UInt8>, _ lineEnd: Int) -> Int {
        var lineStart = lineEnd
        while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
        var index = lineStart
        while index < lineEnd, bytes[index] != UInt8(ascii: "|"), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return index
    }
}
