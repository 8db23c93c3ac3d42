import Foundation
import Testing
@testable import Sitegen

@Suite("HTMLScan: finding text in HTML")
struct HTMLScanTests {
    @Test("a needle is found where a plain search finds it: at the start, the end, across each 16-byte round, overlapping, or not at all")
    func findsWhatAPlainSearchFinds() {
        var random = SplitMix64(seed: 27)
        let alphabet = Array("<img ab/\"=\n".utf8)
        for _ in 0..<20_000 {
            let haystack = (0..<random.below(70)).map { _ in random.pick(alphabet) }
            let needle = (0..<(1 + random.below(5))).map { _ in random.pick(alphabet) }
            let text = String(decoding: haystack, as: UTF8.self), word = String(decoding: needle, as: UTF8.self)
            let expected: Int? = haystack.count >= needle.count
                ? (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) } : nil
            let found = HTMLScan.range(of: word, in: text).map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) }
            #expect(found == expected, "\(word.debugDescription) in \(text.debugDescription)")
            #expect(HTMLScan.contains(word, in: text[...]) == (expected != nil))
        }
    }

    @Test("a long page: the image tag after many other tags, and none in a page without one")
    func longPage() {
        let paragraphs = String(repeating: "<p>Some <em>text</em> with <a href=\"/x\">links</a> and <code>i &lt; img</code>.</p>\n", count: 500)
        let page = paragraphs + "<img src=\"/a.png\" alt=\"\" />" + paragraphs
        #expect(HTMLScan.range(of: "<img", in: page).map { page.utf8.distance(from: page.utf8.startIndex, to: $0.lowerBound) } == paragraphs.utf8.count)
        #expect(!HTMLScan.contains("<img", in: paragraphs[...]))
    }
}
