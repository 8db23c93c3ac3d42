import Foundation

/// The pixel size of a PNG, GIF, JPEG, WebP or SVG file as shown, read from its header (a
/// JPEG's EXIF orientation applied; an SVG's `width` and `height` in pixels, else its `viewBox`).
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
        // Text (an SVG starts with `<`, after a byte order mark or white space).
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "<") {
            return vectorSize(header)
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var index = 2
            // A phone's portrait photograph is stored on its side, with an EXIF orientation of
            // 5 to 8 that every browser follows: its width and height are swapped.
            var turned = false
            while index + 9 < bytes.count {
                guard bytes[index] == 0xFF else { return nil }
                let marker = bytes[index + 1]
                if marker == 0xFF { index += 1; continue }
                let length = big16(index + 2)
                if marker == 0xE1, let orientation = exifOrientation(bytes, segment: index + 4, end: min(bytes.count, index + 2 + length)) {
                    turned = (5...8).contains(orientation)
                }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    let (width, height) = (big16(index + 7), big16(index + 5))
                    return turned ? (height, width) : (width, height)
                }
                index += 2 + length
            }
        }
        return nil
    }

    /// An SVG's size: the `width` and `height` of its `<svg>` tag when both are in pixels (a
    /// number, or one with `px`), else the last two numbers of its `viewBox`.
    private static func vectorSize(_ header: Data) -> (width: Int, height: Int)? {
        let text = String(decoding: header.prefix(8192), as: UTF8.self)
        // The tag's end and its values' quotes by bytes (a `>` in a quoted value does not end it).
        guard let open = text.range(of: "<svg"), let close = HTMLScan.tagEnd(in: text.utf8, from: open.upperBound) else { return nil }
        let tag = text[open.upperBound..<close]
        func value(_ name: String) -> Substring? {
            for quote in ["\"", "'"] {
                guard let start = tag.range(of: " \(name)=\(quote)") ?? tag.range(of: "\n\(name)=\(quote)")
                        ?? tag.range(of: "\t\(name)=\(quote)"),
                      let end = tag.utf8[start.upperBound...].firstIndex(of: quote.utf8.first!) else { continue }
                return tag[start.upperBound..<end]
            }
            return nil
        }
        func pixels(_ length: Substring?) -> Int? {
            guard var length = length?.trimmingCharacters(in: .whitespaces) else { return nil }
            if length.hasSuffix("px") { length.removeLast(2) }
            guard let number = Double(length), number >= 1, number <= 100_000 else { return nil }
            return Int(number.rounded())
        }
        if let width = pixels(value("width")), let height = pixels(value("height")) { return (width, height) }
        let box = value("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        guard box.count == 4, box[2] >= 1, box[3] >= 1, box[2] <= 100_000, box[3] <= 100_000 else { return nil }
        return (Int(box[2].rounded()), Int(box[3].rounded()))
    }

    /// The EXIF orientation (1–8) in the APP1 segment whose data starts at `segment`, if it
    /// holds one: `Exif\0\0`, a TIFF header in either byte order, and tag 0x0112 in its first IFD.
    private static func exifOrientation(_ bytes: [UInt8], segment start: Int, end: Int) -> Int? {
        let tiff = start + 6
        guard tiff + 8 <= end, bytes[start..<tiff].elementsEqual(Array("Exif".utf8) + [0, 0]) else { return nil }
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at >= tiff, at + 2 <= end else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func read32(_ at: Int) -> Int? {
            guard let first = read16(at), let second = read16(at + 2) else { return nil }
            return little ? first | second << 16 : first << 16 | second
        }
        guard let offset = read32(tiff + 4), let count = read16(tiff + offset) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = tiff + offset + 2 + entry * 12
            guard let tag = read16(at) else { return nil }
            if tag == 0x0112 { return read16(at + 8) }
        }
        return nil
    }
}
