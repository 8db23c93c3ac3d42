import Foundation
import SitegenLimits
import SitegenMath

/// Finds the formulas of a page's Markdown before it is parsed, by GitHub's rules, and puts
/// their MathML in their place (behind ``HTMLFragments`` placeholders, so that Markdown does
/// not read `_` and `*` in them as emphasis):
/// - `$…$` inline: the `$` that opens is not followed by a space, the one that closes is not
///   preceded by one nor followed by a digit, and both are on one line — so that prices
///   (`$5 and $10`) stay text; `\$` is a dollar sign;
/// - `$$…$$` display when it stands on lines of its own, inline within a line of text; `\(…\)` inline and `\[…\]` display;
/// - fenced code blocks whose language is `math` (GitHub's) or `katex` (hugo-book's), display.
///
/// Code blocks and code spans are not read, nor Liquid's and Nunjucks' `{% highlight %}`,
/// `{% raw %}` and `{% set name %}` blocks. A formula that cannot be read is shown as code
/// and reported (``Failure``).
package struct MathReader {
    /// A formula that could not be read: its line and why.
    package struct Failure: Sendable, Hashable {
        package let line: Int
        package let message: String
    }

    /// Whether `text` may hold a formula: a `$`, `\\(` or `\\[` outside its fenced code, or a
    /// ```` ```math ```` block.
    package static func mayHoldMath(_ text: Substring) -> Bool {
        var copy = text
        let candidate = copy.withUTF8 { bytes in
            ByteScan.first(UInt8(ascii: "$"), in: bytes, from: 0) != nil
                || ByteScan.any(UInt8(ascii: "\\"), in: bytes) { $0 + 1 < bytes.count && (bytes[$0 + 1] == UInt8(ascii: "(") || bytes[$0 + 1] == UInt8(ascii: "[")) }
        }
        if candidate, FencedCode.anyOutside(text, of: [UInt8(ascii: "$"), UInt8(ascii: "("), UInt8(ascii: "[")], { bytes, index in
            let byte = bytes[index]
            return byte == UInt8(ascii: "$") || (index > 0 && bytes[index - 1] == UInt8(ascii: "\\")
                                                 && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")))
        }) {
            return true
        }
        return FencedCode.opensFence(of: ["math", "katex"], in: text)
    }

    /// A display formula on lines of its own becomes an HTML comment that keeps the file's
    /// lines when `htmlBlocks` (raw HTML is kept; see ``HTMLFragments``).
    package static func replacing(in body: Substring, firstLine: Int, codeLines: [ClosedRange<Int>], htmlBlocks: Bool,
                                  singleDollars: Bool = true, fragments: inout HTMLFragments) -> (body: String, failures: [Failure])? {
        let source = SourceText(body, firstLine: firstLine, codeLines: codeLines)
        let bytes = source.bytes
        var output: [UInt8] = [], failures: [Failure] = []
        var copied = 0, position = 0, codeIndex = 0, found = false
        var closings = Closings(bytes)
        // The closing tags looked for to the end and not found: a later block has none either.
        var absentClosings: Set<String> = []
        func put(_ formula: Range<Int>, display: Bool, from start: Int, to end: Int) {
            let tex = source.string(formula).trimmingCharacters(in: .whitespacesAndNewlines)
            // Alone on its lines: a block that keeps them.
            let standalone = display && htmlBlocks && source.indentation(before: start) != nil
                && (end == bytes.count || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r"))
            let html: String
            do {
                html = try MathML.render(tex, display: display)
            } catch {
                failures.append(Failure(line: source.line(at: start), message: error.message))
                let escaped = HTMLText.escapeAttribute(tex)
                // As code: a block where the formula stood alone, inline in a line of text.
                html = standalone ? "<pre class=\"math-error\"><code>\(escaped)</code></pre>" : "<code class=\"math-error\">\(escaped)</code>"
            }
            output.append(contentsOf: bytes[copied..<start])
            let newlines = bytes[start..<end].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let placeholder = standalone ? fragments.blockPlaceholder(for: html, newlines: newlines) : fragments.placeholder(for: html)
            output.append(contentsOf: placeholder.utf8)
            copied = end
            position = end
            found = true
        }
        while position < bytes.count {
            if let end = source.endOfCodeBlock(at: position, index: &codeIndex) {
                if let formula = mathBlock(in: source, from: position, to: end) {
                    // The block's last newline stays, after the comment.
                    let last = bytes[end - 1] == UInt8(ascii: "\n") ? end - 1 : end
                    put(formula, display: true, from: position, to: last)
                }
                position = end
                continue
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "`"):
                position = source.endOfCodeSpan(at: position)
            case UInt8(ascii: "\\"):
                let next = source.byte(position + 1)
                if next == UInt8(ascii: "("), let close = closings.find("\\)", from: position + 2, sameLine: true),
                   looksLikeTeX(bytes[position + 2..<close]) {
                    put(position + 2..<close, display: false, from: position, to: close + 2)
                } else if next == UInt8(ascii: "["), let close = closings.find("\\]", from: position + 2, sameLine: false),
                          looksLikeTeX(bytes[position + 2..<close]) {
                    put(position + 2..<close, display: true, from: position, to: close + 2)
                } else {
                    position += 2
                }
            case UInt8(ascii: "{") where source.byte(position + 1) == UInt8(ascii: "%"):
                // Liquid's and Nunjucks' `highlight` and `raw` blocks hold code, not formulas.
                position = endOfTemplateBlock(in: source, at: position, absent: &absentClosings) ?? position + 2
            case UInt8(ascii: "$"):
                if source.byte(position + 1) == UInt8(ascii: "$") {
                    if let close = closings.find("$$", from: position + 2, sameLine: false), close > position + 2 {
                        // Display on lines of its own; inline within a line of text, as kramdown reads it.
                        let alone = source.indentation(before: position) != nil
                            && (close + 2 == bytes.count || bytes[close + 2] == UInt8(ascii: "\n") || bytes[close + 2] == UInt8(ascii: "\r"))
                        put(position + 2..<close, display: alone, from: position, to: close + 2)
                    } else {
                        position += 2
                    }
                } else if singleDollars, let close = inlineClose(in: bytes, opening: position) {
                    put(position + 1..<close, display: false, from: position, to: close + 1)
                } else {
                    position += 1
                }
            default:
                position += 1
            }
        }
        guard found else { return nil }
        output.append(contentsOf: bytes[copied...])
        return (String(decoding: output, as: UTF8.self), failures)
    }

    /// Whether the text between `\\(` and `\\)` or `\\[` and `\\]` is a formula rather than
    /// Markdown's escaped brackets (`\\[1\\]`, `Unsafe\\[Mutable\\]`, `\\[string | \\[string]]`): it
    /// holds a TeX command (`\\frac`) or one of `^ _ = { }`, or is one letter, and no link.
    private static func looksLikeTeX(_ text: ArraySlice<UInt8>) -> Bool {
        let trimmed = text.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        if trimmed.count == 1, let only = trimmed.first, isLetter(only) { return true }
        let marks: Set<UInt8> = Set("^_={}".utf8)
        let pairs = zip(text, text.dropFirst())
        guard !pairs.contains(where: { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: "(") }) else { return false }
        return text.contains { marks.contains($0) } || pairs.contains { $0 == UInt8(ascii: "\\") && isLetter($1) }
    }

    /// After the `{% endhighlight %}`, `{% endraw %}` or `{% endset %}` that closes the block
    /// opened at `start` (`{% highlight js %}`, `{% raw %}`, `{% set code %}`), if a block opens there.
    private static func endOfTemplateBlock(in source: SourceText, at start: Int, absent: inout Set<String>) -> Int? {
        var at = start + 2
        if source.byte(at) == UInt8(ascii: "-") { at += 1 }
        while source.byte(at) == UInt8(ascii: " ") { at += 1 }
        let closing: String
        if source.starts(with: "highlight", at: at) {
            closing = "endhighlight"
        } else if source.starts(with: "raw", at: at) {
            closing = "endraw"
        } else if source.starts(with: "set ", at: at),
                  let tagEnd = source.bytes[at...].firstIndex(of: UInt8(ascii: "%")), !source.bytes[at..<tagEnd].contains(UInt8(ascii: "=")) {
            // Nunjucks' `{% set name %}…{% endset %}` captures text, mostly code to show.
            closing = "endset"
        } else {
            return nil
        }
        guard !absent.contains(closing) else { return nil }
        let bytes = source.bytes
        var search = at
        while search + closing.utf8.count < bytes.count {
            if bytes[search] == UInt8(ascii: "%"), bytes[search - 1] == UInt8(ascii: "{") {
                var word = search + 1
                if source.byte(word) == UInt8(ascii: "-") { word += 1 }
                while source.byte(word) == UInt8(ascii: " ") { word += 1 }
                if source.starts(with: closing, at: word) { return word + closing.utf8.count }
            }
            search += 1
        }
        absent.insert(closing)
        return nil
    }

    /// The formula of a fenced code block from `start` to `end` whose language is `math` or `katex`.
    private static func mathBlock(in source: SourceText, from start: Int, to end: Int) -> Range<Int>? {
        guard let block = source.fencedBlock(from: start, to: end), block.language == "math" || block.language == "katex" else { return nil }
        return block.content
    }

    /// The `$` that closes an inline formula opened at `opening`, by GitHub's rules.
    private static func inlineClose(in bytes: [UInt8], opening: Int) -> Int? {
        guard opening + 1 < bytes.count, !isSpace(bytes[opening + 1]) else { return nil }
        var at = opening + 1
        while at < bytes.count, at - opening < Limits.mathFormulaBytes {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\n") { return nil }
            if byte == UInt8(ascii: "\\") { at += 2; continue }
            if byte == UInt8(ascii: "$") {
                let followedByDigit = at + 1 < bytes.count && bytes[at + 1] >= 0x30 && bytes[at + 1] <= 0x39
                if !isSpace(bytes[at - 1]), !followedByDigit, at > opening + 1 { return at }
                return nil
            }
            at += 1
        }
        return nil
    }

    /// Where the closing delimiters are: each search remembers what it found (or that it found
    /// nothing up to where it stopped), so that a page of many unclosed `$$` or `\\[` is read
    /// once, not once for each.
    private struct Closings {
        let bytes: [UInt8]
        private var known: [String: (from: Int, found: Int?, scannedTo: Int)] = [:]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The first `text` at or after `start` (on its line when `sameLine`; `\\x` pairs skipped
        /// unless `text` starts with `\\`). A formula longer than the limit is then reported by
        /// ``MathML``, with the limit's name.
        mutating func find(_ text: String, from start: Int, sameLine: Bool) -> Int? {
            if let memory = known[text], memory.from <= start, start <= (memory.found ?? memory.scannedTo) {
                return memory.found
            }
            let utf8 = Array(text.utf8)
            var at = start
            while at + utf8.count <= bytes.count {
                if sameLine, bytes[at] == UInt8(ascii: "\n") { break }
                if bytes[at] == UInt8(ascii: "\\"), utf8[0] != UInt8(ascii: "\\") { at += 2; continue }
                if bytes[at..<at + utf8.count].elementsEqual(utf8) {
                    known[text] = (start, at, at)
                    return at
                }
                at += 1
            }
            known[text] = (start, nil, at)
            return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
