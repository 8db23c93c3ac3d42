extension Grammars {
    /// Liquid templates, after Pygments' Liquid lexer: text outside tags plain, `{% %}` and
    /// `{{ }}` punctuation, tag names tags (`if`, `when`, `else` and the `end` of those keywords),
    /// filters functions, parameter names attributes; the words in a tag's markup are left plain.
    ///
    /// As in Pygments, a tag or output ends at the end of its line. Unlike it, `{%-` is not read
    /// as a tag named `-`, a tag always ends at its `%}`, and `and`, `or` are operator words.
    static let liquid: Grammar = {
        let word = ByteSet("a-zA-Z0-9_").union(.nonASCII)
        let variable = Pattern.word(start: ByteSet.letters, rest: word)
        let spaces = Pattern.optional(.run(.spaces))
        let blanks = Pattern.optional(.run(.whitespace))
        let wordEnd = Pattern.notAhead(.run(word, maximum: 1))
        let closeTag = Rule(.text("%}"), .punctuation, .pop)
        // Pygments leaves a tag or output at a line break (its error recovery goes back to the root).
        let lineBreak = Rule(.ahead(.lineEnd), .plain, .pop)
        let constant = Rule(.sequence([.oneOf(["true", "false"]), wordEnd]), .keywordConstant)
        let strings: [Rule] = [
            Rule(.delimited(open: [39], close: [39], escape: nil, nests: false, singleLine: false), .stringSingle),
            Rule(.delimited(open: [34], close: [34], escape: nil, nests: false, singleLine: false), .stringDouble),
        ]
        let numbers: [Rule] = [
            Rule(.sequence([.run(.digits), .text("."), .run(.digits)]), .numberFloat),
            Rule(.run(.digits), .numberInteger),
        ]
        let generic: [Rule] = [constant] + strings + numbers + [
            Rule(variable, .nameVariable),
            Rule(.sequence([.text("."), .ahead(.run(word, maximum: 1))]), .punctuation),
        ]
        // Parameters: `name:` or `name=` attributes, literals; other words plain.
        let parameters: [Rule] = [
            Rule(.run(.spaces), .plain),
            Rule(.sequence([.run(ByteSet(" \t\r\n=:").inverted, maximum: 256), spaces, .run(ByteSet("=:"), maximum: 1)]),
                 .parts([.nameAttribute, .plain, .operator])),
            Rule(.sequence([.text("{{"), spaces, .run(ByteSet(" \t\r\n}").inverted), spaces, .text("}}")]),
                 .parts([.punctuation, .plain, .nameVariable, .plain, .punctuation])),
        ] + strings + numbers + [
            constant,
            Rule(.text(","), .punctuation),
            Rule(.run(ByteSet(" \t\r\n=:,'\"0-9%|}{").inverted), .plain),
        ]
        return Grammar([
            ("root", [
                Rule(.run(ByteSet("{").inverted), .plain),
                Rule(.sequence([.text("{%"), .optional(.text("-")), blanks]), .parts([.punctuation, .punctuation, .plain]), .push("tag")),
                Rule(.sequence([.text("{{"), .optional(.text("-")), blanks]), .parts([.punctuation, .punctuation, .plain]), .push("output-head")),
            ]),
            ("tag", [
                Rule(.sequence([.oneOf(["if", "unless", "elsif", "case"]), .ahead(.run(.whitespace))]), .keyword, .replace("condition")),
                Rule(.sequence([.text("when"), .run(.whitespace)]), .parts([.keyword, .plain]), .replace("when")),
                Rule(.sequence([.text("else"), spaces, .text("%}")]), .parts([.keyword, .plain, .punctuation]), .pop),
                Rule(.sequence([.text("capture"), .run(.whitespace), .run(ByteSet(" \t\r\n%").inverted), spaces, .text("%}")]),
                     .parts([.nameTag, .plain, .nameVariable, .plain, .punctuation]), .pop),
                Rule(.sequence([.text("comment"), spaces, .text("%}")]), .parts([.nameTag, .plain, .punctuation]), .replace("comment")),
                Rule(.sequence([.text("raw"), spaces, .text("%}")]), .parts([.nameTag, .plain, .punctuation]), .replace("raw")),
                Rule(.sequence([.oneOf(["endcase", "endunless", "endif"]), spaces, .text("%}")]), .parts([.keyword, .plain, .punctuation]),
                     .pop),
                Rule(.sequence([.text("end"), .run(ByteSet(" \t\r\n%").inverted), spaces, .text("%}")]),
                     .parts([.nameTag, .nameTag, .plain, .punctuation]), .pop),
                Rule(.sequence([.run(ByteSet(" \t\r\n%").inverted), spaces]), .parts([.nameTag, .plain]), .replace("tag-markup")),
                closeTag,
                lineBreak,
            ]),
            ("tag-markup", [closeTag, lineBreak] + parameters),
            ("condition", [
                closeTag,
                Rule(.run(.whitespace), .plain),
                Rule(.either([.text("=="), .text("!="), .text(">="), .text("<="), .run(ByteSet("=!<>"), maximum: 1)]), .operator),
                Rule(.sequence([.oneOf(["contains", "and", "not", "or"]), wordEnd]), .operatorWord),
            ] + generic),
            ("when", [closeTag, Rule(.run(.whitespace), .plain), Rule(.text(","), .punctuation)] + generic),
            // The first word of an output: a value.
            ("output-head", [
                Rule(.sequence([.optional(.text("-")), .text("}}")]), .punctuation, .pop),
                Rule(.run(.spaces), .plain, .replace("output")),
                lineBreak,
            ] + generic),
            ("output", [
                Rule(.run(.spaces), .plain),
                Rule(.sequence([.optional(.text("-")), .text("}}")]), .punctuation, .pop),
                Rule(.text("|"), .punctuation, .push("filters")),
                lineBreak,
            ]),
            ("filters", [
                Rule(.run(.spaces), .plain),
                Rule(.ahead(.either([.text("}}"), .text("-}}")])), .plain, .pop),
                Rule(.sequence([.run(ByteSet(" \t\r\n|:}").inverted), .optional(.text(":")), spaces]),
                     .parts([.nameFunction, .punctuation, .plain]), .push("filter-markup")),
                lineBreak,
            ]),
            ("filter-markup", [
                Rule(.text("|"), .punctuation, .pop),
                Rule(.ahead(.either([.text("}}"), .text("-}}")])), .plain, .pop),
                lineBreak,
            ] + parameters),
            ("comment", [
                Rule(.sequence([.text("{%"), blanks, .text("endcomment"), spaces, .text("%}")]),
                     .parts([.punctuation, .plain, .nameTag, .plain, .punctuation]), .pop),
                Rule(.run(ByteSet("{").inverted), .comment),
                Rule(.text("{"), .comment),
            ]),
            ("raw", [
                Rule(.sequence([.text("{%"), blanks, .text("endraw"), spaces, .text("%}")]),
                     .parts([.punctuation, .plain, .nameTag, .plain, .punctuation]), .pop),
                Rule(.run(ByteSet("{").inverted), .plain),
                Rule(.text("{"), .plain),
            ]),
        ])
    }()
}
