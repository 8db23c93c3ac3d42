extension Grammars {
    /// JSON5: JSON with comments, bare and single-quoted keys, single-quoted strings, hex
    /// numbers, `Infinity` and `NaN`, and trailing commas. Keys are `nt`, as in JSON.
    static let json5: Grammar = {
        let colonAhead = Pattern.ahead(.sequence([.optional(.run(.whitespace)), .text(":")]))
        func quoted(_ quote: UInt8) -> Pattern {
            .delimited(open: [quote], close: [quote], escape: UInt8(ascii: "\\"), nests: false, singleLine: false)
        }
        func string(_ quote: String) -> [Rule] {
            [
                Rule(.text(quote), .string, .pop),
                Rule(.sequence([.text("\\"), .character]), .stringEscape),
                Rule(.run(ByteSet(quote + "\\").inverted), .string),
            ]
        }
        let sign = Pattern.optional(.run(ByteSet("+-"), maximum: 1))
        let exponent = Pattern.sequence([.run("eE"), .optional(.run("+-")), .run("0-9")])
        return Grammar([
            ("root", [
                Rule(.run(.whitespace), .plain),
                Rule(.sequence([.text("//"), .restOfLine]), .commentSingle),
                Rule(.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: false, singleLine: false), .commentMultiline),
                Rule(.sequence([quoted(UInt8(ascii: "\"")), colonAhead]), .nameTag),
                Rule(.sequence([quoted(UInt8(ascii: "'")), colonAhead]), .nameTag),
                Rule(.sequence([ECMAScript.identifier, colonAhead]), .nameTag),
                Rule(.text("\""), .string, .push("double")),
                Rule(.text("'"), .string, .push("single")),
                Rule(.sequence([sign, .text("0"), .run("xX"), .run("0-9a-fA-F")]), .numberHex),
                Rule(.either([
                    .sequence([sign, .run("0-9"), .text("."), .optional(.run("0-9")), .optional(exponent)]),
                    .sequence([sign, .text("."), .run("0-9"), .optional(exponent)]),
                    .sequence([sign, .run("0-9"), exponent]),
                ]), .numberFloat),
                Rule(.sequence([sign, .run("0-9")]), .numberInteger),
                Rule(.sequence([sign, .either([.text("Infinity"), .text("NaN")])]), .keywordConstant),
                .words(WordTable.List(words: [(.keywordConstant, "true false null")], caseInsensitive: false),
                       otherwise: .plain, pattern: ECMAScript.identifier),
                Rule(.run(ByteSet("{}[],:"), maximum: 1), .punctuation),
            ]),
            ("double", string("\"")),
            ("single", string("'")),
        ])
    }()
}
