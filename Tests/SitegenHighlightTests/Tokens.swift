import Foundation
import SitegenHighlight

/// The tokens the highlighter makes of `code`, as `class:text` (plain text as `:text`), with
/// tokens of spaces only left out, so tests read like the code: `["kd:let", "n:x", "o:=", "mi:1"]`.
func tokens(_ code: String, _ language: String) -> [String] {
    guard let html = Highlighter().highlight(code, language: language) else { return ["unknown language"] }
    var result: [String] = []
    var rest = Substring(html)
    while !rest.isEmpty {
        if rest.hasPrefix("<span class=\""), let quote = rest.dropFirst(13).firstIndex(of: "\""),
           let close = rest.range(of: "</span>") {
            let kind = rest[rest.index(rest.startIndex, offsetBy: 13)..<quote]
            let text = rest[rest.index(after: rest.index(after: quote))..<close.lowerBound]
            result.append("\(kind):\(unescaped(text))")
            rest = rest[close.upperBound...]
        } else {
            let end = rest.range(of: "<span class=\"")?.lowerBound ?? rest.endIndex
            let text = unescaped(rest[..<end])
            for part in text.split(whereSeparator: \.isWhitespace) { result.append(":" + part) }
            rest = rest[end...]
        }
    }
    return result
}

private func unescaped(_ text: Substring) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
}
