/// A set of bytes, tested in one step.
struct ByteSet: Sendable, Hashable {
    private var low: UInt64 = 0, lowHigh: UInt64 = 0, highLow: UInt64 = 0, high: UInt64 = 0

    init() {}

    /// The bytes of an ASCII string, where `a-z`, `A-F` and `0-7` stand for ranges (any other `-` is itself).
    init(_ spec: String) {
        let bytes = Array(spec.utf8)
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"),
               ByteSet.alphanumeric(bytes[index]), ByteSet.alphanumeric(bytes[index + 2]), bytes[index] < bytes[index + 2] {
                for byte in bytes[index]...bytes[index + 2] { insert(byte) }
                index += 3
            } else {
                insert(bytes[index])
                index += 1
            }
        }
    }

    /// Every byte from 0x80 up: the bytes of non-ASCII UTF-8 characters.
    static let nonASCII: ByteSet = {
        var set = ByteSet()
        for byte in UInt8(0x80)...UInt8(0xFF) { set.insert(byte) }
        return set
    }()

    static let all = ByteSet().inverted

    private static func alphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122)
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return low & bit != 0
        case 1: return lowHigh & bit != 0
        case 2: return highLow & bit != 0
        default: return high & bit != 0
        }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: low |= bit
        case 1: lowHigh |= bit
        case 2: highLow |= bit
        default: high |= bit
        }
    }

    func union(_ other: ByteSet) -> ByteSet {
        var set = self
        set.low |= other.low; set.lowHigh |= other.lowHigh; set.highLow |= other.highLow; set.high |= other.high
        return set
    }

    /// Every byte not in the set.
    var inverted: ByteSet {
        var set = self
        set.low = ~low; set.lowHigh = ~lowHigh; set.highLow = ~highLow; set.high = ~high
        return set
    }

    var isEmpty: Bool { low == 0 && lowHigh == 0 && highLow == 0 && high == 0 }

    static let letters = ByteSet("a-zA-Z_")
    static let identifierStart = ByteSet("a-zA-Z_").union(.nonASCII)
    static let identifierRest = ByteSet("a-zA-Z0-9_").union(.nonASCII)
    static let digits = ByteSet("0-9")
    static let spaces = ByteSet(" \t")
    static let whitespace = ByteSet(" \t\r\n")
}
