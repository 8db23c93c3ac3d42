/// URLs for the XML files sitegen writes (the feeds and the sitemap), which a reader rejects
/// whole for one bad character, where a browser would show an HTML page anyway. (Their text is
/// escaped by the templates' XML escaping, ``SitegenTemplates/TemplateEscaping/xml``.)
enum XMLText {
    /// An absolute URL for an XML file: every byte a URL may not hold as it is (spaces, letters
    /// outside ASCII, quotes, a `%` that starts no escape) percent-encoded, escapes already there
    /// kept. (A template's XML escaping does the rest.)
    static func percentEncoded(_ url: String) -> String {
        if url.utf8.allSatisfy({ urlBytes[Int($0)] }) { return url }
        let bytes = Array(url.utf8)
        var encoded = ""
        encoded.reserveCapacity(bytes.count + 8)
        for (index, byte) in bytes.enumerated() {
            let startsEscape = byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            if urlBytes[Int(byte)] || startsEscape {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// What a URL may hold as it is (RFC 3986: unreserved and reserved characters), by byte.
    private static let urlBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=".utf8 { table[Int(byte)] = true }
        return table
    }()
}
