import Foundation

/// Byte-level searches over HTML the build made: quicker than `String` searches or regexes,
/// and exact, since the HTML is cmark's or the theme's, with attributes in double quotes.
enum HTMLScan {
    /// Whether `byte` is the white space HTML separates a tag's attributes with (space, tab,
    /// line feed, carriage return).
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The `>` that ends the tag whose name starts at `start`, over quoted attribute values
    /// (`<a title="x > y">`), a byte at a time (a tag is short); `nil` when none does. By bytes,
    /// as a browser reads code points: a `>` or quote followed by a combining mark is one still.
    static func tagEnd<Bytes: Collection<UInt8>>(in bytes: Bytes, from start: Bytes.Index) -> Bytes.Index? {
        var quote: UInt8?
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
            bytes.formIndex(after: &index)
        }
        return nil
    }

    /// The first occurrence of `needle` in `html`.
    static func range(of needle: String, in html: String) -> Range<String.Index>? {
        range(of: needle, in: html[...])
    }

    /// The first occurrence of `needle` in `text`.
    static func range(of needle: String, in text: Substring) -> Range<String.Index>? {
        var text = text
        return text.withUTF8 { haystack in
            firstOffset(of: Array(needle.utf8), in: haystack, from: 0)
        }.map { offset in
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            return start..<text.utf8.index(start, offsetBy: needle.utf8.count)
        }
    }

    /// Whether `text` holds `needle`: for any text, Markdown too, many times quicker than
    /// `StringProtocol.contains`, which goes through Foundation.
    static func contains(_ needle: String, in text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { firstOffset(of: Array(needle.utf8), in: $0, from: 0) } != nil
    }

    /// Every `␠NAME="VALUE"` in `html` whose name is one of `names`, in order of appearance.
    static func attributes(named names: [String], in html: UnsafeBufferPointer<UInt8>) -> [(name: String, value: String)] {
        let keys = names.map { Array(" \($0)=\"".utf8) }
        var found: [(offset: Int, name: String, value: String)] = []
        for (key, name) in zip(keys, names) {
            var offset = 0
            while let start = firstOffset(of: key, in: html, from: offset) {
                let valueStart = start + key.count
                guard let end = firstOffset(of: [UInt8(ascii: "\"")], in: html, from: valueStart) else { break }
                found.append((start, name, String(decoding: UnsafeBufferPointer(rebasing: html[valueStart..<end]), as: UTF8.self)))
                offset = end + 1
            }
        }
        if names.count > 1 { found.sort { $0.offset < $1.offset } }
        return found.map { ($0.name, $0.value) }
    }

    /// The offset of the first `<` at or after `start` followed by `letter` (a lowercase ASCII
    /// letter) in either case: 16 bytes at a time.
    static func firstTagOffset(startingWith letter: UInt8, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = haystack.baseAddress else { return nil }
        let count = haystack.count
        var offset = max(start, 0)
        let raw = UnsafeRawPointer(base)
        let opening = SIMD16<UInt8>(repeating: UInt8(ascii: "<")), lowered = SIMD16<UInt8>(repeating: letter)
        let caseBit = SIMD16<UInt8>(repeating: 0x20)
        while offset + 17 <= count {
            let here = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            let next = raw.loadUnaligned(fromByteOffset: offset + 1, as: SIMD16<UInt8>.self)
            let hits = (here .== opening) .& ((next | caseBit) .== lowered)
            if any(hits) {
                for lane in 0..<16 where hits[lane] { return offset + lane }
            }
            offset += 16
        }
        while offset + 1 < count {
            if base[offset] == UInt8(ascii: "<"), base[offset + 1] | 0x20 == letter { return offset }
            offset += 1
        }
        return nil
    }

    /// The offset of `needle` in `haystack` at or after `start`: 16 places at a time, each
    /// looked at for the needle's first two bytes together (a pair such as `<i` is rare in HTML
    /// and text, where each byte alone is common), then a compare.
    private static func firstOffset(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = haystack.baseAddress, start >= 0, !needle.isEmpty, needle.count <= haystack.count - start else { return nil }
        let count = haystack.count
        // The last place the needle can start.
        let last = count - needle.count
        guard needle.count >= 2 else {
            return memchr(base + start, Int32(needle[0]), last - start + 1).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base }
        }
        let raw = UnsafeRawPointer(base)
        let first = SIMD16<UInt8>(repeating: needle[0]), second = SIMD16<UInt8>(repeating: needle[1])
        return needle.withUnsafeBytes { bytes in
            var offset = start
            // Each round reads 17 bytes: the 16 places and the byte after the last.
            while offset + 17 <= count, offset <= last {
                let here = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                let next = raw.loadUnaligned(fromByteOffset: offset + 1, as: SIMD16<UInt8>.self)
                let hits = (here .== first) .& (next .== second)
                if any(hits) {
                    for lane in 0..<16 where hits[lane] {
                        let candidate = offset + lane
                        if candidate <= last, memcmp(base + candidate, bytes.baseAddress!, bytes.count) == 0 { return candidate }
                    }
                }
                offset += 16
            }
            while offset <= last {
                if base[offset] == needle[0], memcmp(base + offset, bytes.baseAddress!, bytes.count) == 0 { return offset }
                offset += 1
            }
            return nil
        }
    }
}
