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
        stringFallbacks: true,
        before: [
            Rule(.sequence([.text("import"), .spaces, .text("static"), .spaces, javaQualifiedName]),
                 .parts([.keywordNamespace, .plain, .keywordNamespace, .plain, .nameNamespace])),
            Rule(.sequence([.oneOf(["import", "package"]), .spaces, javaQualifiedName]), .parts([.keywordNamespace, .plain, .nameNamespace])),
            // `record` is a keyword only where it declares one.
            Rule(.sequence([.text("record"), .spaces, javaIdentifier]), .parts([.keywordDeclaration, .plain, .nameClass])),
            Rule(.sequence([.text("@"), .word(start: .identifierStart, rest: ByteSet.identifierRest.union(ByteSet(".")))]), .nameDecorator),
            Rule(.sequence([.text("."), javaIdentifier]), .parts([.punctuation, .nameAttribute])),
            Rule(.custom(first: ByteSet.identifierStart.union(ByteSet("$")), match: javaMethodName), .nameFunction),
            // `name:` first on its line is a label, but `default:` is the keyword.
            Rule(.sequence([.afterIndentation, .notAhead(.text("default")), javaIdentifier, .text(":"), .notAhead(.text(":"))]),
                 .parts([.plain, .plain, .nameLabel, .punctuation, .plain])),
        ]
    ).grammar

    private static let javaIdentifier = Pattern.word(start: ByteSet.identifierStart.union(ByteSet("$")),
                                                     rest: ByteSet.identifierRest.union(ByteSet("$")))
    private static let javaQualifiedName = Pattern.word(start: .identifierStart, rest: ByteSet.identifierRest.union(ByteSet(".*")))

    /// The name in a method's declaration: a name and `(` after a type on the same line
    /// (`void run(`, `List<String> names(`), unless the word before is a statement's keyword
    /// (`return f(`, `new Thing(`).
    private static let javaMethodName: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = {
        let word = ByteSet.identifierRest.union(ByteSet("$")), spaces = ByteSet.spaces, whitespace = ByteSet.whitespace
        return { bytes, at in
            let count = bytes.count
            var end = at + 1
            while end < count, word.contains(bytes[end]) { end += 1 }
            var next = end
            while next < count, spaces.contains(bytes[next]) { next += 1 }
            guard next < count, bytes[next] == UInt8(ascii: "(") else { return nil }
            var before = at - 1
            while before >= 0, spaces.contains(bytes[before]) { before -= 1 }
            guard before >= 0, before < at - 1 else { return nil }
            let last = bytes[before]
            if last == UInt8(ascii: ">") || last == UInt8(ascii: "]") {
                return before > 0 && !whitespace.contains(bytes[before - 1]) ? end : nil
            }
            guard word.contains(last) else { return nil }
            var start = before
            while start > 0, word.contains(bytes[start - 1]) { start -= 1 }
            let previous = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...before]), as: UTF8.self)
            return javaStatementWords.contains(previous) ? nil : end
        }
    }()

    private static let javaStatementWords: Set<String> = [
        "assert", "break", "case", "catch", "continue", "default", "do", "else", "finally", "for", "if", "goto",
        "instanceof", "new", "return", "switch", "this", "throw", "try", "while", "yield",
    ]
}
