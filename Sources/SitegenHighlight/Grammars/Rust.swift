extension Grammars {
    static let rust = CFamily(
        keywords: """
        as async await box break const continue crate dyn else extern for if in loop match move mut pub ref return \
        static super unsafe where while abstract become do final macro override priv typeof try unsized virtual yield
        """,
        declarations: "let fn struct enum trait type union impl mod",
        namespaces: "use",
        types: "u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 char str bool",
        constants: "true false",
        // The prelude: what every module sees without a `use`.
        builtins: """
        Copy Send Sized Sync Unpin Drop Fn FnMut FnOnce drop Box ToOwned Clone PartialEq PartialOrd Eq Ord AsRef AsMut \
        Into From Default Iterator Extend IntoIterator DoubleEndedIterator ExactSizeIterator Option Some None Result Ok \
        Err String ToString Vec
        """,
        pseudo: "self Self",
        functionKeywords: "fn",
        classKeywords: "struct enum type union trait",
        blockComment: ("/*", "*/", true),
        // Rust strings may span lines; `b"…"` holds bytes and `c"…"` a C string. Not as prefixes,
        // which would be tried at every name that starts with `b` or `c`.
        quotes: [
            .init(open: "\"", close: "\"", multiline: true),
            .init(open: "b\"", close: "\"", multiline: true),
            .init(open: "c\"", close: "\"", multiline: true),
        ],
        // No suffix letters: `10u8` is the number and then its type, as Pygments has it.
        number: NumberSyntax(suffixes: ByteSet()),
        numberKinds: true,
        operators: ByteSet("+\\-*%=&|^!<>~?:@"),
        punctuation: ByteSet("()[]{},;.#"),
        loneOperators: ByteSet("/"),
        escape: CFamily.backslashEscape,
        before: [
            // Doc comments: `///` and `/** */` (but not `////` or `/***`), and `//!` and `/*! */`.
            Rule(.either([
                .sequence([.text("///"), .notAhead(.text("/")), .restOfLine]),
                .sequence([.text("//!"), .restOfLine]),
                .sequence([.ahead(.sequence([.text("/**"), .notAhead(.run(ByteSet("*/"), maximum: 1))])), rustBlockComment]),
                .sequence([.ahead(.text("/*!")), rustBlockComment]),
            ]), .stringDoc),
            Rule(.sequence([.text("#"), .optional(.text("!")), .text("[")]), .commentPreprocessor, .push("attribute")),
            Rule(.custom(first: ByteSet("rbc"), match: rustRawString), .stringDouble),
            Rule(.sequence([.text("r#"), .identifier]), .name),
            Rule(.sequence([.optional(.text("b")), .text("'"), .either([rustEscape, .character]), .text("'")]), .stringChar),
            Rule(.sequence([.text("break"), .spaces, .text("'"), .identifier]), .parts([.keyword, .plain, .nameLabel, .nameLabel])),
            Rule(.sequence([.text("continue"), .spaces, .text("'"), .identifier]), .parts([.keyword, .plain, .nameLabel, .nameLabel])),
            Rule(.sequence([.text("'"), .oneOf(["static", "_"]), .notAhead(.run(.identifierRest, maximum: 1))]), .parts([.operator, .nameBuiltin, .plain])),
            Rule(.sequence([.text("'"), .identifier]), .parts([.operator, .nameAttribute])),
            Rule(.text("'"), .operator),
            Rule(.sequence([.text("$"), .optional(.identifier)]), .commentPreprocessor),
            Rule(.sequence([.text("mod"), .run(.whitespace), .identifier]), .parts([.keywordDeclaration, .plain, .nameNamespace])),
            .words(WordTable.List(words: [(.nameFunction, rustMacros)], caseInsensitive: false), otherwise: nil,
                   pattern: .custom(first: ByteSet("acdefgilmopstuvw"), match: { bytes, at in rustMacroEnd(bytes, at) })),
        ],
        states: [
            // `#[derive(Debug)]`: the whole attribute is a preprocessor comment, but for its strings.
            ("attribute", [
                Rule(.text("["), .commentPreprocessor, .push("attribute")),
                Rule(.text("]"), .commentPreprocessor, .pop),
                Rule(.delimited(open: Array("\"".utf8), close: Array("\"".utf8), escape: UInt8(ascii: "\\"), nests: false, singleLine: false), .stringDouble),
                Rule(.run(ByteSet("[]\"").inverted), .commentPreprocessor),
            ]),
        ]
    ).grammar

    /// The standard library's macros, with their `!` (the macro rule only tries names that start
    /// with their first letters).
    private static let rustMacros = """
    asm! assert! assert_eq! assert_ne! cfg! column! compile_error! concat! dbg! debug_assert! debug_assert_eq! \
    debug_assert_ne! env! eprint! eprintln! file! format! format_args! global_asm! include! include_bytes! include_str! \
    line! macro_rules! matches! module_path! option_env! panic! print! println! stringify! thread_local! todo! \
    unimplemented! unreachable! vec! write! writeln! is_x86_feature_detected! is_arm_feature_detected!
    """

    /// The end of `name!` (not `name != …`), the call of a macro.
    private static func rustMacroEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        var end = at
        while end < count, CFamily.isNameByte(bytes[end]) { end += 1 }
        guard end < count, bytes[end] == UInt8(ascii: "!"), end + 1 >= count || bytes[end + 1] != UInt8(ascii: "=") else { return nil }
        return end + 1
    }

    private static let rustBlockComment = Pattern.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: true, singleLine: false)

    /// The escape of a character literal: `\n`, `\x7f`, `\u{1F600}`.
    private static let rustEscape = Pattern.sequence([.text("\\"), .character, .optional(.run(ByteSet("0-9a-fA-F{}"), maximum: 8))])

    /// `r"…"`, `r#"…"#`, `br##"…"##`, `cr"…"`: a raw string ends at a quote followed by as many
    /// hashes as it began with; unterminated, it runs to the end of the code.
    private static let rustRawString: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, at in
        let count = bytes.count, quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        var index = at
        if bytes[index] != UInt8(ascii: "r") { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: "r") else { return nil }
        index += 1
        var hashes = 0
        while index < count, bytes[index] == hash { hashes += 1; index += 1 }
        guard index < count, bytes[index] == quote else { return nil }
        index += 1
        while index < count {
            if bytes[index] == quote {
                var end = index + 1, closing = 0
                while closing < hashes, end < count, bytes[end] == hash { closing += 1; end += 1 }
                if closing == hashes { return end }
            }
            index += 1
        }
        return count
    }
}
