/// HTML made before a page is parsed (a shortcode's output, a formula's MathML) and the
/// placeholders that hold its places in the Markdown.
///
/// A placeholder is `\u{2}` + nonce + `f` + index + `\u{3}`: cmark-gfm keeps control
/// characters in text, so the placeholder comes out of the parse as written, and the nonce,
/// random per page, keeps a page's own text from faking one. After the parse, ``splice(_:)``
/// puts the HTML in: a placeholder alone in a paragraph (`<p>⟨placeholder⟩</p>`) is replaced
/// with its HTML, paragraph and all, as Hugo does with a shortcode alone on its line.
///
/// A block of HTML that took the place of lines of their own is written in the Markdown as an
/// HTML comment, ``blockPlaceholder(for:newlines:)``: Markdown ends such a block at the line
/// that closes the comment, so nothing needs a blank line around it, the comment can hold as
/// many newlines as the lines it replaces (the lines after it keep their numbers), and the
/// splice takes the comment away with the placeholder.
package struct HTMLFragments: Sendable, Hashable {
    package let nonce: String
    package private(set) var html: [String] = []

    /// Fragments with a fresh nonce.
    package init() {
        nonce = MarkerText.makeNonce()
    }

    /// Whether no fragment was added.
    package var isEmpty: Bool { html.isEmpty }

    /// Keeps `fragment` and returns the placeholder to write in its place.
    package mutating func placeholder(for fragment: String) -> String {
        html.append(fragment)
        return "\u{2}\(nonce)f\(html.count - 1)\u{3}"
    }

    /// A placeholder for `fragment` written as an HTML comment that spans `newlines` more
    /// lines, to stand on lines of its own.
    package mutating func blockPlaceholder(for fragment: String, newlines: Int) -> String {
        "<!--" + placeholder(for: fragment) + String(repeating: "\n", count: max(0, newlines)) + "-->"
    }

    /// `text` with every placeholder replaced by its HTML, and a paragraph holding only a
    /// placeholder replaced by the placeholder's HTML.
    package func splice(_ text: String) -> String {
        replacing(in: text) { html[$0] }
    }

    /// `text` without the placeholders, for the plain text of a heading or a title.
    package func removing(from text: String) -> String {
        replacing(in: text) { _ in "" }
    }

    private func replacing(in text: String, with fragment: (Int) -> String) -> String {
        guard !html.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let prefix = Array("\u{2}\(nonce)f".utf8)
        let paragraphOpen = Array("<p>".utf8), paragraphClose = Array("</p>".utf8)
        let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x02, let (id, end) = placeholder(in: bytes, at: index, prefix: prefix) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var after = end
            // `<p>` + placeholder + `</p>`: the fragment takes the paragraph's place; so it does
            // the comment's, `<!--` + placeholder + newlines + `-->`.
            if output.count >= 3, Array(output[(output.count - 3)...]) == paragraphOpen,
               after + 4 <= bytes.count, Array(bytes[after..<after + 4]) == paragraphClose {
                output.removeLast(3)
                after += 4
            } else if output.count >= 4, Array(output[(output.count - 4)...]) == commentOpen {
                var close = after
                while close < bytes.count, bytes[close] == UInt8(ascii: "\n") { close += 1 }
                if close + 3 <= bytes.count, Array(bytes[close..<close + 3]) == commentClose {
                    output.removeLast(4)
                    after = close + 3
                }
            }
            output.append(contentsOf: fragment(id).utf8)
            index = after
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The fragment index of the placeholder at `start`, and the index after it.
    private func placeholder(in bytes: [UInt8], at start: Int, prefix: [UInt8]) -> (Int, Int)? {
        guard start + prefix.count < bytes.count, bytes[start..<start + prefix.count].elementsEqual(prefix) else { return nil }
        var at = start + prefix.count, id = 0, digits = 0
        while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, digits < 9 {
            id = id * 10 + Int(bytes[at] - 0x30)
            at += 1
            digits += 1
        }
        guard digits > 0, at < bytes.count, bytes[at] == 0x03, id < html.count else { return nil }
        return (id, at + 1)
    }
}
