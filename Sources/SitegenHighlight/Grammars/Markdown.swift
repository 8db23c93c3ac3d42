extension Grammars {
    /// Markdown as Pygments reads it: headings, list and quote markers, emphasis, code spans and
    /// fenced code (its body one string: a grammar does not embed another), links; all else
    /// is plain text.
    ///
    /// Emphasis and code spans are found at the start of a word or one character into it, never
    /// further inside a word, because plain words are taken whole (Pygments' rules find them
    /// after at most one character of another kind).
    static let markdown: Grammar = {
        let notNewline = ByteSet("\n").inverted
        let blanks = Pattern.optional(.run(.spaces))
        /// One character other than those of `set`, never split.
        func characterNot(_ set: String) -> Pattern { .sequence([.notAhead(.run(ByteSet(set), maximum: 1)), .character]) }
        /// `open`, a first character that is no space, anything on the line, `close`.
        func span(_ open: String, _ close: String, _ delimiter: String) -> Pattern {
            .sequence([.text(open), characterNot(delimiter + " \n"), .optional(.run(ByteSet(delimiter + "\n").inverted)), .text(close)])
        }
        let delimiters = ByteSet("`*_~")
        // Link texts and targets are capped so that many `[` without `]` take linear time.
        let linkText = Pattern.run(ByteSet("]").inverted, maximum: 256)
        let linkTarget = Pattern.run(ByteSet(")").inverted, maximum: 512)
        let inlineRules: [Rule] = [
            Rule(.sequence([.text("\\"), .character]), .plain),
            Rule(.sequence([.text("`"), .run(ByteSet("`\n").inverted), .text("`")]), .stringBacktick),
            Rule(span("**", "**", "*"), .strong),
            Rule(span("__", "__", "_"), .strong),
            Rule(span("*", "*", "*"), .emphasis),
            Rule(span("_", "_", "_"), .emphasis),
            Rule(span("~~", "~~", "~"), .deleted),
            Rule(.sequence([.run(ByteSet("@#"), maximum: 1), .run(ByteSet("a-zA-Z0-9_/:").union(.nonASCII))]), .nameEntity),
            Rule(.sequence([.either([.text("!["), .text("[")]), linkText, .text("]"), .text("("), linkTarget, .text(")")]),
                 .parts([.plain, .nameTag, .plain, .plain, .nameAttribute, .plain])),
            Rule(.sequence([.text("["), linkText, .text("]"), .text("["), .optional(linkText), .text("]")]),
                 .parts([.plain, .nameTag, .plain, .plain, .nameLabel, .plain])),
            Rule(.sequence([blanks, .text("["), .optional(linkText), .sequence([.text("]:"), .optional(.run(.spaces))]), .run(notNewline)]),
                 .parts([.plain, .plain, .nameLabel, .plain, .nameAttribute]), lineStart: true),
            // A character before a span delimiter stands alone, so that the span is found next;
            // other words are taken whole.
            Rule(.sequence([.notAhead(.run(ByteSet("\\ \t\r\n").union(delimiters), maximum: 1)), .character,
                            .ahead(.run(delimiters, maximum: 1))]), .plain),
            Rule(.run(ByteSet("\\ \t\r\n").inverted), .plain),
        ]
        let line = Pattern.run(notNewline)
        let endOfLine = Pattern.ahead(.lineEnd)
        return Grammar([
            ("root", [
                Rule(.sequence([.text("#"), characterNot("#\n"), .restOfLine]), .heading, lineStart: true),
                Rule(.sequence([.text("##"), .optional(.run(ByteSet("#"), maximum: 4)), characterNot("#\n"), .restOfLine]),
                     .subheading, lineStart: true),
                Rule(.sequence([.custom(first: notNewline, match: MarkdownScanner.underlined(by: "=")), .lineEnd, .run(ByteSet("="))]),
                     .parts([.heading, .plain, .heading]), lineStart: true),
                Rule(.sequence([.custom(first: notNewline, match: MarkdownScanner.underlined(by: "-")), .lineEnd, .run(ByteSet("-"))]),
                     .parts([.subheading, .plain, .subheading]), lineStart: true),
                Rule(.sequence([blanks, .run(ByteSet("*-"), maximum: 1), .run(.spaces, maximum: 1), .text("["), .run(ByteSet(" xX"), maximum: 1),
                                .text("]"), .ahead(.text(" "))]),
                     .parts([.plain, .keyword, .keyword, .keyword, .keyword, .keyword, .plain]), lineStart: true),
                Rule(.sequence([blanks, .run(ByteSet("*-"), maximum: 1), .ahead(.sequence([.run(.spaces, maximum: 1), characterNot("\n")]))]),
                     .parts([.plain, .keyword, .plain]), lineStart: true),
                Rule(.sequence([blanks, .run(.digits), .text("."), .ahead(.sequence([.text(" "), .character]))]),
                     .parts([.plain, .keyword, .keyword, .plain]), lineStart: true),
                // Pygments reads the rest of a quote's line as emphasis, without inline markup.
                Rule(.sequence([blanks, .text(">"), .run(ByteSet(" \t\n"), maximum: 1), line]),
                     .parts([.plain, .keyword, .keyword, .emphasis]), lineStart: true),
                Rule(.sequence([.custom(first: ByteSet(" \t`"), match: MarkdownScanner.fenceOpening),
                                .custom(first: ByteSet.all, match: MarkdownScanner.fenceBody),
                                .optional(.custom(first: ByteSet(" \t`"), match: MarkdownScanner.fenceClosing))]),
                     .parts([.stringBacktick, .string, .stringBacktick]), lineStart: true),
                // Line breaks one by one, so that each line's start is seen.
                Rule(.run(ByteSet(" \t\r")), .plain),
                Rule(.lineEnd, .plain),
            ] + inlineRules),
        ])
    }()
}

/// The matchers of the Markdown grammar that look across lines.
private enum MarkdownScanner {
    /// A line that the next line underlines with `mark`s only (a Setext heading), without its
    /// line break.
    static func underlined(by character: Unicode.Scalar) -> @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? {
        let mark = UInt8(ascii: character)
        return { bytes, at in
            let count = bytes.count
            var end = at
            while end < count, bytes[end] != 10 { end += 1 }
            guard end > at, end + 2 < count, bytes[end + 1] == mark else { return nil }
            var index = end + 2
            while index < count, bytes[index] == mark { index += 1 }
            return index < count && bytes[index] == 10 ? end : nil
        }
    }

    /// Spaces, three backticks and a language name, up to and with the line break.
    static let fenceOpening: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        var index = at
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        guard index + 3 <= bytes.count, bytes[index] == 96, bytes[index + 1] == 96, bytes[index + 2] == 96 else { return nil }
        index += 3
        while index < bytes.count, bytes[index] != 10 { index += 1 }
        return index < bytes.count ? index + 1 : nil
    }

    /// The lines up to the first that is only spaces and three backticks, or to the end of the
    /// code when none is (as CommonMark reads it; Pygments then does not see a fence at all).
    static let fenceBody: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        var line = at
        while line < bytes.count {
            if fenceClosing(bytes, line) != nil { return line }
            while line < bytes.count, bytes[line] != 10 { line += 1 }
            line += 1
        }
        return bytes.count
    }

    /// A line of spaces and three backticks, without its line break.
    static let fenceClosing: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        var index = at
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        guard index + 3 <= bytes.count, bytes[index] == 96, bytes[index + 1] == 96, bytes[index + 2] == 96 else { return nil }
        index += 3
        return index == bytes.count || bytes[index] == 10 ? index : nil
    }
}
