extension Grammars {
    /// Go's text/template and html/template, as Hugo uses them, with Hugo's shortcode calls.
    /// Pygments has no lexer for them; the classes follow its Django lexer (delimiters
    /// preprocessor comments, text outside actions plain) and Chroma's Go template lexer.
    ///
    /// In an action, `$x` is a variable, `.Field` an attribute, a bare word a function (the
    /// template builtins `nb`), and `if`, `range`, `with`, `define`, `template`, `block`, `end`,
    /// `else` keywords. A shortcode call (`{{< name key="value" >}}`, `{{% … %}}`, also escaped
    /// as `{{</* … */>}}`) is a tag with attributes.
    static let gotemplate: Grammar = {
        let word = ByteSet("a-zA-Z0-9_").union(.nonASCII)
        let identifier = Pattern.word(start: .identifierStart, rest: word)
        let close = Pattern.either([.text("-}}"), .text("}}")])
        let digits = Pattern.run("0-9_")
        let strings: [Rule] = [
            Rule(.text("\""), .stringDouble, .push("string")),
            Rule(.delimited(open: [96], close: [96], escape: nil, nests: false, singleLine: false), .stringBacktick),
        ]
        let numbers: [Rule] = [
            Rule(.sequence([.text("0"), .run(ByteSet("xX"), maximum: 1), .run("0-9a-fA-F_")]), .numberHex),
            Rule(.sequence([.run(.digits), .optional(digits), .either([
                .sequence([.text("."), .optional(digits), .optional(.sequence([.run(ByteSet("eE"), maximum: 1),
                                                                               .optional(.run(ByteSet("+-"), maximum: 1)), digits]))]),
                .sequence([.run(ByteSet("eE"), maximum: 1), .optional(.run(ByteSet("+-"), maximum: 1)), digits]),
            ])]), .numberFloat),
            Rule(.sequence([.run(.digits), .optional(digits)]), .numberInteger),
        ]
        let shortcodeClose = Pattern.oneOf(["*/>}}", "*/%}}", ">}}", "%}}"])
        return Grammar([
            ("root", [
                Rule(.run(ByteSet("{").inverted), .plain),
                Rule(.delimited(open: Array("{{/*".utf8), close: Array("*/}}".utf8), escape: nil, nests: false, singleLine: false),
                     .commentMultiline),
                Rule(.delimited(open: Array("{{- /*".utf8), close: Array("*/ -}}".utf8), escape: nil, nests: false, singleLine: false),
                     .commentMultiline),
                Rule(.sequence([.oneOf(["{{<", "{{%"]), .optional(.text("/*"))]), .commentPreprocessor, .push("shortcode-name")),
                Rule(.sequence([.text("{{"), .optional(.text("-"))]), .commentPreprocessor, .push("action")),
            ]),
            ("action", [
                Rule(.run(.whitespace), .plain),
                Rule(close, .commentPreprocessor, .pop),
                Rule(.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: false, singleLine: false),
                     .commentMultiline),
                Rule(.sequence([.text("$"), .optional(identifier)]), .nameVariable),
                Rule(.sequence([.text("."), .optional(identifier)]), .nameAttribute),
                .words(WordTable.List(words: [
                    (.keyword, "if else end range with define template block break continue return"),
                    (.keywordConstant, "true false nil"),
                    (.nameBuiltin, "and call html index slice js len not or print printf println urlquery eq ne lt le gt ge"),
                ], caseInsensitive: false), otherwise: .nameFunction, pattern: identifier),
            ] + strings + numbers + [
                Rule(.delimited(open: [39], close: [39], escape: 92, nests: false, singleLine: true), .stringChar),
                Rule(.either([.text(":="), .run(ByteSet("=|!<>-+*/%"), maximum: 1)]), .operator),
                Rule(.run(ByteSet("(),"), maximum: 1), .punctuation),
            ]),
            ("string", [
                Rule(.text("\""), .stringDouble, .pop),
                Rule(.sequence([.text("\\"), .character]), .stringEscape),
                Rule(.run(ByteSet("\"\\\n").inverted), .stringDouble),
                Rule(.ahead(.lineEnd), .stringDouble, .pop),
            ]),
            ("shortcode-name", [
                Rule(.run(.whitespace), .plain),
                Rule(shortcodeClose, .commentPreprocessor, .pop),
                Rule(.run(ByteSet("a-zA-Z0-9_/.-").union(.nonASCII)), .nameTag, .replace("shortcode")),
            ]),
            // A shortcode's parameters, named or by position, until its closing delimiter.
            ("shortcode", [
                Rule(.run(.whitespace), .plain),
                Rule(shortcodeClose, .commentPreprocessor, .pop),
                Rule(.sequence([.run(ByteSet("a-zA-Z0-9_-").union(.nonASCII)), .text("=")]), .parts([.nameAttribute, .operator])),
                Rule(.sequence([.oneOf(["true", "false"]), .notAhead(.run(word, maximum: 1))]), .keywordConstant),
            ] + strings + numbers + [
                Rule(.run(ByteSet(" \t\r\n\"`*/>%=").inverted), .plain),
            ]),
        ])
    }()
}
