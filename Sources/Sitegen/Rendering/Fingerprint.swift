/// A fingerprint of hashable values (stable within one process, which is all that comparing
/// one build's facts and outputs with the next's needs).
enum Fingerprint {
    static func of<each Value: Hashable>(_ values: repeat each Value) -> Int {
        var hasher = Hasher()
        repeat hasher.combine(each values)
        return hasher.finalize()
    }

    /// A fingerprint of `text`'s UTF-8 bytes: texts that differ in any byte differ (a `String`'s
    /// own hash treats canonically equivalent texts as equal, and normalizes non-ASCII text to
    /// do it, which for a whole page costs more than rendering it).
    static func ofBytes(_ text: String) -> Int {
        var text = text
        var hasher = Hasher()
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}
