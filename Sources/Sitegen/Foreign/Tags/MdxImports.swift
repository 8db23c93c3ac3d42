import Foundation
import SitegenMarkdown

/// MDX's imports in a page's Markdown, as Docusaurus reads them, done before the page's
/// includes (``MdBookIncludes``):
///
/// ```
/// import Note from './_note.md';     →   (a blank line)
///
/// <Note />                           →   {{#mdx_partial ./_note.md}}
/// ```
///
/// A block of `import … from '…'` (or `import '…'`) lines standing between blank lines outside
/// code is MDX's, not text: it is left out, its lines kept blank. A component imported from a
/// Markdown file (`.md`, `.mdx`), written alone on its line (`<Note />`), is that file's text
/// without its front matter, read as an include is (from the page's folder, never from outside the site). Docusaurus'
/// `<TOCInline toc={toc} />` is a list of the page's headings (`toc.slice(1)` without the
/// first), of levels 2 and 3 as Docusaurus lists them. A page that imports itself is not
/// put into itself. Other components (React's) are left as they are.
enum MdxImports {
    /// Whether `body` may hold an import block: an MDX import line (``importLine(_:)``) at its
    /// start or after a blank line (code's `import` lines mostly follow a fence or other code,
    /// and most name no quoted path: `import Foundation`), found by byte search.
    static func mayHold(_ body: Substring) -> Bool {
        func isImport(at start: String.Index) -> Bool {
            let line = body[start...].utf8.prefix { $0 != 10 }
            return importLine(String(Substring(line))) != nil
        }
        if body.utf8.starts(with: "import ".utf8), isImport(at: body.startIndex) { return true }
        var rest = body
        while let found = HTMLScan.range(of: "\nimport ", in: rest) {
            // The line before it, back to its start, holds only blanks.
            let before = body.utf8[..<found.lowerBound].reversed().prefix { $0 != 10 }
            if before.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }), isImport(at: body.utf8.index(after: found.lowerBound)) { return true }
            rest = body[found.upperBound...]
        }
        return false
    }

    /// `body` with its imports done, or `nil` when it has none.
    static func rewritten(_ body: Substring, at pagePath: String = "") -> String? {
        guard mayHold(body) else { return nil }
        // Split at the byte: splitting at the Character walks every grapheme of the page.
        var lines = body.utf8.split(separator: 10, omittingEmptySubsequences: false).map { Substring($0) }
        var fences = IndentedBlocks.Fences()
        var partials: [String: String] = [:]
        var changed = false
        // By bytes: pages of code with `import` lines in it are common.
        let isBlank = { (index: Int) in index < 0 || index >= lines.count || lines[index].utf8.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }
        let startsImport = { (line: Substring) in line.utf8.starts(with: "import ".utf8) }
        var index = 0
        while index < lines.count {
            guard !fences.isCode(lines[index]), startsImport(lines[index]), isBlank(index - 1), importLine(String(lines[index])) != nil
            else { index += 1; continue }
            // A block of import lines, then a blank line (or the end).
            var end = index
            while end < lines.count, startsImport(lines[end]), importLine(String(lines[end])) != nil { end += 1 }
            guard isBlank(end) else { index = end; continue }
            for line in index..<end {
                if case let (name?, path)? = importLine(String(lines[line])), path.hasSuffix(".md") || path.hasSuffix(".mdx") || path == tableOfContents {
                    partials[name] = path
                }
                lines[line] = ""
            }
            changed = true
            index = end
        }
        if !partials.isEmpty {
            var fences = IndentedBlocks.Fences()
            for (number, line) in lines.enumerated() where !fences.isCode(line) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("<"), trimmed.hasSuffix("/>") else { continue }
                let tag = trimmed.dropFirst().dropLast(2).trimmingCharacters(in: .whitespaces)
                let name = String(tag.prefix { !$0.isWhitespace })
                if let path = partials[name], name == tag, !names(path, pagePath) {
                    lines[number] = Substring("{{#mdx_partial " + path + "}}")
                    changed = true
                } else if partials[name] == tableOfContents {
                    // `toc={toc.slice(1)}` leaves out the first entry (a negative one lists none of them here).
                    var skipped = 0
                    if let slice = tag.range(of: "toc.slice(") {
                        let number = tag[slice.upperBound...].prefix { $0.isNumber || $0 == "-" }
                        skipped = Int(number).map { $0 < 0 ? 1_000 : $0 } ?? 0
                    }
                    lines[number] = Substring(tableOfContentsMarker(skipping: skipped))
                    changed = true
                }
            }
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// Whether the import path `path` (from the folder of the page at `pagePath`) names the page itself.
    private static func names(_ path: String, _ pagePath: String) -> Bool {
        guard !pagePath.isEmpty else { return false }
        var components = URLPath.folder(of: pagePath).split(separator: "/").map(String.init)
        for component in path.split(separator: "/") {
            if component == ".." { _ = components.popLast() } else if component != "." { components.append(String(component)) }
        }
        return components.joined(separator: "/") == pagePath
    }

    /// What Docusaurus' `TOCInline` component is imported from.
    private static let tableOfContents = "@theme/TOCInline"

    /// How the HTML comment starts that stands for a `<TOCInline />` until the page's headings
    /// are known (``TableOfContents/inlined(in:headings:)``); the number of entries it leaves
    /// out and `-->` follow.
    static let tableOfContentsMarker = "<!--sitegen-toc-inline "

    private static func tableOfContentsMarker(skipping skipped: Int) -> String {
        tableOfContentsMarker + "\(min(skipped, 1_000))-->"
    }

    /// The name and path an import line gives (`import Note from './_note.md';` → `Note`,
    /// `./_note.md`; `import './x.css';` → no name), or `nil` for any other line.
    static func importLine(_ line: String) -> (name: String?, path: String)? {
        var rest = Substring(line)
        guard rest.hasPrefix("import ") else { return nil }
        rest = rest.dropFirst("import ".count)
        while rest.last == " " || rest.last == "\t" || rest.last == "\r" || rest.last == ";" { rest = rest.dropLast() }
        guard let quote = rest.last, quote == "'" || quote == "\"" else { return nil }
        let inner = rest.dropLast()
        guard let open = inner.lastIndex(of: quote) else { return nil }
        let path = String(inner[inner.index(after: open)...])
        let before = inner[..<open].trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty, !path.contains(where: { $0 == "\n" || $0 == "}" }) else { return nil }
        if before.isEmpty { return (nil, path) }
        guard before.hasSuffix(" from") || before == "from" else { return nil }
        let binding = before.dropLast("from".count).trimmingCharacters(in: .whitespaces)
        guard !binding.isEmpty else { return nil }
        let isName = binding.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        return (isName ? binding : nil, path)
    }
}
