extension Grammars {
    /// TOML, with Pygments' classes but for keys, which are tags as in YAML and JSON (Pygments:
    /// names). Table headers are keywords. Whether a word is a key or a value depends on the
    /// side of `=` it is on, so `=` enters a state for one value (arrays and inline tables hold
    /// values of their own).
    static let toml: Grammar = {
        let digit = Pattern.run(.digits, maximum: 1)
        let digits = Pattern.run("0-9_")
        let sign = Pattern.optional(.run(ByteSet("+-"), maximum: 1))
        let time = Pattern.sequence([digit, digit, .text(":"), digit, digit,
                                     .optional(.sequence([.text(":"), digit, digit,
                                                          .optional(.sequence([.text("."), .run(.digits)]))]))])
        // `1979-05-27`, optionally with a time after `T` or a space, and an offset.
        let offset = Pattern.either([.run(ByteSet("Zz"), maximum: 1),
                                     .sequence([.run(ByteSet("+-"), maximum: 1), digit, digit, .text(":"), digit, digit])])
        let date = Pattern.sequence([digit, digit, digit, digit, .text("-"), digit, digit, .text("-"), digit, digit,
                                     .optional(.sequence([.run(ByteSet("Tt "), maximum: 1), time, .optional(offset)]))])
        let exponent = Pattern.sequence([.run(ByteSet("eE"), maximum: 1), sign, digit, .optional(digits)])
        let float = Pattern.sequence([sign, digit, .optional(digits),
                                      .either([exponent, .sequence([.text("."), digit, .optional(digits), .optional(exponent)])])])
        let hex = ByteSet("0-9a-fA-F")
        let escape = Rule(.sequence([.text("\\"), .either([.sequence([.run(ByteSet("uUx"), maximum: 1), .run(hex, maximum: 8)]), .character])]),
                          .stringEscape)

        /// A value; in the state after `=` it ends the state, in an array it stays.
        func values(inArray: Bool) -> [Rule] {
            let done: Rule.Transition = inArray ? .stay : .pop
            func enter(_ state: String) -> Rule.Transition { inArray ? .push(state) : .replace(state) }
            return [
                Rule(date, .literalDate, done),
                Rule(time, .literalDate, done),
                Rule(float, .numberFloat, done),
                Rule(.sequence([sign, .oneOf(["inf", "nan"])]), .numberFloat, done),
                Rule(.sequence([.optional(.text("-")), .text("0b"), .run("01_")]), .numberBinary, done),
                Rule(.sequence([.optional(.text("-")), .text("0o"), .run("0-7_")]), .numberOctal, done),
                Rule(.sequence([.optional(.text("-")), .text("0x"), .run("0-9a-fA-F_")]), .numberHex, done),
                Rule(.sequence([sign, digits]), .numberInteger, done),
                Rule(.text("\"\"\""), .stringDouble, enter("multiline-basic")),
                Rule(.text("\""), .stringDouble, enter("basic")),
                Rule(.text("'''"), .stringSingle, enter("multiline-literal")),
                Rule(.delimited(open: Array("'".utf8), close: Array("'".utf8), escape: nil, nests: false, singleLine: true),
                     .stringSingle, done),
                Rule(.oneOf(["true", "false"]), .keywordConstant, done),
                Rule(.text("["), .punctuation, enter("array")),
                Rule(.text("{"), .punctuation, enter("inline-table")),
            ]
        }
        let key: [Rule] = [
            Rule(.run("A-Za-z0-9_-"), .nameTag),
            Rule(.text("\""), .stringDouble, .push("basic")),
            Rule(.delimited(open: Array("'".utf8), close: Array("'".utf8), escape: nil, nests: false, singleLine: true), .stringSingle),
            Rule(.text("."), .punctuation),
        ]
        let comment = Rule(.sequence([.text("#"), .restOfLine]), .commentSingle)
        let equals = Pattern.sequence([.text("="), .optional(.run(.whitespace))])

        return Grammar([
            ("root", [
                Rule(.run(.whitespace), .plain),
                comment,
            ] + key + [
                Rule(equals, .parts([.operator, .plain]), .push("value")),
                Rule(.either([.text("[["), .text("[")]), .keyword, .push("table")),
            ]),
            ("table", [
                Rule(.run("A-Za-z0-9_-."), .keyword),
                Rule(.text("\""), .stringDouble, .push("basic")),
                Rule(.delimited(open: Array("'".utf8), close: Array("'".utf8), escape: nil, nests: false, singleLine: true), .stringSingle),
                Rule(.either([.text("]]"), .text("]")]), .keyword, .pop),
                Rule(.run(.spaces), .plain),
                Rule(.ahead(.lineEnd), .plain, .pop),
            ]),
            // Something that is no value is left plain up to the line's end, as Pygments does.
            ("value", values(inArray: false) + [Rule(.ahead(.lineEnd), .plain, .pop)]),
            ("array", [
                Rule(.run(.whitespace), .plain),
                comment,
                Rule(.text(","), .punctuation),
                Rule(.text("]"), .punctuation, .pop),
            ] + values(inArray: true)),
            ("inline-table", [
                Rule(.run(.whitespace), .plain),
                comment,
            ] + key + [
                Rule(equals, .parts([.punctuation, .plain]), .push("value")),
                Rule(.text(","), .punctuation),
                Rule(.text("}"), .punctuation, .pop),
            ]),
            // Basic strings are one line long: an unclosed quote does not swallow the file.
            ("basic", [
                Rule(.text("\""), .stringDouble, .pop),
                escape,
                Rule(.run(ByteSet("\"\\\n").inverted), .stringDouble),
                Rule(.ahead(.lineEnd), .stringDouble, .pop),
            ]),
            ("multiline-basic", [
                Rule(.text("\"\"\""), .stringDouble, .pop),
                escape,
                Rule(.run(ByteSet("\"\\").inverted), .stringDouble),
                Rule(.text("\""), .stringDouble),
            ]),
            ("multiline-literal", [
                Rule(.text("'''"), .stringSingle, .pop),
                Rule(.run(ByteSet("'").inverted), .stringSingle),
                Rule(.text("'"), .stringSingle),
            ]),
        ])
    }()
}
