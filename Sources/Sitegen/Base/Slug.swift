/// The one rule that turns a name into a URL path component: for content files and folders,
/// `slug:` values, taxonomy terms and `sitegen new post` titles.
///
/// As Hugo does: lowercased; white space, `/` and `\` become `-` (a run of them one `-`, merged
/// with a `-` beside it, none at either end); letters and digits of any script are kept, and
/// `-`, `_`, `.`, `~`, `+`, `#` and `@`; anything else (`?`, `%`, `!`, quotes, emoji…) is
/// dropped. So `C# tips` is
/// `c#-tips`, `Café` `café`, `node.js` `node.js`, `100%` `100`, `What?` `what`. Links
/// percent-encode what they must (`/c%23-tips/`, `/caf%C3%A9/`); the file keeps the name
/// (`c#-tips/index.html`), so that a web server finds it.
///
/// A name of which nothing but dots would be left (`???`, `..`) is kept instead, lowercased,
/// with white space as `-` and dots as `-`, so that every name has a URL and none leaves its folder.
package enum Slug {
    /// The slug of `text`; empty only when `text` is empty or white space.
    package static func make(_ text: String) -> String {
        if let slug = asciiSlug(text) { return slug }
        var slug = ""
        var pendingSpace = false
        for character in text.lowercased() {
            if character.isWhitespace || character == "/" || character == "\\" {
                if !slug.isEmpty { pendingSpace = true }
                continue
            }
            guard character.isLetter || character.isNumber || kept.contains(character) else { continue }
            if pendingSpace {
                if slug.last != "-" && character != "-" { slug.append("-") }
                pendingSpace = false
            }
            slug.append(character)
        }
        if slug.allSatisfy({ $0 == "." }) {
            let words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "/" || $0 == "\\" })
            return words.joined(separator: "-").replacingOccurrences(of: ".", with: "-")
        }
        return slug
    }

    private static let kept: Set<Character> = ["-", "_", ".", "~", "+", "#", "@"]

    /// ``make(_:)`` by bytes for an ASCII name that keeps more than dots (nearly every name);
    /// `nil` for any other, which takes the Unicode path.
    private static func asciiSlug(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        var onlyDots = true
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case 0x09...0x0D, 0x20, UInt8(ascii: "/"), UInt8(ascii: "\\"):
                if !bytes.isEmpty { pendingSpace = true }
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"),
                 UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                break
            default:
                continue
            }
            let lowered = byte | (UInt8(ascii: "A")...UInt8(ascii: "Z") ~= byte ? 0x20 : 0)
            if pendingSpace {
                if bytes.last != UInt8(ascii: "-") && lowered != UInt8(ascii: "-") { bytes.append(UInt8(ascii: "-")) }
                pendingSpace = false
            }
            onlyDots = onlyDots && lowered == UInt8(ascii: ".")
            bytes.append(lowered)
        }
        return onlyDots ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
