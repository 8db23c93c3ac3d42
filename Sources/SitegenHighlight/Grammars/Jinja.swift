extension Grammars {
    /// Jinja, Django, Nunjucks and Tera templates, as Pygments' Django lexer sees them: text
    /// outside the tags plain, the `{{ }}` and `{% %}` delimiters preprocessor comments, the
    /// word after `{%` a keyword, names variables, filters functions.
    static let jinja: Grammar = {
        let name = Pattern.word(start: ByteSet.letters, rest: ByteSet("a-zA-Z0-9_").union(.nonASCII))
        let trim = Pattern.optional(.text("-"))
        let blanks = Pattern.optional(.run(.whitespace))
        /// `{%`, a tag word, `%}`, as one rule of parts.
        func tag(_ word: String) -> Pattern { .sequence([.text("{%"), trim, blanks, .text(word), blanks, trim, .text("%}")]) }
        let tagKinds: [TokenKind] = [.commentPreprocessor, .plain, .plain, .keyword, .plain, .plain, .commentPreprocessor]
        let expression: [Rule] = [
            Rule(.sequence([.text("|"), blanks, name]), .parts([.operator, .plain, .nameFunction])),
            Rule(.sequence([.text("is"), .run(.whitespace), .text("not"), .run(.whitespace), name]),
                 .parts([.keyword, .plain, .keyword, .plain, .nameFunction])),
            Rule(.sequence([.text("is"), .run(.whitespace), name]), .parts([.keyword, .plain, .nameFunction])),
            Rule(.sequence([.oneOf(["without", "with"]), blanks, .text("context")]), .keyword),
            Rule(.sequence([.text("ignore"), .run(.whitespace), .text("missing")]), .keyword),
            .words(WordTable.List(words: [
                (.keywordPseudo, "_ true false none True False None"),
                (.keyword, "in as reversed recursive not and or is if else import with scoped"),
                (.nameBuiltin, "loop block super forloop"),
            ], caseInsensitive: false), otherwise: nil, pattern: name),
            Rule(.word(start: ByteSet.letters, rest: ByteSet("a-zA-Z0-9_-").union(.nonASCII)), .nameVariable),
            Rule(.sequence([.text("."), .run(ByteSet("a-zA-Z0-9_").union(.nonASCII))]), .nameVariable),
            Rule(.sequence([.optional(.text(":")), .delimited(open: [34], close: [34], escape: 92, nests: false, singleLine: false)]), .stringDouble),
            Rule(.sequence([.optional(.text(":")), .delimited(open: [39], close: [39], escape: 92, nests: false, singleLine: false)]), .stringSingle),
            Rule(.either([.text("=="), .text("!="), .text(">="), .text("<="), .run(ByteSet("+-*/%~<>="), maximum: 1)]), .operator),
            Rule(.run(ByteSet("{}()[],:"), maximum: 1), .punctuation),
            Rule(.sequence([.text("0"), .run(ByteSet("xX"), maximum: 1), .run(ByteSet("0-9a-fA-F")), .optional(.run(ByteSet("lL"), maximum: 1))]),
                 .numberHex),
            Rule(.sequence([.run(.digits), .text("."), .optional(.run(.digits))]), .numberFloat),
            Rule(.run(.digits), .numberInteger),
        ]
        return Grammar([
            ("root", [
                Rule(.run(ByteSet("{").inverted), .plain),
                Rule(.text("{{"), .commentPreprocessor, .push("variable")),
                Rule(.delimited(open: Array("{#".utf8), close: Array("#}".utf8), escape: nil, nests: false, singleLine: false), .comment),
                Rule(tag("comment"), .parts(tagKinds), .push("comment")),
                Rule(tag("raw"), .parts(tagKinds), .push("raw")),
                Rule(.sequence([.text("{%"), trim, blanks, .text("filter"), .run(.whitespace), name]),
                     .parts([.commentPreprocessor, .plain, .plain, .keyword, .plain, .nameFunction]), .push("block")),
                Rule(.sequence([.text("{%"), trim, blanks, name]), .parts([.commentPreprocessor, .plain, .plain, .keyword]), .push("block")),
            ]),
            ("variable", [
                Rule(.run(.whitespace), .plain),
                Rule(.sequence([trim, .text("}}")]), .parts([.plain, .commentPreprocessor]), .pop),
            ] + expression),
            ("block", [
                Rule(.run(.whitespace), .plain),
                Rule(.sequence([trim, .text("%}")]), .parts([.plain, .commentPreprocessor]), .pop),
            ] + expression),
            ("comment", [
                Rule(tag("endcomment"), .parts(tagKinds), .pop),
                Rule(.run(ByteSet("{").inverted), .comment),
                Rule(.text("{"), .comment),
            ]),
            ("raw", [
                Rule(tag("endraw"), .parts(tagKinds), .pop),
                Rule(.run(ByteSet("{").inverted), .plain),
                Rule(.text("{"), .plain),
            ]),
        ], fallbacks: ["block": .punctuation])
    }()
}
