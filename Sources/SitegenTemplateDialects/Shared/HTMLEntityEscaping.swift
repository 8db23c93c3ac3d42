/// The entity escaping Liquid's and Tera's filters share: `&`, `<`, `>` and `"` always, `'`
/// and `/` only in the dialects that escape them, each its own way.
enum HTMLEntityEscaping {
    /// `text` with `& < > "` as `&amp; &lt; &gt; &quot;`, and `'` and `/` as `apostrophe` and
    /// `slash` where given (left as they are otherwise).
    static func escape(_ text: String, apostrophe: String? = nil, slash: String? = nil) -> String {
        // Scalar by scalar: a `"` followed by a combining mark is one Character, and must be
        // escaped all the same.
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: (apostrophe ?? "'").unicodeScalars)
            case "/": escaped.append(contentsOf: (slash ?? "/").unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
