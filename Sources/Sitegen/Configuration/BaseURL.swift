/// The forms `baseURL` (in `sitegen.yml`, or `--base-url`) may take: an `http://` or
/// `https://` URL with a host (`https://example.org/blog/`), or a path from the root of a host
/// (`/`, `/blog/`). Anything else would make broken or unsafe links on every page: another
/// scheme (`ftp:`, `javascript:`), a host without a scheme (`example.org`, read as a folder),
/// `//host` (another site), white space, quotes, `<`, `>` or a `?query` or `#fragment`.
package enum BaseURL {
    /// What is wrong with `value` as a base URL, or `nil` when it is fine.
    package static func problem(with value: String) -> String? {
        let path: Substring
        if value.hasPrefix("http://") || value.hasPrefix("https://") {
            let afterScheme = value[value.index(after: value.firstIndex(of: ":")!)...].dropFirst(2)
            let host = afterScheme.prefix { $0 != "/" }
            guard !host.isEmpty, host.allSatisfy(isHostCharacter) else {
                return "needs a host name after the scheme, such as https://example.org/"
            }
            path = afterScheme.dropFirst(host.count)
        } else if value.hasPrefix("/") && !value.hasPrefix("//") {
            path = value[...]
        } else {
            return "must be an http:// or https:// URL, such as https://example.org/, or a path starting with /, such as /blog/"
        }
        var bytes = path.utf8[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard let high = bytes.popFirst(), let low = bytes.popFirst(), isHexDigit(high), isHexDigit(low) else {
                    return "has a % that does not start an escape such as %20"
                }
            } else if !pathBytes.contains(byte) {
                return "cannot contain \(byte == UInt8(ascii: " ") ? "spaces" : byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "characters outside ASCII"); percent-encode such characters (a space is %20)"
            }
        }
        return nil
    }

    /// The path part of a base URL that has no ``problem(with:)``, without its trailing slashes:
    /// `""` for `https://example.org/` and `/`, `/blog` for `https://example.org/blog/` and `/blog/`.
    package static func path(of value: String) -> String {
        var path = Substring(value)
        if let schemeEnd = value.range(of: "://") {
            path = value[schemeEnd.upperBound...].drop { $0 != "/" }
        }
        while path.hasSuffix("/") { path.removeLast() }
        return String(path)
    }

    private static func isHostCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-.:[]".contains(character))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// What a URL path may hold besides escapes: RFC 3986 `pchar` and `/`, less `'` (it would end
    /// a quoted attribute in some templates).
    private static let pathBytes = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~!$&()*+,;=:@".utf8))
}
