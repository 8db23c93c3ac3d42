extension Grammars {
    static let java = CFamily(
        keywords: "assert break case catch continue default do else finally for if goto instanceof new return switch this throw try while",
        declarations: """
        abstract class const enum extends final implements interface native permits private protected public \
        sealed static strictfp super synchronized throws transient var volatile yield
        """,
        namespaces: "package import",
        types: "boolean byte char double float int long short void",
        constants: "true false null",
        classKeywords: "class interface enum",
        quotes: [
            // Text blocks: `"""` and a line break open them.
            .init(open: "\"\"\"", close: "\"\"\"", multiline: true),
            .init(open: "\"", close: "\""),
            .init(open: "'", close: "'", kind: .stringChar),
        ],
        number: NumberSyntax(leadingDot: true, octalPrefix: false),
        numberKinds: true,
        leadingZeroOctal: true,
        identifier: javaIdentifier,
        operators: ByteSet("+\\-*%=&|^!<>~?:"),
        loneOperators: ByteSet("/"),
        escape: CFamily.backslashEscape,
        before: [
            Rule(.sequence([.custom(first: ByteSet("\n"), match: { bytes, at in CFamily.labelIndentEnd(bytes, at, keywords: javaLabelKeywords) }),
                            javaIdentifier]),
                 .parts([.plain, .nameLabel])),
            Rule(.sequence([.text("import"), .spaces, .text("static"), .spaces, javaQualifiedName]),
                 .parts([.keywordNamespace, .plain, .keywordNamespace, .plain, .nameNamespace])),
            Rule(.sequence([.oneOf(["import", "package"]), .spaces, javaQualifiedName]), .parts([.keywordNamespace, .plain, .nameNamespace])),
            // `record` is a keyword only where it declares one.
            Rule(.sequence([.text("record"), .spaces, javaIdentifier]), .parts([.keywordDeclaration, .plain, .nameClass])),
            Rule(.sequence([.text("@"), .word(start: .identifierStart, rest: ByteSet.identifierRest.union(ByteSet(".")))]), .nameDecorator),
            Rule(.sequence([.text("."), javaIdentifier]), .parts([.punctuation, .nameAttribute])),
            Rule(.custom(first: ByteSet.identifierStart.union(ByteSet("$")), match: { bytes, at in
                CFamily.declaredFunctionEnd(bytes, at, notNames: javaNotNames, pointers: false)
            }), .nameFunction),
        ]
    ).grammar

    private static let javaIdentifier = Pattern.word(start: ByteSet.identifierStart.union(ByteSet("$")),
                                                     rest: ByteSet.identifierRest.union(ByteSet("$")))
    private static let javaQualifiedName = Pattern.word(start: .identifierStart, rest: ByteSet.identifierRest.union(ByteSet(".*")))

    /// Words that are not a method's name, nor the type before one: before a name and `(` they
    /// make it a call (`return f(x)`), and before `(` they are keywords (`if (`).
    private static let javaNotNames = [
        "assert", "break", "case", "catch", "continue", "default", "do", "else", "finally", "for", "if", "goto",
        "instanceof", "new", "return", "switch", "this", "throw", "try", "while", "yield", "synchronized", "super",
    ].map { Array($0.utf8) }

    private static let javaLabelKeywords = [Array("default".utf8)]
}
