extension Grammars {
    static let go = CFamily(
        keywords: "break case continue default defer else fallthrough for go goto if range return select switch",
        declarations: "var func struct map chan type interface const",
        namespaces: "import package",
        types: """
        bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 \
        uint32 uint64 uintptr any comparable
        """,
        constants: "true false iota nil",
        functionKeywords: "func",
        classKeywords: "type",
        quotes: [
            .init(open: "\"", close: "\""),
            .init(open: "'", close: "'", kind: .stringChar),
            // Raw strings: no escapes, any number of lines.
            .init(open: "`", close: "`", kind: .stringBacktick, escapes: false, multiline: true),
        ],
        // Only `i` may follow a Go number: it makes it imaginary.
        number: NumberSyntax(suffixes: ByteSet("i"), leadingDot: true),
        numberKinds: true,
        leadingZeroOctal: true,
        operators: ByteSet("+\\-*%=&|^!<>~:"),
        loneOperators: ByteSet("/"),
        escape: CFamily.backslashEscape,
        before: [
            Rule(.sequence([.text("package"), .spaces, .identifier]), .parts([.keywordNamespace, .plain, .nameNamespace])),
            // A method: `func (s *Server) Serve(`; the name comes after the receiver.
            Rule(.sequence([.text("func"), .spaces, .text("(")]), .parts([.keywordDeclaration, .plain, .punctuation]), .push("receiver")),
            // The built-in functions, and the types called as conversions (`string(b)`).
            .words(WordTable.List(words: [(.nameBuiltin, goCallables)], caseInsensitive: false), otherwise: nil,
                   pattern: .sequence([.identifier, .ahead(.text("("))])),
        ],
        states: [
            ("receiver", [
                Rule(.text(")"), .punctuation, .replace("method-name")),
                Rule(.text("("), .punctuation, .push("parentheses")),
                .include("root"),
            ]),
            ("method-name", [
                Rule(.spaces, .plain),
                Rule(.sequence([.identifier, .ahead(.run(ByteSet("(["), maximum: 1))]), .nameFunction, .pop),
                Rule(.ahead(.character), .plain, .pop),
            ]),
        ]
    ).grammar

    private static let goCallables = """
    append cap clear close complex copy delete imag len make max min new panic print println real recover \
    bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 \
    uint32 uint64 uintptr any comparable
    """
}
