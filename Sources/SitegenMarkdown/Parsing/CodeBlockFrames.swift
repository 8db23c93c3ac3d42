import Foundation

/// What other generators put around fenced code blocks, read from their info strings on cmark's
/// tree (with ``MarkdownParser/Options/generatorSyntax``):
///
/// - a title above the block, as a file name: `title="app.js"` (Docusaurus, MkDocs Material,
///   Starlight), `{filename=hugo.toml}` (the Hugo themes hugo-book, Hextra and Docsy's
///   hooks), `,name=config.toml` (Zola):
///   `<figure class="code-block"><figcaption>app.js</figcaption><pre>…</pre></figure>`;
/// - tabs of blocks one after the other whose info strings hold the word `tab` (Docusaurus'
///   tab blocks plugin): each block is a tab, labelled `JavaScript` for `js`, `TypeScript`
///   for `ts` and by its language otherwise, or as `tab={"label": "Node"}` says;
///   `tab={"span": 2}` puts that block and the next one in one tab. The tabs are the bundled
///   themes' `.tabs`, which work without JavaScript.
///
/// - Docusaurus' `npm2yarn` blocks (`` ```bash npm2yarn ``): tabs `npm`, `Yarn` and `pnpm`,
///   the block's npm commands written for each (``PackageManagerCommands``).
///
/// The block itself stays cmark's `<pre><code>`, and the code block modifiers see only it.
enum CodeBlockFrames {
    /// Whether `body` may hold a fence whose info string frames it: a line that starts (after
    /// blanks and quotes' `>`) with three backticks or tildes, and holds `title=`, `filename=`,
    /// `name=` or `tab` after them.
    static func mayHold(_ body: Substring) -> Bool {
        mayHold(body, fence: UInt8(ascii: "`")) || mayHold(body, fence: UInt8(ascii: "~"))
    }

    private static func mayHold(_ body: Substring, fence: UInt8) -> Bool {
        ByteSearch.any(fence, in: body) { at, start, end in
            guard end - at > 3, at[1] == fence, at[2] == fence else { return false }
            var before = at
            while before > start, [32, 9, 62].contains(before[-1]) { before -= 1 }
            guard before == start || before[-1] == 10 else { return false }
            var lineEnd = at + 3
            while lineEnd < end, lineEnd.pointee != 10 { lineEnd += 1 }
            let info = UnsafeBufferPointer(start: at + 3, count: lineEnd - at - 3)
            return infoWords.contains { word in
                info.count >= word.count && (0...(info.count - word.count)).contains { start in info[start..<start + word.count].elementsEqual(word) }
            }
        }
    }

    /// What an info string that frames its block holds, by bytes: `name=` (`filename=` too),
    /// `title=`, `tab`, `npm2yarn`.
    private static let infoWords = ["name=", "title=", "tab", "npm2yarn"].map { Array($0.utf8) }

    /// Frames the code blocks under `root` whose info strings ask for it.
    static func make(under root: OpaquePointer) {
        var blocks = CmarkNodes.nodes(.codeBlock, under: root)
        var grouped: Set<OpaquePointer> = []
        var sets = 0
        // Docusaurus' npm2yarn: the block's npm commands, then as Yarn and pnpm write them, as tabs.
        for block in blocks {
            let info = CmarkNodes.info(of: block)
            var words = info.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.dropFirst().contains("npm2yarn") else { continue }
            words.removeAll { $0 == "npm2yarn" }
            let shownInfo = words.joined(separator: " ")
            CmarkNodes.setInfo(of: block, to: shownInfo)
            let code = CmarkNodes.literal(of: block)
            let converted = PackageManagerCommands.Tool.allCases.map { ($0.label, CmarkNodes.codeBlock(PackageManagerCommands.converted(code, to: $0), info: shownInfo)) }
            sets += 1
            guard tabSet(before: block, panels: [("npm", [block])] + converted.map { ($0.0, [$0.1]) }, number: sets) != nil else {
                converted.forEach { CmarkNodes.free($0.1) }
                continue
            }
            blocks += converted.map(\.1)
            grouped.insert(block)
        }
        for block in blocks where !grouped.contains(block) {
            guard TabMeta(info: CmarkNodes.info(of: block)) != nil else { continue }
            // A set: tab blocks one after the other (a span's blocks need not be tab blocks).
            var tabs: [(label: String, blocks: [OpaquePointer])] = []
            var node: OpaquePointer? = block
            while let current = node, CmarkNodes.kind(of: current) == .codeBlock, let meta = TabMeta(info: CmarkNodes.info(of: current)) {
                var members = [current]
                node = CmarkNodes.next(after: current)
                while members.count < meta.span, let next = node, CmarkNodes.kind(of: next) == .codeBlock {
                    members.append(next)
                    node = CmarkNodes.next(after: next)
                }
                let language = language(of: current)
                tabs.append((meta.label ?? defaultLabels[language] ?? language, members))
            }
            sets += 1
            guard tabSet(before: block, panels: tabs, number: sets) != nil else { continue }
            for tab in tabs { grouped.formUnion(tab.blocks) }
        }
        for block in blocks {
            guard let title = title(in: CmarkNodes.info(of: block)) else { continue }
            let figure = CmarkNodes.block(opening: "<figure class=\"code-block\"><figcaption>" + HTMLText.escapeAttribute(title) + "</figcaption>",
                                          closing: "</figure>")
            guard CmarkNodes.insert(figure, before: block) else { continue }
            CmarkNodes.unlink(block)
            CmarkNodes.append(block, to: figure)
        }
    }

