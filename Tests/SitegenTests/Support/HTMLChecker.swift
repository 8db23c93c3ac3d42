import Foundation

/// Checks that HTML is well formed: every element closed in order (void elements excepted),
/// attributes quoted, no stray `<`. Returns the problems found.
enum HTMLChecker {
    private static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                                                    "meta", "source", "track", "wbr"]

    static func problems(in html: String) -> [String] {
        var problems: [String] = []
        var open: [String] = []
        var rest = html[...]
        while let start = rest.firstIndex(of: "<") {
            rest = rest[start...]
            if rest.hasPrefix("<!--") {
                guard let end = rest.range(of: "-->") else { return problems + ["unclosed comment"] }
                rest = rest[end.upperBound...]
                continue
            }
            guard let end = rest.firstIndex(of: ">") else { return problems + ["unclosed tag"] }
            let tag = rest[rest.index(after: rest.startIndex)..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("!") { continue }   // doctype
            if tag.hasPrefix("/") {
                let name = tag.dropFirst().lowercased().trimmingCharacters(in: .whitespaces)
                guard let last = open.popLast() else { problems.append("</\(name)> closes nothing"); continue }
                if last != name { problems.append("</\(name)> closes <\(last)>") }
                continue
            }
            let name = String(tag.prefix { $0.isLetter || $0.isNumber }).lowercased()
            guard !name.isEmpty else { problems.append("stray < before \(tag.prefix(20))"); continue }
            if tag.filter({ $0 == "\"" }).count % 2 != 0 { problems.append("unbalanced quotes in <\(tag.prefix(40))>") }
            if !voidElements.contains(name) && !tag.hasSuffix("/") { open.append(name) }
        }
        if !open.isEmpty { problems.append("unclosed: \(open.joined(separator: ", "))") }
        return problems
    }
}

import Foundation

extension String {
    /// The HTML without the `<span>` tags highlighting puts in code, for tests about the code's text.
    var withoutSpans: String {
        replacingOccurrences(of: "<span class=\"[a-z0-9 ]*\">", with: "", options: .regularExpression)
            .replacingOccurrences(of: "</span>", with: "")
    }
}
