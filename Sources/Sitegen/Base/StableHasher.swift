/// A 64-bit digest that is the same in every process (Swift's `Hasher` is seeded anew in each
/// one), for fingerprints that a later build — in this process or the next — compares.
/// Eight bytes a step: digesting a page's HTML costs less than rendering it.
package struct StableHasher {
    package init() {}

    private var state: UInt64 = 0x243F_6A88_85A3_08D3
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    package mutating func combine(_ word: UInt64) {
        state = (state ^ word) &* Self.multiplier
        state ^= state >> 29
    }

    package mutating func combine(_ value: Int) {
        combine(UInt64(bitPattern: Int64(value)))
    }

    package mutating func combine(_ value: Bool) {
        combine(value ? 1 as UInt64 : 2)
    }

    package mutating func combine(_ value: Double) {
        combine(value.bitPattern)
    }

    /// The bytes, after their count (so that `"ab" + "c"` and `"a" + "bc"` differ).
    package mutating func combine(bytes: UnsafeRawBufferPointer) {
        combine(UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        combine(tail)
    }

    /// The text's UTF-8 bytes: texts that differ in any byte differ (a `String`'s own hash
    /// treats canonically equivalent texts as equal, and normalizes non-ASCII text to do it).
    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The digest of everything combined (mixed so that every bit depends on every input bit).
    package func finalize() -> UInt64 {
        var value = state
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    /// The digest of one text.
    package static func digest(_ text: String) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(text)
        return hasher.finalize()
    }

    /// The digest of `bytes` alone: ``digest(_:)`` of the text they are the UTF-8 of.
    package static func digest(bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }
}
