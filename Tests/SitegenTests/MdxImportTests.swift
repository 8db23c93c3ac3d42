import Foundation
import Testing
@testable import Sitegen

@Suite("MDX imports in Markdown, as Docusaurus reads them: partials included, import lines left out, TOCInline a list")
struct MdxImportTests {
    @Test("import lines: a name and a path, a bare import; not a sentence or a line of code")
    func importLines() {
        let parts = { (line: String) in MdxImports.importLine(line).map { [$0.name ?? "-", $0.path] } }
        #expect(parts("import Note from './_note.md';") == ["Note", "./_note.md"])
        #expect(parts("import {a, b} from \"@jest/globals\"") == ["-", "@jest/globals"])
        #expect(parts("import './x.css';") == ["-", "./x.css"])
        #expect(parts("import the data from 'a file' and more") == nil)
        #expect(parts("important: 'x'") == nil)
        #expect(parts("import x") == nil)
    }

    @Test("a page is read line by line only when an import line of MDX's stands at its start or after a blank line")
    func quickLook() {
        #expect(MdxImports.mayHold("import Note from './_note.md';\n\n<Note />\n"))
        #expect(MdxImports.mayHold("Intro.\n\nimport './x.css';\n"))
        #expect(MdxImports.mayHold("Intro.\n  \r\nimport {a} from \"b\"\r\n"))
        // Code's imports name no quoted path; an import line right after text is text.
        #expect(!MdxImports.mayHold("```swift\nimport Foundation\n\nimport Testing\n```\n"))
        #expect(!MdxImports.mayHold("import Foundation\n"))
        #expect(!MdxImports.mayHold("Text.\nimport Note from './_note.md';\n"))
        #expect(MdxImports.rewritten("```swift\nimport Foundation\n\nimport Testing\n```\n") == nil)
    }

    @Test("a page's imported partial is its text (not its front matter) where its component stands; import blocks are blank lines; code and prose keep theirs")
    func partials() async throws {
        let site = try TestSite()
        try site.write("""
            # API

            Intro.

            import Note from './_note.md';
            import TOCInline from '@theme/TOCInline';

            <Note />

            <TOCInline toc={toc.slice(1)} />

            ## First

            ## Second

            ### Deeper

            ```js
            import Note from './_note.md';

            <Note />
            ```

            You can import things
            import x from 'y';

            <Missing />

            <Note />
            """, to: "content/docs/api.md")
        try site.write("---\nsidebar_label: Hidden\n---\n:::info\n\nImport the **APIs** first.\n\n:::\n", to: "content/docs/_note.md")
        let summary = try await site.build()
        let page = try site.page("docs/api/index.html")
        #expect(page.components(separatedBy: "Import the <strong>APIs</strong> first.").count == 3)
        // The partial's front matter is not its text.
        #expect(!page.contains("sidebar_label") && !page.contains("<hr"), "\(page)")
        #expect(!page.contains("import Note from './_note.md';</p>") && !page.contains("TOCInline"))
        #expect(page.contains("<ul class=\"toc-inline\"><li><a href=\"#second\">Second</a><ul><li><a href=\"#deeper\">Deeper</a></li></ul></li></ul>"))
        // In code, and inside a paragraph, nothing is read.
        #expect(page.contains("<span class=\"kn\">import</span>") && page.contains("<span class=\"nt\">Note</span> <span class=\"p\">/&gt;</span>"))
        #expect(page.contains("<p>You can import things\nimport x from 'y';</p>"))
        #expect(page.contains("<Missing />"))
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }

    @Test("a page that imports itself is not put into itself; TOCInline lists levels 2 and 3")
    func selfAndLevels() async throws {
        let site = try TestSite()
        try site.write("# Intro\n\nimport Self from './intro.md';\nimport TOCInline from '@theme/TOCInline';\n\n<Self />\n\n<TOCInline toc={toc} />\n\n## Two\n\n### Three\n\n#### Four\n",
                       to: "content/docs/intro.md")
        try await site.build()
        let page = try site.page("docs/intro/index.html")
        #expect(page.components(separatedBy: "<h2 id=\"two\">").count == 2)
        #expect(page.contains("<Self />"))
        #expect(page.contains("<ul class=\"toc-inline\"><li><a href=\"#two\">Two</a><ul><li><a href=\"#three\">Three</a></li></ul></li></ul>"))
    }

    @Test("a partial outside the site or missing is a warning at its line, never read")
    func outside() async throws {
        let site = try TestSite()
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("mdx-secret-\(UUID().uuidString).md")
        try "SECRET\n".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        try site.write("# A\n\nimport S from '\(secret.path)';\nimport G from './gone.md';\n\n<S />\n\n<G />\n", to: "content/a.md")
        let summary = try await site.build()
        #expect(!(try site.page("a/index.html")).contains("SECRET"))
        #expect(summary.warnings.filter { $0.file == "content/a.md" }.map(\.line) == [6, 8])
    }
}
