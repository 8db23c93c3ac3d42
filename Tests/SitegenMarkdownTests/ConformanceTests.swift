import Foundation
import Testing
@testable import SitegenMarkdown

@Suite("Conformance with cmark-gfm")
struct ConformanceTests {
    @Test("the conformance files are there and hold every example")
    func examplesAreLoaded() {
        // spec 671 + extensions 28 + regression 19 + smart_punct 16, disabled ones left out.
        #expect(SpecExample.all.count == 734)
    }

    @Test("with no modifiers, every example renders exactly as cmark-gfm renders it")
    func plainOutputIsCmarkOutput() throws {
        for example in SpecExample.all {
            let ours = try MarkdownParser(options: example.options).html(from: example.markdown)
            #expect(ours == ReferenceRenderer.html(example.markdown, options: example.options), "\(example)")
        }
    }

    @Test("with an identity modifier on every target, every example still renders exactly as cmark-gfm")
    func identityModifiersChangeNothing() throws {
        for example in SpecExample.all {
            let ours = try MarkdownParser.withIdentityModifiers(options: example.options).html(from: example.markdown)
            #expect(ours == ReferenceRenderer.html(example.markdown, options: example.options), "\(example)")
        }
    }

    @Test("heading ids add an id attribute to headings and change nothing else")
    func headingIDsOnlyAddIDs() throws {
        for example in SpecExample.all {
            var options = example.options
            options.headingIDs = true
            let ours = try MarkdownParser(options: options).html(from: example.markdown)
            let reference = ReferenceRenderer.html(example.markdown, options: example.options)
            let withoutIDs = ours.replacing(#/<h([1-6]) id="[^"]*"/#) { "<h\($0.output.1)" }
            #expect(withoutIDs == reference, "\(example)")
        }
    }

    @Test("the spec's expected HTML matches exactly as often as cmark-gfm's own output does")
    func specMatchCountEqualsCmark() throws {
        var ours = 0, reference = 0
        for example in SpecExample.all {
            let html = try MarkdownParser(options: example.options).html(from: example.markdown)
            if html == example.html { ours += 1 }
            if ReferenceRenderer.html(example.markdown, options: example.options) == example.html { reference += 1 }
        }
        #expect(ours == reference)
        // Recorded in SitegenMarkdown's DocC article "Conformance". check_cli.py, which folds CRLF to LF, counts 732 for both.
        #expect(ours == 731)
    }
}
