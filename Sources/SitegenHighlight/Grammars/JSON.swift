extension Grammars {
    /// JSON as written in the wild: with `//` and `/* */` comments. A string before a colon is
    /// a key (`nt`), as Pygments has it; words other than `true`, `false` and `null` are left plain.
    static let json = Grammar([
        ("root", [
            Rule(.run(.whitespace), .plain),
            Rule(.sequence([.delimited(open: [34], close: [34], escape: UInt8(ascii: "\\"), nests: false, singleLine: true),
                            .ahead(.sequence([.optional(.run(.whitespace)), .text(":")]))]), .nameTag),
            Rule(.text("\""), .stringDouble, .push("string")),
            Rule(.run(ByteSet("{}[],:"), maximum: 1), .punctuation),
            Rule(.either([
                .sequence([.optional(.text("-")), .run("0-9"), .text("."), .run("0-9"), .optional(jsonExponent)]),
                .sequence([.optional(.text("-")), .run("0-9"), jsonExponent]),
            ]), .numberFloat),
            Rule(.sequence([.optional(.text("-")), .run("0-9")]), .numberInteger),
            .words(WordTable.List(words: [(.keywordConstant, "true false null")], caseInsensitive: false), otherwise: .plain),
            Rule(.sequence([.text("//"), .restOfLine]), .commentSingle),
            Rule(.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: false, singleLine: false), .commentMultiline),
        ]),
        ("string", [
            Rule(.text("\""), .stringDouble, .pop),
            Rule(.sequence([.text("\\u"), .run(ByteSet("0-9a-fA-F"), maximum: 4)]), .stringEscape),
            Rule(.sequence([.text("\\"), .character]), .stringEscape),
            Rule(.ahead(.lineEnd), .stringDouble, .pop),
            Rule(.run(ByteSet("\"\\\n").inverted), .stringDouble),
        ]),
    ])

    private static let jsonExponent = Pattern.sequence([.run("eE"), .optional(.run("+-")), .run("0-9")])
}
