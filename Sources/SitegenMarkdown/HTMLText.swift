/// Escaping for text put into HTML.
package enum HTMLText {
    /// Escapes `&`, `<`, `>` and `"` for a double-quoted attribute value or text.
    package static func escapeAttribute(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
