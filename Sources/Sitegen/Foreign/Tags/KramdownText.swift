import SitegenMarkdown

/// A Jekyll page's Markdown made ready for cmark-gfm as kramdown would read it: its elements
/// holding Markdown (``KramdownHTMLBlocks``), its extensions (``KramdownExtensions``), its HTML
/// blocks (``KramdownRawHTML``), then its table of contents (``KramdownTableOfContents``), in
/// that order.
enum KramdownText {
    /// `body` rewritten, with HTML behind placeholders of `fragments`; `nil` when none of them changes it.
    static func rewritten(_ body: Substring, fragments: inout HTMLFragments) -> String? {
        var text = KramdownHTMLBlocks.rewritten(body, fragments: &fragments)
        if let rewritten = KramdownExtensions.rewritten(text.map { $0[...] } ?? body, fragments: &fragments) { text = rewritten }
        if let rewritten = KramdownRawHTML.rewritten(text.map { $0[...] } ?? body, fragments: &fragments) { text = rewritten }
        if let rewritten = KramdownTableOfContents.rewritten(text.map { $0[...] } ?? body) { text = rewritten }
        return text
    }
}
