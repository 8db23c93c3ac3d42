extension CFamily {
    /// The base of C, C++ and Objective-C: C's types and words, the preprocessor (`#include
    /// <file>`, directives continued over lines, `#if 0` blocks as comments), labels, and
    /// numbers with C's suffixes and leading-zero octals. Each language adds its own words,
    /// rules (tried first) and states.
    static func cLanguage(keywords: String, declarations: String, types: String, builtins: String, pseudo: String = "",
                          classKeywords: String, separators: ByteSet = ByteSet(), stringPrefixes: [String],
                          before: [Rule] = [], states: [(String, [Rule])] = []) -> CFamily {
        let identifier = Pattern.word(start: ByteSet.identifierStart.union(ByteSet("$")), rest: ByteSet.identifierRest.union(ByteSet("$")))
        let rules: [Rule] = preprocessorEntries + [label] + before
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
            stringFallbacks: true,
            before: rules,
            states: preprocessorStates + states
        )
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

    private static let spacesOrNone = Pattern.optional(.spaces)
    /// `#` first on its line, maybe indented, and the spaces after it.
    private static let hash = Pattern.sequence([.afterIndentation, .text("#"), .optional(.spaces)])

    private static let preprocessorEntries: [Rule] = [
        Rule(.sequence([hash, .oneOf(["include_next", "include", "import"]), spacesOrNone,
                        .either([.delimited(open: Array("<".utf8), close: Array(">".utf8), escape: nil, nests: false, singleLine: true),
                                 .delimited(open: Array("\"".utf8), close: Array("\"".utf8), escape: nil, nests: false, singleLine: true)])]),
             .parts([.commentPreprocessor, .commentPreprocessor, .plain, .commentPreprocessorFile]), .push("preprocessor")),
        Rule(.sequence([hash, .text("if"), .spaces, .text("0"), .notAhead(.run(.identifierRest, maximum: 1))]),
             .commentPreprocessor, .push("if0")),
        Rule(hash, .commentPreprocessor, .push("preprocessor")),
    ]

    /// `retry:` first on its line; access specifiers and `default:` are keywords.
    private static let label = Rule(
        .sequence([.afterIndentation, .notAhead(.sequence([.oneOf(["public", "private", "protected", "default"]), .notAhead(.run(.identifierRest, maximum: 1))])),
                   .identifier, spacesOrNone, .text(":"), .notAhead(.text(":"))]),
        .parts([.plain, .plain, .nameLabel, .plain, .punctuation, .plain]))

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
