/// The tags of a Mustache template that decide how templates include each other — partials
/// (`{{> name}}`), layouts (`{{<name}}…{{/name}}`) and the sections around them — read as
/// the engine reads them, set delimiters (`{{=<% %>=}}`) included, in one pass without
/// recursion, so that a template nested too deep is found before it is parsed.
struct TemplateTags {
    /// A partial or layout named by a template.
    struct Reference {
        enum Kind { case partial, layout }

        let kind: Kind
        /// The template named; for a dynamic name (`{{>*key}}`), the key.
        let name: String
        /// `{{>*key}}`: the template's name is read from the data at render time.
        let isDynamic: Bool
        /// The line of the tag, from 1.
        let line: Int
        /// How many sections, blocks and layouts enclose the tag.
        let depth: Int
        /// Whether a section (`{{#key}}`) encloses the tag: what it includes is rendered only
        /// while the data has that key, which a recursion through lists needs to end.
        let isInsideSection: Bool
    }

    /// The partials and layouts the template names, in order.
    private(set) var references: [Reference] = []
    /// The most sections, blocks and layouts open at one place, and the line of that place.
    private(set) var depth = 0
    private(set) var deepestLine = 1
    /// Whether the scan stopped at `limit` levels of nesting.
    private(set) var isTooDeep = false

    /// Scans `text`, stopping once more than `limit` sections, blocks and layouts are open at once.
    init(_ text: String, limit: Int) {
        let bytes = Array(text.utf8)
        var opening: [UInt8] = Array("{{".utf8)
        var closing: [UInt8] = Array("}}".utf8)
        // What is open: its name, its kind, the delimiters outside it (a delimiter change inside
        // a section ends with the section), and for a layout the index of its reference.
        var open: [(name: ArraySlice<UInt8>, sigil: UInt8, opening: [UInt8], closing: [UInt8], reference: Int?)] = []
        var line = 1
        var position = 0
        var counted = 0
        func countLines(to end: Int) {
            while counted < end {
                if bytes[counted] == UInt8(ascii: "\n") { line += 1 }
                counted += 1
            }
        }
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard !needle.isEmpty, start <= bytes.count - needle.count else { return nil }
            var index = start
            while index <= bytes.count - needle.count {
                if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, HTMLScan.isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, HTMLScan.isSpace(bytes[upper - 1]) { upper -= 1 }
            return lower..<upper
        }
        /// Opens a section, block or layout; false when that nests past the limit.
        func push(_ entry: (name: ArraySlice<UInt8>, sigil: UInt8, opening: [UInt8], closing: [UInt8], reference: Int?)) -> Bool {
            open.append(entry)
            if open.count > depth {
                depth = open.count
                deepestLine = line
            }
            if open.count > limit {
                isTooDeep = true
                return false
            }
            return true
        }
        while let start = find(opening, from: position) {
            let inside = start + opening.count
            guard inside < bytes.count, let end = find(closing, from: inside) else { return }
            countLines(to: start)
            position = end + closing.count
            let sigil = bytes[inside]
            let body = end > inside ? trimmed(inside + 1..<end) : end..<end
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"):
                guard push((bytes[body], sigil, opening, closing, nil)) else { return }
            case UInt8(ascii: ">"), UInt8(ascii: "<"):
                var name = body
                let isDynamic = name.first.map { bytes[$0] == UInt8(ascii: "*") } ?? false
                if isDynamic { name = trimmed(name.lowerBound + 1..<name.upperBound) }
                references.append(Reference(kind: sigil == UInt8(ascii: ">") ? .partial : .layout,
                                            name: String(decoding: bytes[name], as: UTF8.self), isDynamic: isDynamic, line: line,
                                            depth: open.count, isInsideSection: open.contains { $0.sigil == UInt8(ascii: "#") }))
                if sigil == UInt8(ascii: "<") {
                    // The closing tag repeats the name as written, `*` included.
                    guard push((bytes[body], sigil, opening, closing, references.count - 1)) else { return }
                }
            case UInt8(ascii: "/"):
                guard let last = open.last, last.name.elementsEqual(bytes[body]) else { return }   // for the parser to report
                open.removeLast()
                opening = last.opening
                closing = last.closing
            case UInt8(ascii: "="):
                // `{{=<% %>=}}`: the new delimiters, separated by white space, between two `=`.
                guard body.count >= 2, bytes[body.upperBound - 1] == UInt8(ascii: "=") else { return }
                let parts = bytes[body.lowerBound + 1..<body.upperBound - 1].split(whereSeparator: HTMLScan.isSpace)
                guard parts.count == 2 else { return }
                opening = Array(parts[0])
                closing = Array(parts[1])
            case UInt8(ascii: "{"):
                // `{{{name}}}`: one more `}` after the closing delimiter.
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1 }
            default:
                break
            }
        }
    }
}
