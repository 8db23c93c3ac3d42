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
        before: [
            Rule(.sequence([.text("#!"), .restOfLine]), .commentHashbang, lineStart: true),
            Rule(.sequence([.oneOf(["package", "import"]), .spaces, .word(start: .identifierStart, rest: ByteSet.identifierRest.union(ByteSet(".*")))]),
                 .parts([.keywordNamespace, .plain, .nameNamespace])),
            Rule(.custom(first: ByteSet("dvoicea"), match: { bytes, at in kotlinSoftModifierEnd(bytes, at) }), .keywordDeclaration),
            Rule(.sequence([.oneOf(["val", "var"]), .spaces, .identifier]), .parts([.keywordDeclaration, .plain, .nameVariable])),
            // An extension function: `fun String.shout()`.
            Rule(.sequence([.text("fun"), .spaces, .identifier, .text("."), .identifier]),
                 .parts([.keywordDeclaration, .plain, .name, .punctuation, .nameFunction])),
            Rule(.custom(first: .identifierStart, match: { bytes, at in kotlinLabelEnd(bytes, at) }), .nameDecorator),
            Rule(.delimited(open: Array("`".utf8), close: Array("`".utf8), escape: nil, nests: false, singleLine: true), .name),
            Rule(.sequence([.text("."), .identifier]), .parts([.punctuation, .nameAttribute])),
            Rule(.sequence([.text("?."), .identifier]), .parts([.operator, .nameAttribute])),
        ]
    ).grammar

    /// Modifiers that are also common names (`val data = …`): keywords only before a declaration.
    private static let kotlinSoftModifiers = ["data", "value", "open", "inner", "const", "inline", "expect", "actual"].map { Array($0.utf8) }

    private static let kotlinDeclarationStarts = [
        "class", "fun", "val", "var", "object", "interface", "constructor", "override", "suspend", "data", "inner", "enum",
        "sealed", "abstract",
    ].map { Array($0.utf8) }

    private static let kotlinLabelKeywords = ["break", "continue", "return", "this", "super"].map { Array($0.utf8) }

    /// The end of a soft modifier followed by a declaration (`data class`, `inline fun`).
    private static func kotlinSoftModifierEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        var end = at
        while end < count, CFamily.isNameByte(bytes[end]) { end += 1 }
        guard CFamily.isOne(of: kotlinSoftModifiers, bytes, at..<end) else { return nil }
        var next = end
        while next < count, bytes[next] == 32 || bytes[next] == 9 { next += 1 }
        guard next > end else { return nil }
        var wordEnd = next
        while wordEnd < count, CFamily.isNameByte(bytes[wordEnd]) { wordEnd += 1 }
        return CFamily.isOne(of: kotlinDeclarationStarts, bytes, next..<wordEnd) ? end : nil
    }

    /// The end of a label with its `@` (`loop@ for`); `break@loop` and `this@Outer` are keywords.
    private static func kotlinLabelEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        var end = at
        while end < count, CFamily.isNameByte(bytes[end]) { end += 1 }
        guard end < count, bytes[end] == UInt8(ascii: "@"), !CFamily.isOne(of: kotlinLabelKeywords, bytes, at..<end) else { return nil }
        return end + 1
    }
}
