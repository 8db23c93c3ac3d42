extension Grammars {
    static let kotlin = CFamily(
        keywords: """
        as break by catch constructor continue do dynamic else finally for get if in init is out reified return set super \
        this throw try typeof vararg when where while
        """,
        // Modifiers that are rarely names; the others are keywords only before a declaration (see below).
        declarations: """
        val var fun class interface object typealias abstract override private public protected internal sealed suspend \
        lateinit tailrec crossinline noinline companion enum annotation operator infix external final
        """,
        namespaces: "package import",
        types: "Boolean Byte Char Double Float Int Long Short String Any Unit Nothing UByte UShort UInt ULong",
        constants: "true false null",
        builtins: "it",
        functionKeywords: "fun",
        classKeywords: "class interface object",
        blockComment: ("/*", "*/", true),
        quotes: [
            // Raw strings: no escapes, but templates.
            .init(open: "\"\"\"", close: "\"\"\"", escapes: false, multiline: true, interpolation: ("${", "}"), dollarNames: true),
            .init(open: "\"", close: "\"", interpolation: ("${", "}"), dollarNames: true),
            .init(open: "'", close: "'", kind: .stringChar),
        ],
        number: NumberSyntax(octalPrefix: false),
        numberKinds: true,
        decorators: true,
        operators: ByteSet("+\\-*%=&|^!<>~?:"),
        loneOperators: ByteSet("/"),
        escape: CFamily.backslashEscape,
        stringFallbacks: true,
        before: [
            Rule(.sequence([.text("#!"), .restOfLine]), .commentHashbang, lineStart: true),
            Rule(.sequence([.oneOf(["package", "import"]), .spaces, .word(start: .identifierStart, rest: ByteSet.identifierRest.union(ByteSet(".*")))]),
                 .parts([.keywordNamespace, .plain, .nameNamespace])),
            Rule(.sequence([.oneOf(kotlinSoftModifiers), .notAhead(.run(.identifierRest, maximum: 1)),
                            .ahead(.sequence([.spaces, .oneOf(kotlinDeclarationStarts)]))]),
                 .keywordDeclaration),
            Rule(.sequence([.oneOf(["val", "var"]), .spaces, .identifier]), .parts([.keywordDeclaration, .plain, .nameVariable])),
            // An extension function: `fun String.shout()`.
            Rule(.sequence([.text("fun"), .spaces, .identifier, .text("."), .identifier]),
                 .parts([.keywordDeclaration, .plain, .name, .punctuation, .nameFunction])),
            // A label: `loop@ for (…)`, `break@loop`.
            Rule(.sequence([.notAhead(.oneOf(["break@", "continue@", "return@", "this@", "super@"])), .identifier, .text("@")]), .nameDecorator),
            Rule(.delimited(open: Array("`".utf8), close: Array("`".utf8), escape: nil, nests: false, singleLine: true), .name),
            Rule(.sequence([.text("."), .identifier]), .parts([.punctuation, .nameAttribute])),
            Rule(.sequence([.text("?."), .identifier]), .parts([.operator, .nameAttribute])),
        ]
    ).grammar

    private static let kotlinDeclarationStarts = [
        "class", "fun", "val", "var", "object", "interface", "constructor", "override", "suspend", "data", "inner", "enum",
        "sealed", "abstract",
    ]

    /// Modifiers that are also common names (`val data = …`).
    private static let kotlinSoftModifiers = ["data", "value", "open", "inner", "const", "inline", "expect", "actual"]
}
