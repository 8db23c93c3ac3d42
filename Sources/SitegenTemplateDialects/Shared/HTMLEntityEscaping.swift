/// The entity escaping Liquid's and Tera's filters share: `&`, `<`, `>` and `"` always, `'`
/// and `/` only in the dialects that escape them, each its own way.
enum HTMLEntityEscaping {
    /// `text` with `& < > "` as `&amp; &lt; &gt; &quot;`, and `'` and `/` as `apostrophe` and
    /// `slash` where given (left as they are otherwise).
    static func escape(_ text: String, apostrophe: String? = nil, slash: String? = nil) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += apostrophe ?? "'"
            case "/": escaped += slash ?? "/"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
