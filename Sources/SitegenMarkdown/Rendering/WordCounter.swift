import Foundation

/// Counts the words a reader sees in rendered HTML: runs of non-space characters in the
/// text between tags. Tags are skipped without ending a word, so `foo<em>bar</em>` is one
/// word, as it reads. Chinese and Japanese, written without spaces, count each character
/// (a Han ideograph or a kana) as a word, as Hugo counts them, and their punctuation
/// (`、`, `。`, full-width `！`) as a space.
///
/// Text runs are read eight bytes at a time: a word starts at each byte that is not a space
/// and follows one, which a few integer operations find in all eight at once. Runs with
/// bytes of other scripts are read byte by byte.
package enum WordCounter {
    /// Words of spaced scripts and characters of Chinese and Japanese, counted apart.
    package struct Tally: Equatable {
        /// Words separated by spaces.
        package var words = 0
        /// Han ideographs and kana, each a word.
        package var characters = 0

        package init(words: Int = 0, characters: Int = 0) {
            self.words = words
            self.characters = characters
        }

        /// Both: the words as Hugo's `WordCount` counts them.
        package var total: Int { words + characters }

        /// Minutes to read, at least one: 220 words a minute, 500 characters a minute.
        package var readingMinutes: Int {
            // words / 220 + characters / 500, rounded up, in whole numbers: 5,500 is 220 × 25 and 500 × 11.
            max(1, (words * 25 + characters * 11 + 5_499) / 5_500)
        }
    }

    /// The words of `html` (characters of Chinese and Japanese included).
    package static func count(_ html: String) -> Int {
        tally(html).total
    }

    /// The words and the characters of `html`, apart.
    package static func tally(_ html: String) -> Tally {
        var html = html
        return html.withUTF8(tally)
    }

    static func tally(_ html: UnsafeBufferPointer<UInt8>) -> Tally {
        guard let base = html.baseAddress else { return Tally() }
        var tally = Tally()
        // Whether the byte before the next one ends a word (a space, or the start).
        var afterSpace = true
        var index = 0
        let count = html.count
        while index < count {
            if index + 8 <= count {
                let bytes = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if zeroBytes(bytes ^ repeated(UInt8(ascii: "<"))) == 0, bytes & highBits == 0 {
                    let spaces = spaceBytes(bytes)
                    let previous = spaces << 8 | (afterSpace ? highBits & 0xFF : 0)
                    tally.words += (~spaces & previous & highBits).nonzeroBitCount
                    afterSpace = spaces >> 63 != 0
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte == UInt8(ascii: "<") {
                guard let close = memchr(base + index, Int32(UInt8(ascii: ">")), count - index) else { break }
                index = base.distance(to: close.assumingMemoryBound(to: UInt8.self)) + 1
                continue
            }
            // Three-byte UTF-8 sequences hold the CJK blocks (U+3000…U+9FFF, U+F900…U+FFEF).
            if byte >= 0xE3, byte <= 0xEF, index + 2 < count {
                let scalar = UInt32(byte & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6 | UInt32(base[index + 2] & 0x3F)
                switch scalar {
                case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F:
                    tally.characters += 1
                    afterSpace = true
                    index += 3
                    continue
                case 0x3000...0x303F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF5B...0xFF65:
                    afterSpace = true
                    index += 3
                    continue
                default:
                    break
                }
            }
            let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
            if !isSpace && afterSpace { tally.words += 1 }
            afterSpace = isSpace
            index += 1
        }
        return tally
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    private static func repeated(_ byte: UInt8) -> UInt64 {
        UInt64(byte) &* 0x0101_0101_0101_0101
    }

    /// The high bit of each byte of `word` that is zero.
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ lowBits) | word | lowBits)
    }

    /// The high bit of each byte of `word` that is a space: U+0020 or U+0009…U+000D.
    private static func spaceBytes(_ word: UInt64) -> UInt64 {
        let low = word & lowBits
        let atLeastTab = low &+ repeated(0x80 - 0x09)
        let pastCarriageReturn = low &+ repeated(0x80 - 0x0E)
        return zeroBytes(word ^ repeated(0x20)) | (atLeastTab & ~pastCarriageReturn & ~word & highBits)
    }
}
