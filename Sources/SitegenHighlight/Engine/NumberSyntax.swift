/// How a language writes numbers: `0x`, `0b`, `0o` prefixes, digit separators, and the
/// letters that may follow (`u8`, `f32`, `L`, `n`).
struct NumberSyntax: Sendable {
    var separators = ByteSet("_")
    var suffixes = ByteSet("a-zA-Z0-9_")
    var leadingDot = false
    var octalPrefix = true

    func match(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        var index = at
        func digits(_ set: ByteSet) {
            while index < count, set.contains(bytes[index]) || (index > at && separators.contains(bytes[index])) { index += 1 }
        }
        guard index < count else { return nil }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < count {
            let prefix = bytes[index + 1] | 0x20
            let set: ByteSet? = prefix == UInt8(ascii: "x") ? ByteSet("0-9a-fA-F")
                : prefix == UInt8(ascii: "b") ? ByteSet("01")
                : prefix == UInt8(ascii: "o") && octalPrefix ? ByteSet("0-7") : nil
            if let set, index + 2 < count, set.contains(bytes[index + 2]) {
                index += 2
                digits(set)
                while index < count, suffixes.contains(bytes[index]) { index += 1 }
                return index
            }
        }
        if bytes[index] == UInt8(ascii: ".") {
            guard leadingDot, index + 1 < count, ByteSet.digits.contains(bytes[index + 1]) else { return nil }
        } else {
            guard ByteSet.digits.contains(bytes[index]) else { return nil }
            digits(.digits)
        }
        if index + 1 < count, bytes[index] == UInt8(ascii: "."), ByteSet.digits.contains(bytes[index + 1]) {
            index += 1
            digits(.digits)
        }
        if index + 1 < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var exponent = index + 1
            if exponent < count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
            if exponent < count, ByteSet.digits.contains(bytes[exponent]) {
                index = exponent
                digits(.digits)
            }
        }
        while index < count, suffixes.contains(bytes[index]) { index += 1 }
        return index
    }
}
