/// E-mail addresses that typographic punctuation cut (``MarkdownParser/Options/smartPunctuation``),
/// made whole again on cmark's tree.
///
/// cmark-gfm makes the punctuation before its autolink extension finds addresses, so in
/// `a--b@x.org` or `o'brien@x.org` the extension sees `a–b@x.org` and `o’brien@x.org` and
/// links only `b@x.org` and `brien@x.org`. The part before the link, back to the last
/// character an address cannot hold, is put back into it as it was written, as Goldmark
/// (Hugo) and kramdown link the whole address: only when it starts with a letter or digit,
/// follows no other inline element, and the whole address is in the text as written (not a
/// dash or quote the author typed as such, nor a link of their own).
enum SmartEmailLinks {
    /// What typographic punctuation made, and what was written.
    private static let written: [Character: String] = ["\u{2013}": "--", "\u{2014}": "---", "\u{2019}": "'", "\u{2018}": "'", "\u{2026}": "..."]

    /// Mends every `mailto:` autolink under `root` that a typographic character cut.
    static func mend(under root: OpaquePointer, body: Substring) {
        for link in CmarkNodes.nodes(.link, under: root) {
            let url = CmarkNodes.url(of: link)
            guard url.hasPrefix("mailto:"), let text = CmarkNodes.firstChild(of: link), CmarkNodes.kind(of: text) == .text,
                  CmarkNodes.next(after: text) == nil, "mailto:" + CmarkNodes.literal(of: text) == url,
                  let before = CmarkNodes.previous(before: link), CmarkNodes.kind(of: before) == .text else { continue }
            let literal = CmarkNodes.literal(of: before)
            // The characters an address's local part may hold, typographic ones among them, back from the link.
            var run = literal.reversed().prefix { written[$0] != nil || $0.isASCII && ($0.isLetter || $0.isNumber || ".+-_'".contains($0)) }
            // From its first letter or digit (an opening quote is the text's).
            while let first = run.last, !(first.isASCII && (first.isLetter || first.isNumber)) { run = run.dropLast() }
            guard run.contains(where: { written[$0] != nil }), run.count < literal.count || CmarkNodes.previous(before: before) == nil
            else { continue }
            let local = String(run.reversed()).map { written[$0] ?? String($0) }.joined()
            guard body.contains(local + CmarkNodes.literal(of: text)) else { continue }
            CmarkNodes.setLiteral(of: before, to: String(literal.dropLast(run.count)))
            CmarkNodes.setLiteral(of: text, to: local + CmarkNodes.literal(of: text))
            CmarkNodes.setURL(of: link, to: "mailto:" + local + url.dropFirst("mailto:".count))
        }
    }
}
