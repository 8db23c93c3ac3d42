extension Pattern {
    /// `#!` and the rest of the line, at the very start of the code only.
    static let hashbang = Pattern.custom(first: ByteSet("#")) { bytes, at in
        guard at == 0, bytes.count > 1, bytes[1] == UInt8(ascii: "!") else { return nil }
        var end = 2
        while end < bytes.count, bytes[end] != 10 { end += 1 }
        return end
    }
}
