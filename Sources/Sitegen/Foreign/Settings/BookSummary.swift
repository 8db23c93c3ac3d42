import SitegenLimits

/// An mdBook `SUMMARY.md`: the book's chapters in reading order, nested as its lists nest,
/// grouped under its part headings. The docs theme's navigation and every page's previous and
/// next page follow it.
///
/// Read as mdBook writes it: a first `#` heading before any chapter is the summary's title
/// (not shown); later `#` headings are part titles, each a group of the chapters below it;
/// `[Title](file.md)` on its own line is a chapter outside the numbered list (a prefix or
/// suffix chapter); `- [Title](file.md)` items are chapters, nested by indentation; a draft
/// chapter `[Title]()` is skipped (chapters nested in it move up a level); `---` separators
/// and other text are ignored.
struct BookSummary: Sendable, Hashable {
    /// A chapter or a part heading.
    struct Entry: Sendable, Hashable {
        /// The link text (code spans' backticks left out), or the part's title.
        let title: String
        /// The chapter's file, relative to the content folder (empty when the link leads out of
        /// it or is a URL); `nil` for a part heading.
        let path: String?
        /// Its line in `SUMMARY.md`.
        let line: Int
        /// The link's target as written; empty for a part heading.
        var target = ""
        /// The chapters nested in it.
        var children: [Entry] = []
    }

    /// Chapters nest at most this deep; deeper items are read as siblings of the deepest.
    static let maximumDepth = Limits.summaryDepth

    /// The `SUMMARY.md` file, relative to the content folder.
    let sourcePath: String
    /// The chapters and parts, in order.
    let entries: [Entry]

    /// The chapters' files in reading order, each once.
    var readingOrder: [String] {
        var seen: Set<String> = []
        var order: [String] = []
        func walk(_ entries: [Entry]) {
            for entry in entries {
                if let path = entry.path, seen.insert(path).inserted { order.append(path) }
                walk(entry.children)
            }
        }
        walk(entries)
        return order
    }

    /// Every chapter (not the parts), in order.
    var chapters: [Entry] {
        var found: [Entry] = []
        func walk(_ entries: [Entry]) {
            for entry in entries {
                if entry.path != nil { found.append(entry) }
                walk(entry.children)
            }
        }
        walk(entries)
        return found
    }

    /// The chapters `entries`, given by a configuration (`sourcePath` empty) or a summary file.
    init(sourcePath: String, entries: [Entry]) {
        self.sourcePath = sourcePath
        self.entries = entries
    }

    /// Reads the summary `body` of the file at `sourcePath`, whose first line is line
    /// `firstLine`. Paths are relative to the summary's folder.
    init(body: Substring, sourcePath: String, firstLine: Int = 1) {
        self.sourcePath = sourcePath
        let folder = URLPath.folder(of: sourcePath)
        /// An entry being read: a draft keeps its place until its children move up.
        struct Open {
            let indent: Int
            var entry: Entry
            let isDraft: Bool
        }
        var roots: [Entry] = []
        var partOpen = false
        var sawTitle = false
        var stack: [Open] = []
        var inFence: Substring?
        func attach(_ open: Open) {
            let children = open.isDraft ? open.entry.children : [open.entry]
            if !stack.isEmpty {
                stack[stack.count - 1].entry.children += children
            } else if partOpen, let last = roots.indices.last {
                roots[last].children += children
            } else {
                roots += children
            }
        }
        func close(downTo indent: Int) {
            while let top = stack.last, top.indent >= indent {
                stack.removeLast()
                attach(top)
            }
        }
        for (offset, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = firstLine + offset
            let text = line.trimmingCharacters(in: .whitespaces)
            if let fence = inFence {
                if text.hasPrefix(fence) { inFence = nil }
                continue
            }
            if text.hasPrefix("```") || text.hasPrefix("~~~") {
                inFence = text.prefix(3)
                continue
            }
            if text.hasPrefix("#") {
                let marks = text.prefix { $0 == "#" }
                let rest = text.dropFirst(marks.count)
                // `#hashtag` is text, not a heading.
                guard marks.count <= 6, rest.first == " " || rest.first == "\t" else { continue }
                let title = rest.trimmingCharacters(in: .whitespaces)
                guard !title.isEmpty else { continue }
                close(downTo: 0)
                if !sawTitle && roots.isEmpty {
                    sawTitle = true
                    continue
                }
                sawTitle = true
                roots.append(Entry(title: title, path: nil, line: number))
                partOpen = true
                continue
            }
            var indent = 0
            for character in line {
                if character == " " { indent += 1 } else if character == "\t" { indent += 4 } else { break }
            }
            let isItem = ["- ", "* ", "+ "].contains { text.hasPrefix($0) }
            let linkText = isItem ? text.dropFirst(2).trimmingCharacters(in: .whitespaces) : text
            guard linkText.hasPrefix("["), let (title, target) = Self.link(linkText) else { continue }
            let path = target.isEmpty ? nil : Self.contentPath(target, folder: folder)
            let open = Open(indent: isItem ? indent : 0, entry: Entry(title: title, path: path, line: number, target: target),
                            isDraft: target.isEmpty)
            if isItem {
                close(downTo: indent)
                // Deeper items become siblings of the deepest: the navigation is drawn by recursion.
                if stack.count >= Self.maximumDepth, let deepest = stack.last { close(downTo: deepest.indent) }
                stack.append(open)
            } else {
                // A chapter outside the list ends the part before it.
                close(downTo: 0)
                partOpen = false
                attach(open)
            }
        }
        close(downTo: 0)
        // A part all of whose chapters are drafts shows nothing.
        entries = roots.filter { $0.path != nil || !$0.children.isEmpty }
    }

    /// The link text and target of `[text](target) …`; `nil` when it is not a link.
    private static func link(_ text: String) -> (String, String)? {
        var depth = 0
        var inCode = false
        var index = text.startIndex
        var close: String.Index?
        while index < text.endIndex {
            let character = text[index]
            if character == "\\" && !inCode {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if character == "`" { inCode.toggle() }
            if !inCode {
                if character == "[" { depth += 1 }
                if character == "]" {
                    depth -= 1
                    if depth == 0 { close = index; break }
                }
            }
            index = text.index(after: index)
        }
        guard let close, text[text.index(after: close)...].hasPrefix("("),
              let end = text[close...].firstIndex(of: ")") else { return nil }
        let title = text[text.index(after: text.startIndex)..<close].replacingOccurrences(of: "`", with: "")
            .replacingOccurrences(of: "\\", with: "")
        var target = text[text.index(close, offsetBy: 2)..<end].trimmingCharacters(in: .whitespaces)
        if target.hasPrefix("<") && target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
        return (title.trimmingCharacters(in: .whitespaces), target)
    }

    /// A chapter's target as a path relative to the content folder: its `#anchor` dropped,
    /// percent-escapes decoded, `.`/`..` resolved from `folder`; an empty string when it leads
    /// out of the content folder or is a URL.
    private static func contentPath(_ target: String, folder: String) -> String {
        let withoutAnchor = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !withoutAnchor.contains("://"), !withoutAnchor.hasPrefix("/") else { return "" }
        let decoded = URLPath.decoded(withoutAnchor)
        return URLPath.normalize(folder.isEmpty ? decoded : folder + "/" + decoded) ?? ""
    }
}
