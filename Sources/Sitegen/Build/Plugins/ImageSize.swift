import Foundation

/// The pixel size of a PNG, GIF, JPEG or WebP file, read from its header.
enum ImageSize {
    /// The bytes of a header that holds the size: the first 64 KB (a JPEG's size comes after its
    /// metadata).
    static let headerBytes = 64 * 1024

    /// The size a file's first ``headerBytes`` give.
    static func of(_ header: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](header)
        func big16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func big32(_ at: Int) -> Int { big16(at) << 16 | big16(at + 2) }
        func little16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func little24(_ at: Int) -> Int { little16(at) | Int(bytes[at + 2]) << 16 }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return (big32(16), big32(20))
        }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            return (little16(6), little16(8))
        }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            switch String(decoding: bytes[12..<16], as: UTF8.self) {
            case "VP8 ": return (little16(26) & 0x3FFF, little16(28) & 0x3FFF)
            case "VP8L":
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X": return (little24(24) + 1, little24(27) + 1)
            default: return nil
            }
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var index = 2
            while index + 9 < bytes.count {
                guard bytes[index] == 0xFF else { return nil }
                let marker = bytes[index + 1]
                if marker == 0xFF { index += 1; continue }
                let length = big16(index + 2)
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    return (big16(index + 7), big16(index + 5))
                }
                index += 2 + length
            }
        }
        return nil
    }
}
