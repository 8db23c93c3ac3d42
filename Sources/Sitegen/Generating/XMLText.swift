/// Text and URLs for the XML files sitegen writes (the feeds and the sitemap), which a reader
/// rejects whole for one bad character, where a browser would show an HTML page anyway.
enum XMLText {
    /// `text` for an XML 1.0 element or double-quoted attribute: `&`, `<`, `>` and `"` escaped,
    /// and the characters XML 1.0 does not allow at all (control characters other than tab, line
    /// feed and carriage return; U+FFFE and U+FFFF) dropped, as no escape can carry them.
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isPlain($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where !isAllowed(scalar): continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An absolute URL for an XML file: every byte a URL may not hold as it is (spaces, letters
    /// outside ASCII, quotes, a `%` that starts no escape) percent-encoded, escapes already there
    /// kept. (A template's XML escaping does the rest.)
    static func percentEncoded(_ url: String) -> String {
        let bytes = Array(url.utf8)
        var encoded = ""
        encoded.reserveCapacity(bytes.count + 8)
        for (index, byte) in bytes.enumerated() {
            let startsEscape = byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            if urlBytes.contains(byte) || startsEscape {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// Whether XML 1.0 allows `scalar` in a document (its `Char` production).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Whether `scalar` is written as it is: allowed, and not one that is escaped.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        isAllowed(scalar) && scalar != "&" && scalar != "<" && scalar != ">" && scalar != "\""
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// What a URL may hold as it is (RFC 3986: unreserved and reserved characters).
    private static let urlBytes = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=".utf8))
}
