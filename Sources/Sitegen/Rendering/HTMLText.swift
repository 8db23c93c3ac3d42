/// Escaping for text put into HTML, and into XML (feeds, sitemaps).
enum HTMLText {
    /// Escapes `&`, `<`, `>` and `"` for an attribute value or text.
    static func escapeAttribute(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
