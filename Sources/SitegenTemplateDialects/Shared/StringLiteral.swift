/// A text written as a double-quoted string literal with backslash escapes: JSON for Liquid's
/// `jsonify` and Hugo's `jsonify`, Go's syntax for `printf "%q"`. The three differ only in
/// which characters they escape and how they write a control character.
enum StringLiteral {
    enum Style {
        /// JSON: control characters as `\u001f`.
        case json
        /// JSON that is also safe inside HTML and JavaScript, as Go's `encoding/json` writes it:
        /// `<`, `>`, `&`, U+2028 and U+2029 as `\u003c` and so on.
        case htmlSafeJSON
        /// Go: control characters and DEL as `\x1f`.
        case go
    }

    static func quoted(_ text: String, as style: Style) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where style == .htmlSafeJSON && "<>&\u{2028}\u{2029}".unicodeScalars.contains(scalar):
                output += unicodeEscape(scalar)
            case _ where style == .go && (scalar.value < 0x20 || scalar.value == 0x7F):
                let hex = String(scalar.value, radix: 16)
                output += "\\x" + (hex.count < 2 ? "0" : "") + hex
            case _ where scalar.value < 0x20:
                output += unicodeEscape(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// `\u` and four hex digits: only for scalars below U+10000.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
