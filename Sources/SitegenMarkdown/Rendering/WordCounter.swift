import Foundation

/// Counts the words a reader sees in rendered HTML: runs of non-space characters in the
/// text between tags. Tags are skipped without ending a word, so `foo<em>bar</em>` is one
/// word, as it reads.
///
/// Text runs are read eight bytes at a time: a word starts at each byte that is not a space
/// and follows one, which a few integer operations find in all eight at once.
package enum WordCounter {
    /// The words of `html`.
    package static func count(_ html: String) -> Int {
        var html = html
        return html.withUTF8(count)
    }

    static func count(_ html: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = html.baseAddress else { return 0 }
        var words = 0
        // Whether the byte before the next one ends a word (a space, or the start).
        var afterSpace = true
        var index = 0
        let count = html.count
        while index < count {
            if index + 8 <= count {
                let bytes = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if zeroBytes(bytes ^ repeated(UInt8(ascii: "<"))) == 0 {
                    let spaces = spaceBytes(bytes)
                    let previous = spaces << 8 | (afterSpace ? highBits & 0xFF : 0)
                    words += (~spaces & previous & highBits).nonzeroBitCount
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
            let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
            if !isSpace && afterSpace { words += 1 }
            afterSpace = isSpace
            index += 1
        }
        return words
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
