extension Grammars {
    static let c = CFamily.cLanguage(
        keywords: """
        auto break case const continue default do else extern for goto if inline register restrict return sizeof static \
        switch volatile while alignas alignof constexpr static_assert thread_local typeof typeof_unqual asm noreturn \
        _Alignas _Alignof _Generic _Noreturn _Static_assert _Thread_local __attribute__ __asm__ __inline __restrict
        """,
        declarations: "struct union enum typedef",
        types: "",
        builtins: "true false NULL nullptr",
        classKeywords: "struct union enum",
        // C23 separates digits as C++ does: `1'000'000`.
        separators: ByteSet("'"),
        stringPrefixes: ["u8", "u", "U", "L"]
    ).grammar
}
