import Foundation

/// Chinese and Japanese characters, for ``MarkdownParser/Options/eastAsianLineBreaks``: the
/// scripts written without spaces between words, whose line breaks are not spaces.
enum EastAsianText {
    /// Whether `scalar` is written without spaces around it: Han (with its extensions and
    /// compatibility forms), hiragana, katakana, bopomofo, CJK symbols and punctuation
    /// (`、。「」`), and full-width forms (`，！：`). Not Hangul: Korean puts spaces between words.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF,   // CJK radicals, Kangxi radicals
             0x3000...0x303F,   // CJK symbols and punctuation
             0x3040...0x30FF,   // hiragana, katakana
             0x3100...0x312F,   // bopomofo
             0x31F0...0x31FF,   // katakana phonetic extensions
             0x3400...0x4DBF,   // Han extension A
             0x4E00...0x9FFF,   // Han
             0xF900...0xFAFF,   // Han compatibility
             0xFE30...0xFE4F,   // CJK compatibility forms
             0xFF00...0xFF60,   // full-width forms
             0xFF61...0xFF9F,   // half-width katakana
             0x20000...0x3FFFF: // Han extensions B and beyond
            true
        default:
            false
        }
    }

    /// Whether `body` has a line that ends in a wide character: a cheap look (one pass for line
    /// ends, then at most four bytes back from each) before any tree is walked. Most bodies,
    /// with no such line, cost one `memchr`-like pass.
    static func mayBreakLine(in body: Substring) -> Bool {
        ByteSearch.any(UInt8(ascii: "\n"), in: body) { lineEnd, start, _ in
            // The character before: three bytes (U+0800…U+FFFF) or four (beyond); any wide one has a lead byte of 0xE2 or more.
            for length in [3, 4] where lineEnd - start >= length && (lineEnd - length).pointee >= 0xE2 {
                let bytes = UnsafeBufferPointer(start: lineEnd - length, count: length)
                if let scalar = Unicode.UTF8.decode(bytes), isWide(scalar) { return true }
            }
            return false
        }
    }
}

private extension Unicode.UTF8 {
    /// The one scalar `bytes` encode, or `nil` when they are not exactly one.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), iterator.next() == nil else { return nil }
        return scalar
    }
}
