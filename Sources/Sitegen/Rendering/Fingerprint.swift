/// A fingerprint of hashable values (stable within one process, which is all that comparing
/// one build's facts and outputs with the next's needs).
enum Fingerprint {
    static func of<each Value: Hashable>(_ values: repeat each Value) -> Int {
        var hasher = Hasher()
        repeat hasher.combine(each values)
        return hasher.finalize()
    }
}
