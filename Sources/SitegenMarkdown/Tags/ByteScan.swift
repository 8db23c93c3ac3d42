import Foundation

/// Finding a byte in a page's text with `memchr`: the quick looks that decide, for every
/// page, whether the readers of tags and math need to run at all.
enum ByteScan {
    /// The offset of the first `byte` of `bytes` at or after `start`.
    static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether some `byte` of `bytes` makes `holds(bytes, offset)` true.
    static func any(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ holds: (Int) -> Bool) -> Bool {
        var start = 0
        while let offset = first(byte, in: bytes, from: start) {
            if holds(offset) { return true }
            start = offset + 1
        }
        return false
    }
}
