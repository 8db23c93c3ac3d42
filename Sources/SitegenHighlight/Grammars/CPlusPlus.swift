extension Grammars {
    static let cpp = CFamily.cLanguage(
        keywords: """
        auto break case const continue default do else extern for goto if inline register return sizeof static switch \
        volatile while alignas alignof constexpr consteval constinit static_assert thread_local asm catch const_cast \
        delete dynamic_cast explicit export friend mutable new noexcept operator private protected public \
        reinterpret_cast static_cast template this throw try typeid using virtual decltype override final co_await \
        co_return co_yield requires import module and and_eq bitand bitor compl not not_eq or or_eq xor xor_eq \
        __attribute__ __restrict
        """,
        declarations: "struct union enum typedef class concept typename",
        types: "char8_t char16_t char32_t",
        builtins: "true false NULL nullptr",
        classKeywords: "struct union enum class concept typename",
        separators: ByteSet("'"),
        stringPrefixes: ["u8", "u", "U", "L"],
        before: [
            // `enum class Colour`: the name after `class` is the enum's.
            Rule(.sequence([.text("enum"), .spaces, .oneOf(["class", "struct"]), .spaces, .identifier]),
                 .parts([.keywordDeclaration, .plain, .keywordDeclaration, .plain, .nameClass])),
            Rule(.sequence([.text("namespace"), .run(.whitespace), .identifier]), .parts([.keywordNamespace, .plain, .nameNamespace])),
            Rule(.sequence([.oneOf(["u8R", "uR", "UR", "LR", "R"]), .custom(first: ByteSet("\""), match: cppRawString)]),
                 .parts([.stringAffix, .stringDouble])),
        ]
    ).grammar

    /// `"delimiter(…)delimiter"` after the `R` of a raw string: no escapes, any number of lines,
    /// ended by `)`, the delimiter (up to 16 characters) and a quote; unterminated, it runs to
    /// the end of the code.
    private static let cppRawString: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = {
        let notInDelimiter = ByteSet(" \\)\t\n\"")
        return { bytes, at in
            let count = bytes.count
            guard at < count, bytes[at] == UInt8(ascii: "\"") else { return nil }
            var index = at + 1
            let delimiterStart = index
            while index < count, bytes[index] != UInt8(ascii: "(") {
                if index - delimiterStart >= 16 || notInDelimiter.contains(bytes[index]) { return nil }
                index += 1
            }
            guard index < count else { return nil }
            let delimiter = delimiterStart..<index
            index += 1
            while index < count {
                if bytes[index] == UInt8(ascii: ")") {
                    var end = index + 1
                    var matches = true
                    for offset in delimiter {
                        if end >= count || bytes[end] != bytes[offset] { matches = false; break }
                        end += 1
                    }
                    if matches, end < count, bytes[end] == UInt8(ascii: "\"") { return end + 1 }
                }
                index += 1
            }
            return count
        }
    }()
}
