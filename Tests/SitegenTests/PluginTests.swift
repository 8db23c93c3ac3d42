import Foundation
import Testing
@testable import Sitegen

@Suite("Plugins")
struct PluginTests {
    @Test("built-in plugins switched on by name in sitegen.yml work on a site without Swift")
    func builtInsFromConfiguration() async throws {
        let site = try TestSite()
        try site.write("plugins: [headingAnchors, externalLinks, lazyImages, readingTime]\n", to: "sitegen.yml")
        try site.write("# Plugins\n\n## Part one\n\n[out](https://example.org) [in](b.md) ![pic](pic.gif)\n\n![again](pic.gif)\n",
                       to: "content/a.md")
        try site.write("B\n", to: "content/b.md")
        try Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x0A, 0x00, 0x05, 0x00, 0x00, 0x00]).write(to: site.root.appendingPathComponent("content/pic.gif"))
        try await site.build()
        let page = try site.page("a/index.html")
        #expect(page.contains("<h2 id=\"part-one\">Part one <a class=\"anchor\" href=\"#part-one\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a></h2>"))
        #expect(page.contains("<a target=\"_blank\" rel=\"noopener noreferrer\" href=\"https://example.org\">out</a>"))
        #expect(page.contains("<a href=\"/b/\">in</a>"))
        // The first image loads at once; the others when they come near.
        #expect(page.contains("<img src=\"/pic.gif\" alt=\"pic\" decoding=\"async\" width=\"10\" height=\"5\" />"))
        #expect(page.contains("<img src=\"/pic.gif\" alt=\"again\" loading=\"lazy\" decoding=\"async\" width=\"10\" height=\"5\" />"))
        #expect(page.contains("<span>1 min read</span>"))
    }

    @Test("reading time counts Japanese by its characters, 500 a minute, and English by its words")
    func readingTimeOfJapanese() async throws {
        let site = try TestSite()
        try site.write("plugins: [readingTime]\n", to: "sitegen.yml")
        try site.write("# 読書\n\n" + String(repeating: "これは日本語の文章です。", count: 150) + "\n", to: "content/ja.md")
        try site.write("# Reading\n\n" + String(repeating: "word ", count: 450) + "\n", to: "content/en.md")
        try await site.build()
        // 1,650 characters (the title's 2 are not in the text) is 4 minutes; it was one word, 1 minute.
        #expect(try site.page("ja/index.html").contains("<span>4 min read</span>"))
        #expect(try site.page("en/index.html").contains("<span>3 min read</span>"))
    }

    @Test("an unknown plugin name is an error that lists the built-in ones")
    func unknownPlugin() async throws {
        let site = try TestSite()
        try site.write("plugins: [emoji]\n", to: "sitegen.yml")
        try site.write("A\n", to: "content/a.md")
        let error = await #expect(throws: SiteError.self) { try await site.build() }
        #expect(error?.description == "sitegen.yml:1: unknown plugin 'emoji'; built-in plugins: headingAnchors, externalLinks, lazyImages, readingTime")
    }

    @Test("each built-in plugin carries the name sitegen.yml knows it by, and a name finds its plugin")
    func builtInNames() {
        #expect(Plugin.builtIn.map(\.name) == BuiltInPluginName.allCases.map(\.rawValue))
        #expect(BuiltInPluginName.allCases.map { Plugin.named($0.rawValue)?.name } == BuiltInPluginName.allCases.map(\.rawValue))
        #expect(Plugin.named("emoji") == nil)
    }

    @Test("a plugin's page processor, page data and HTML processor reach the output, in order")
    func customPlugin() async throws {
        let site = try TestSite()
        try site.write("---\ntitle: Hello\n---\nBody text here.\n", to: "content/hello.md")
        try site.write("{{page.title}}|{{page.data.shout}}|{{page.data.words}}\n", to: "templates/page.mustache")
        var configured = Site()
        configured.install(Plugin(name: "shout") { site in
            site.pageProcessors.append { page in
                var page = page
                page.data["shout"] = .string(page.explicitTitle?.uppercased() ?? "")
                return page
            }
            site.pageData.append { page in FrontMatter([("words", .int(page.wordCount))]) }
            site.htmlProcessors.append { html, _, _ in html.replacingOccurrences(of: "|", with: " / ") }
            site.htmlProcessors.append { html, _, _ in "<!-- processed -->" + html }
        })
        #expect(configured.installedPlugins == ["shout"])
        try await site.build(site: configured)
        #expect(try site.page("hello/index.html") == "<!-- processed -->Hello / HELLO / 3\n")
    }

    @Test("image sizes are read from PNG, GIF, JPEG and WebP headers")
    func imageSizes() throws {
        func size(_ bytes: [UInt8]) throws -> String {
            ImageSize.of(Data(bytes)).map { "\($0.width)x\($0.height)" } ?? "unknown"
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8]
        #expect(try size(png) == "300x200")
        #expect(try size(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00]) == "320x240")
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]
        #expect(try size(jpeg) == "640x480")
        // Stored 640 × 480 with an EXIF orientation, in either byte order: shown 480 × 640 when turned (5–8).
        func exif(_ orientation: UInt8, bigEndian: Bool) -> [UInt8] {
            let entry: [UInt8] = bigEndian ? [0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, orientation, 0, 0]
                : [0x12, 0x01, 0x03, 0x00, 1, 0, 0, 0, orientation, 0x00, 0, 0]
            let tiff: [UInt8] = (bigEndian ? [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8] : [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])
                + (bigEndian ? [0x00, 0x01] : [0x01, 0x00]) + entry + [0, 0, 0, 0]
            let segment = Array("Exif".utf8) + [0, 0] + tiff
            let length = segment.count + 2
            return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + segment + Array(jpeg[8...])
        }
        for bigEndian in [false, true] {
            #expect(try size(exif(6, bigEndian: bigEndian)) == "480x640")
            #expect(try size(exif(8, bigEndian: bigEndian)) == "480x640")
            #expect(try size(exif(1, bigEndian: bigEndian)) == "640x480")
            #expect(try size(exif(3, bigEndian: bigEndian)) == "640x480")
        }
        // A photograph made by Pillow, stored 1200 × 800 with orientation 6 (the image tests' fixture).
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SitegenImagesTests/Fixtures/oriented.jpg")
        #expect(try size([UInt8](Data(contentsOf: photo).prefix(ImageSize.headerBytes))) == "800x1200")
        // A cut or nonsensical EXIF segment is passed over.
        #expect(try size(Array(exif(6, bigEndian: false).prefix(20)) + Array(jpeg[8...])) != "480x640")
        var webp = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [UInt8](repeating: 0, count: 8)
        webp += [0x7F, 0x02, 0x00, 0x2B, 0x01, 0x00]
        #expect(try size(webp) == "640x300")
        #expect(try size(Array("not an image at all".utf8)) == "unknown")
    }
}
