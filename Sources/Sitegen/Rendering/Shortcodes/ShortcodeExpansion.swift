import SitegenMarkdown

/// A page's Markdown with its shortcodes run: the Markdown to parse, the HTML its
/// placeholders stand for, and what could not run.
struct ShortcodeExpansion: Sendable {
    /// The Markdown, with placeholders where calls made HTML.
    var markdown = ""
    var fragments = HTMLFragments()
    /// The calls shown as written: no shortcode of that name is known, or its template could
    /// not run (``warnings`` says why).
    var leftAsText: [(name: String, form: TagCall.Form, line: Int)] = []
    var warnings: [SiteError] = []
    /// The copies of images the page's calls ask for (a figure's `process`, `imgproc`, `resize_image`).
    var imageRequests: [ImageRequest] = []
    /// Where in ``markdown`` (UTF-8 offsets) the `{% raw %}` texts are, whose tags are meant.
    var rawRanges: [Range<Int>] = []

    /// The lines of ``markdown`` (from 1) the `{% raw %}` texts are on.
    var rawLines: [ClosedRange<Int>] {
        guard !rawRanges.isEmpty else { return [] }
        var newlines: [Int] = []
        for (offset, byte) in markdown.utf8.enumerated() where byte == UInt8(ascii: "\n") { newlines.append(offset) }
        // The line of an offset: one more than the newlines before it.
        func line(of offset: Int) -> Int {
            var low = 0, high = newlines.count
            while low < high {
                let middle = (low + high) / 2
                if newlines[middle] < offset { low = middle + 1 } else { high = middle }
            }
            return low + 1
        }
        return rawRanges.map { line(of: $0.lowerBound)...line(of: max($0.lowerBound, $0.upperBound - 1)) }
    }

    /// Why the site's shortcode files that could not run did not: one warning per file for a
    /// whole build, however many calls.
    var templateWarnings: Set<SiteError> = []
    /// The bytes of HTML the page's calls made (what the placeholders stand for).
    var fragmentBytes = 0
    /// The line of the call that took the page past ``Limits/expandedPageBytes``; the
    /// expansion stopped there.
    var tooLargeAt: Int?
    /// Whether the page draws a Mermaid diagram, so that it loads the script that draws them.
    var hasDiagram = false
}