    /// A set of tabs put before `first`, the `number`th of the page, each tab's blocks moved
    /// into its panel (blocks made for it go there too); `nil` when cmark refused it there.
    private static func tabSet(before first: OpaquePointer, panels: [(label: String, blocks: [OpaquePointer])], number set: Int) -> OpaquePointer? {
        let tabs = CmarkNodes.block(opening: "<div class=\"tabs\">", closing: "</div>")
        guard CmarkNodes.insert(tabs, before: first) else {
            CmarkNodes.free(tabs)
            return nil
        }
        for (number, tab) in panels.enumerated() {
            let id = "code-tabs-\(set)-\(number + 1)"
            let panel = CmarkNodes.block(
                opening: "<input type=\"radio\" class=\"tab-input\" name=\"code-tabs-\(set)\" id=\"\(id)\"" + (number == 0 ? " checked" : "")
                    + "><label class=\"tab-label\" for=\"\(id)\">" + HTMLText.escapeAttribute(tab.label) + "</label><div class=\"tab-panel\">",
                closing: "</div>")
            CmarkNodes.append(panel, to: tabs)
            for member in tab.blocks {
                CmarkNodes.unlink(member)
                CmarkNodes.append(member, to: panel)
            }
        }
        return tabs
    }

    /// The labels of Docusaurus' tab blocks plugin for languages it names.
    private static let defaultLabels = ["js": "JavaScript", "ts": "TypeScript"]

    /// The first word of a block's info string.
    private static func language(of block: OpaquePointer) -> String {
        String(CmarkNodes.info(of: block).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "{" }).first ?? "")
    }

    /// What `tab` or `tab={…}` in an info string says: how many blocks the tab holds, and its label.
    struct TabMeta {
        var span = 1
        var label: String?

        /// `nil` when the info string holds no word `tab` after its language.
        init?(info: String) {
            let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst()
            guard let word = words.first(where: { $0 == "tab" || $0.hasPrefix("tab={") }) else { return nil }
            guard word.hasPrefix("tab=") else { return }
            // The JSON may hold blanks (`tab={"label": "Node"}`): it runs to its last `}`.
            let start = info.range(of: "tab={")!.lowerBound
            let rest = info[info.index(start, offsetBy: 4)...]
            guard let close = rest.lastIndex(of: "}"),
                  let options = try? JSONDecoder().decode(Options.self, from: Data(rest[...close].utf8)) else { return }
            if let span = options.span { self.span = min(max(span, 1), 1_000) }
            label = options.label
        }

        /// The JSON after `tab=`.
        private struct Options: Decodable {
            let span: Int?
            let label: String?
        }
    }

    /// The title `title=`, `filename=` or `name=` gives in an info string (quoted, or a word
    /// up to a blank, `,` or `}`), if one does.
    static func title(in info: String) -> String? {
        let bytes = Array(info.utf8)
        var index = 0
        while index < bytes.count {
            // A key starts the string or follows a blank, `,` or `{`.
            guard index == 0 || [32, 9, 44, 123].contains(bytes[index - 1]) else { index += 1; continue }
            for key in ["title=", "filename=", "name="] where bytes[index...].starts(with: key.utf8) {
                var start = index + key.utf8.count, end = start
                if start < bytes.count, bytes[start] == 34 || bytes[start] == 39 {
                    let quote = bytes[start]
                    start += 1
                    end = bytes[start...].firstIndex(of: quote) ?? bytes.count
                } else {
                    while end < bytes.count, ![32, 9, 44, 125].contains(bytes[end]) { end += 1 }
                }
                let title = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                return title.isEmpty ? nil : title
            }
            index += 1
        }
        return nil
    }
}
