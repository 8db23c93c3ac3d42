import Foundation

/// A look through a body's bytes for one byte, with `memchr`: the cheap test, before any tree
/// is walked, of whether a body may hold what a pass looks for (most bodies hold none of it).
enum ByteSearch {
    /// Whether `body` holds `byte`.
    static func contains(_ byte: UInt8, in body: Substring) -> Bool {
        any(byte, in: body) { _, _, _ in true }
    }

    /// Whether `test` holds at some place of `body` that holds `byte`; `test` gets the place,
    /// and the body's first byte and end.
    static func any(_ byte: UInt8, in body: Substring,
                    where test: (_ at: UnsafePointer<UInt8>, _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let end = base + bytes.count
            var cursor = base
            while cursor < end, let found = memchr(cursor, Int32(byte), end - cursor) {
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
                if test(at, base, end) { return true }
                cursor = at + 1
            }
            return false
        }
    }
}
