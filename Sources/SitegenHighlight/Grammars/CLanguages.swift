extension CFamily {
    /// The base of C, C++ and Objective-C: C's types and words, the preprocessor (`#include
    /// <file>`, directives continued over lines, `#if 0` blocks as comments), labels, and
    /// numbers with C's suffixes and leading-zero octals. Each language adds its own words,
    /// rules (tried first) and states.
    static func cLanguage(keywords: String, declarations: String, types: String, builtins: String, pseudo: String = "",
                          classKeywords: String, separators: ByteSet = ByteSet(), stringPrefixes: [String],
                          before: [Rule] = [], states: [(String, [Rule])] = []) -> CFamily {
        let identifier = Pattern.word(start: ByteSet.identifierStart.union(ByteSet("$")), rest: ByteSet.identifierRest.union(ByteSet("$")))
        let function = Rule(.custom(first: ByteSet.identifierStart.union(ByteSet("$")), match: { bytes, at in
            declaredFunctionEnd(bytes, at, notNames: cNotNames, pointers: true)
        }), .nameFunction)
        let label = Rule(.sequence([.custom(first: ByteSet("\n"), match: { bytes, at in labelIndentEnd(bytes, at, keywords: cLabelKeywords) }),
                                    identifier]),
                         .parts([.plain, .nameLabel]))
        let rules: [Rule] = preprocessorEntries + [label] + before + [function]
        return CFamily(
            keywords: keywords,
            declarations: declarations,
            types: types + " " + cTypes,
            builtins: builtins,
            pseudo: pseudo,
            classKeywords: classKeywords,
            quotes: [
                .init(open: "\"", close: "\"", prefixes: stringPrefixes),
                .init(open: "'", close: "'", kind: .stringChar, prefixes: ["u8", "u", "U", "L"]),
            ],
            number: NumberSyntax(separators: separators, leadingDot: true, octalPrefix: false),
            numberKinds: true,
            leadingZeroOctal: true,
            identifier: identifier,
            operators: ByteSet("+\\-*%=&|^!<>~?:"),
            loneOperators: ByteSet("/"),
            escape: backslashEscape,
            before: rules,
            states: preprocessorStates + states
        )
    }

    /// A backslash and what it escapes: `\n`, `\x41`, `\101`, `\u00e9`, `\U0001F600`, `\u{1F600}`.
    static let backslashEscape: Pattern = {
        let hex = ByteSet("0-9a-fA-F")
        return .sequence([.text("\\"), .either([
            .sequence([.text("u{"), .run(hex, maximum: 6), .optional(.text("}"))]),
            .sequence([.run(ByteSet("xX"), maximum: 1), .run(hex, maximum: 2)]),
            .sequence([.text("u"), .run(hex, maximum: 4)]),
            .sequence([.text("U"), .run(hex, maximum: 8)]),
            .run(ByteSet("0-7"), maximum: 3),
            .character,
        ])])
    }()

    /// Words that are not a function's name, nor the type before one: before a name and `(`
    /// they make it a call (`return f(x)`), and before `(` they are keywords (`if (`).
    private static let cNotNames = [
        "return", "else", "case", "goto", "do", "new", "delete", "throw", "sizeof", "typeof", "alignof", "alignas",
        "decltype", "co_return", "co_await", "co_yield", "and", "or", "not", "xor", "using", "typedef", "operator",
        "if", "while", "for", "switch", "catch", "noexcept", "requires", "static_assert", "_Static_assert", "__attribute__",
        "defined", "_Generic", "_Alignof", "_Alignas",
    ].map { Array($0.utf8) }

    private static let cLabelKeywords = ["public", "private", "protected", "default"].map { Array($0.utf8) }

    /// A byte of a name: ASCII letters, digits, `_`, `$`, or part of a non-ASCII character.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 97 && lower <= 122) || (byte >= 48 && byte <= 57) || byte == 95 || byte == 36 || byte >= 0x80
    }

    /// Whether the bytes at `range` are one of `words`.
    static func isOne(of words: [[UInt8]], _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        words.contains { $0.count == range.count && $0.elementsEqual(bytes[range]) }
    }

    /// Where the name at `at` ends if it is the name in a function's declaration: followed by
    /// `(`, after a type on the same line (`int main(`, `char *name(`, `List<String> names(`,
    /// `bool Type::name(`), unless the word before is a statement's (`return f(`, `new
    /// Thing(`) or the name a keyword (`if (`). The grammars call it from matchers that capture
    /// nothing, as it is tried at every name.
    static func declaredFunctionEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, notNames: [[UInt8]], pointers: Bool) -> Int? {
        let count = bytes.count
        var end = at + 1
        while end < count, isNameByte(bytes[end]) { end += 1 }
        var next = end
        while next < count, bytes[next] == 32 || bytes[next] == 9 { next += 1 }
        guard next < count, bytes[next] == UInt8(ascii: "(") else { return nil }
        var before = at - 1
        // `Type::name(`: what comes before the qualifier counts.
        while before > 0, bytes[before] == UInt8(ascii: ":"), bytes[before - 1] == UInt8(ascii: ":") {
            before -= 2
            while before >= 0, isNameByte(bytes[before]) { before -= 1 }
        }
        let nameStart = before + 1
        while pointers, before >= 0, bytes[before] == UInt8(ascii: "*") || bytes[before] == UInt8(ascii: "&") { before -= 1 }
        while before >= 0, bytes[before] == 32 || bytes[before] == 9 { before -= 1 }
        guard before >= 0, before < nameStart - 1 else { return nil }
        let last = bytes[before]
        if last == UInt8(ascii: ">") || last == UInt8(ascii: "]") {
            guard before > 0, bytes[before - 1] != 32, bytes[before - 1] != 9 else { return nil }
        } else {
            guard isNameByte(last) else { return nil }
            var start = before
            while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
            guard bytes[start] > 57, !isOne(of: notNames, bytes, start..<before + 1) else { return nil }
        }
        return isOne(of: notNames, bytes, at..<end) ? nil : end
    }

    /// At a line feed: where the whitespace before a label ends (`retry:` first on its line),
    /// or `nil`. `keywords` are not labels (`default:`). Tried once a line, at the line feed,
    /// rather than at every name.
    static func labelIndentEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, keywords: [[UInt8]]) -> Int? {
        let count = bytes.count
        var start = at
        while start < count, bytes[start] == 32 || bytes[start] == 9 || bytes[start] == 10 || bytes[start] == 13 { start += 1 }
        guard start < count, isNameByte(bytes[start]), bytes[start] > 57 else { return nil }
        var end = start + 1
        while end < count, isNameByte(bytes[end]) { end += 1 }
        var next = end
        while next < count, bytes[next] == 32 || bytes[next] == 9 { next += 1 }
        guard next < count, bytes[next] == UInt8(ascii: ":"), next + 1 >= count || bytes[next + 1] != UInt8(ascii: ":"),
              !isOne(of: keywords, bytes, start..<end)
        else { return nil }
        return start
    }

    /// The types of the C library and POSIX that code uses as if they were keywords.
    private static let cTypes = """
    int long short char float double void signed unsigned _Bool bool _Complex _Imaginary _BitInt __int128 _Atomic \
    _Decimal32 _Decimal64 _Decimal128 size_t ssize_t ptrdiff_t off_t wchar_t wint_t intptr_t uintptr_t intmax_t \
    uintmax_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t int_least8_t int_least16_t \
    int_least32_t int_least64_t uint_least8_t uint_least16_t uint_least32_t uint_least64_t int_fast8_t int_fast16_t \
    int_fast32_t int_fast64_t uint_fast8_t uint_fast16_t uint_fast32_t uint_fast64_t FILE DIR va_list jmp_buf \
    time_t clock_t fpos_t sig_atomic_t div_t ldiv_t mbstate_t pid_t uid_t gid_t mode_t dev_t ino_t socklen_t \
    sigset_t timer_t clockid_t nfds_t
    """

    /// `#` first on its line, maybe indented, and the spaces after it.
    private static let hash = Pattern.sequence([.afterIndentation, .text("#"), .optional(.spaces)])

    private static let preprocessorEntries: [Rule] = [
        Rule(.sequence([hash, .oneOf(["include_next", "include", "import"]), .optionalSpaces,
                        .either([.delimited(open: Array("<".utf8), close: Array(">".utf8), escape: nil, nests: false, singleLine: true),
                                 .delimited(open: Array("\"".utf8), close: Array("\"".utf8), escape: nil, nests: false, singleLine: true)])]),
             .parts([.commentPreprocessor, .commentPreprocessor, .plain, .commentPreprocessorFile]), .push("preprocessor")),
        Rule(.sequence([hash, .text("if"), .spaces, .text("0"), .notAhead(.run(.identifierRest, maximum: 1))]),
             .commentPreprocessor, .push("if0")),
        Rule(hash, .commentPreprocessor, .push("preprocessor")),
    ]

    private static let preprocessorStates: [(String, [Rule])] = [
        // The rest of a directive, to the end of its line or of its continued lines.
        ("preprocessor", [
            Rule(.sequence([.text("\\"), .optional(.text("\r")), .lineEnd]), .commentPreprocessor),
            Rule(.ahead(.lineEnd), .plain, .pop),
            Rule(.sequence([.text("//"), .restOfLine]), .commentSingle, .pop),
            Rule(.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: false, singleLine: false), .commentMultiline),
            Rule(.run(ByteSet("/\\\n").inverted), .commentPreprocessor),
            Rule(.run(ByteSet("/\\"), maximum: 1), .commentPreprocessor),
        ]),
        // Code the preprocessor leaves out, up to the `#else`, `#elif` or `#endif` of its `#if 0`.
        ("if0", [
            Rule(.run(.spaces), .plain),
            Rule(.sequence([hash, .text("if"), .restOfLine]), .commentPreprocessor, .push("if0")),
            Rule(.sequence([hash, .oneOf(["else", "elif", "endif"]), .restOfLine]), .commentPreprocessor, .pop),
            Rule(.run(ByteSet("\n").inverted), .comment),
            Rule(.lineEnd, .plain),
        ]),
    ]
}
