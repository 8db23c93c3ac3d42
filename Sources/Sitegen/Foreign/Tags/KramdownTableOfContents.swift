import Foundation
import SitegenMarkdown

/// kramdown's table of contents in a Jekyll site's pages: a list of one item `TOC` followed by
/// `{:toc}` is replaced by a list of the page's headings, as kramdown replaces it:
///
/// ```
/// * TOC            <ul id="markdown-toc">
/// {:toc}      →      <li><a href="#install">Install</a>…</li>
///                  </ul>
/// ```
///
/// Headings marked `{:.no_toc}` (among other classes too) on the line after them are left out of it. The two lines
/// become a marker (an HTML comment on its own line) that ``marker`` opens, holding the left
/// out headings' texts, which the render replaces once the page's headings are known. Code is
/// not read.
enum KramdownTableOfContents {
    /// How the comment starts that stands for the table until the headings are known.
    static let marker = "<!--sitegen-toc-kramdown "

    /// `body` with each `* TOC` + `{:toc}` pair replaced by a marker, or `nil` when it has none.
    static func rewritten(_ body: Substring) -> String? {
        guard HTMLScan.contains("{:toc}", in: body) || HTMLScan.contains("{: toc}", in: body) else { return nil }
        var lines = body.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(Substring($0)) }
        var fences = IndentedBlocks.Fences()
        var code: Set<Int> = []
        for (index, line) in lines.enumerated() where fences.isCode(line[...]) { code.insert(index) }
        // The headings marked `{:.no_toc}`, by their text.
        var excluded: [String] = []
        for index in lines.indices.dropFirst() where !code.contains(index) && isNoTOC(lines[index]) {
            if let heading = headingText(lines[index - 1]) { excluded.append(heading) }
        }
        let payload = excluded.map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }.joined(separator: "+")
        var changed = false
        for index in lines.indices.dropFirst() where !code.contains(index) && !code.contains(index - 1) {
            let mark = lines[index].trimmingCharacters(in: .whitespacesAndNewlines)
            guard mark == "{:toc}" || mark == "{: toc}", isTOCItem(lines[index - 1]) else { continue }
            lines[index - 1] = marker + payload + "-->"
            lines[index] = ""
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// The headings' texts a marker's payload leaves out of the table.
    static func excluded(inPayload payload: Substring) -> Set<String> {
        Set(payload.split(separator: "+").compactMap { $0.removingPercentEncoding })
    }

    /// Whether `line` is a list item of the text `TOC` alone (`* TOC`, `- TOC`, `1. TOC`), up to three spaces in.
    private static func isTOCItem(_ line: String) -> Bool {
        let indented = line.prefix { $0 == " " }
        guard indented.count <= 3 else { return false }
        var rest = line.dropFirst(indented.count)
        if let first = rest.first, "*+-".contains(first) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9 else { return false }
            rest = rest.dropFirst(digits.count)
            guard let delimiter = rest.first, delimiter == "." || delimiter == ")" else { return false }
            rest = rest.dropFirst()
        }
        guard rest.first == " " || rest.first == "\t" else { return false }
        return rest.trimmingCharacters(in: .whitespacesAndNewlines) == "TOC"
    }

    /// Whether `line` is an attribute list alone that gives the class `no_toc` (`{:.no_toc}`,
    /// `{: .no_toc .text-delta }`).
    private static func isNoTOC(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("{:"), trimmed.hasSuffix("}"), !trimmed.hasPrefix("{::") else { return false }
        return trimmed.dropFirst(2).dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }).contains(".no_toc")
    }

    /// The text of an ATX heading line (`## Contents ##` → `Contents`), or `nil`.
    private static func headingText(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        let hashes = trimmed.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count), line.count - trimmed.count <= 3 else { return nil }
        let rest = trimmed.dropFirst(hashes.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("#") { text.removeLast() }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
