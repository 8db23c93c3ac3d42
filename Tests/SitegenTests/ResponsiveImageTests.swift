import Foundation
import Testing
@testable import Sitegen
import SitegenImages

/// Images published with smaller WebP copies offered in `srcset` (``ImagePlan``,
/// ``ImageCopyMaker``, ``ImageTags``): made by libvips, made once, bad images warned of.
@Suite("Responsive images")
struct ResponsiveImageTests {
    /// The test images of SitegenImagesTests (CC0, `Fixtures/SOURCE.md`).
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: TestSite.packageRoot.appendingPathComponent("Tests/SitegenImagesTests/Fixtures/\(name)"))
    }

    /// A post showing `images` (file names in its bundle).
    static func site(_ images: [String: Data], configuration: String? = nil) throws -> TestSite {
        let site = try TestSite()
        let body = images.keys.sorted().map { "![\($0)](\($0))" }.joined(separator: "\n\ntext\n\n")
        try site.write("---\ntitle: Trip\n---\n\n\(body)\n", to: "content/posts/trip/index.md")
        for (name, data) in images { try site.write(data, to: "content/posts/trip/\(name)") }
        if let configuration { try site.write(configuration, to: "sitegen.yml") }
        return site
    }

    /// The `<img>` tags of a page.
    static func tags(_ html: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().map { "<img " + $0.prefix { $0 != ">" } + ">" }
    }

    /// The width of a WebP file, from its header.
    static func webpWidth(_ data: Data) -> Int? {
        guard data.count > 30, data.prefix(4) == Data("RIFF".utf8), data[8..<12] == Data("WEBP".utf8) else { return nil }
        return ImageSize.of(data)?.width
    }

    @Test("an image wider than the narrowest width gets WebP copies, offered in srcset with sizes, its size as shown")
    func copies() async throws {
        let site = try Self.site(["oriented.jpg": try Self.fixture("oriented.jpg"), "transparent.png": try Self.fixture("transparent.png")])
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        let tags = Self.tags(try site.page("posts/trip/index.html"))
        // Stored 1200 × 800 with EXIF orientation 6: shown 800 × 1200, so copies at 480 and its own 800.
        #expect(tags[0] == "<img src=\"/posts/trip/oriented.jpg\" alt=\"oriented.jpg\" decoding=\"async\" width=\"800\" height=\"1200\" "
                + "srcset=\"/posts/trip/oriented.480w.webp 480w, /posts/trip/oriented.800w.webp 800w\" "
                + "sizes=\"(max-width: 42rem) 100vw, 42rem\" />")
        // The page's second image loads lazily.
        #expect(tags[1] == "<img src=\"/posts/trip/transparent.png\" alt=\"transparent.png\" loading=\"lazy\" decoding=\"async\" "
                + "width=\"640\" height=\"480\" srcset=\"/posts/trip/transparent.480w.webp 480w, /posts/trip/transparent.640w.webp 640w\" "
                + "sizes=\"(max-width: 42rem) 100vw, 42rem\" />")
        for (name, width) in [("oriented.480w.webp", 480), ("oriented.800w.webp", 800), ("transparent.480w.webp", 480),
                              ("transparent.640w.webp", 640)] {
            let copy = try Data(contentsOf: site.output.appendingPathComponent("posts/trip/\(name)"))
            #expect(Self.webpWidth(copy) == width, "\(name)")
            // The camera and the place are not copied (the GPS tag, 0x8825, as libvips' little-endian EXIF would hold it).
            #expect(copy.range(of: Data("SitegenCam".utf8)) == nil && copy.range(of: Data("Model X".utf8)) == nil, "\(name)")
            #expect(copy.range(of: Data([0x25, 0x88])) == nil, "\(name)")
        }
        // Turned as shown: the portrait's copy is taller than wide.
        let portrait = try Data(contentsOf: site.output.appendingPathComponent("posts/trip/oriented.480w.webp"))
        #expect(ImageSize.of(portrait).map { $0.height > $0.width } == true)
        // The originals are published unchanged.
        #expect(try Data(contentsOf: site.output.appendingPathComponent("posts/trip/oriented.jpg")) == Self.fixture("oriented.jpg"))
    }

    @Test("a rebuild makes no copy again; a changed image gets new copies")
    func madeOnce() async throws {
        let site = try Self.site(["photo.jpg": try Self.fixture("oriented.jpg")])
        #expect(try await site.build().imageCopiesMade == 2)
        let copy = site.output.appendingPathComponent("posts/trip/photo.480w.webp").path
        let first = try #require(FileStamp(copy))
        #expect(try String(contentsOf: site.output.appendingPathComponent(".sitegen-manifest"), encoding: .utf8)
            .contains(" posts/trip/photo.480w.webp\n"))
        #expect(try await site.build().imageCopiesMade == 0)
        // The very file of the build before, linked: not made again.
        #expect(FileStamp(copy)?.inode == first.inode)
        try site.write(try Self.fixture("transparent.png"), to: "content/posts/trip/photo.jpg")
        try await site.build()
        let remade = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(FileStamp(copy)?.inode != first.inode)
        #expect(ImageSize.of(remade).map { $0.width == 480 && $0.height == 360 } == true)
        // A copy changed in the output folder by hand is not taken for the one sitegen made: it is made again.
        try Data("not a webp".utf8).write(to: URL(fileURLWithPath: copy))
        #expect(try await site.build().imageCopiesMade == 1)
        #expect(Self.webpWidth(try Data(contentsOf: URL(fileURLWithPath: copy))) == 480)
    }

    @Test("a damaged image is a warning at the page that shows it, published as it is without copies")
    func damaged() async throws {
        let photo = try Self.fixture("oriented.jpg")
        let site = try Self.site(["cut.jpg": photo.prefix(4000), "text.png": Data("png".utf8), "bomb.png": try Self.fixture("bomb.png")])
        let summary = try await site.build()
        let messages = summary.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/posts/trip/index.md: the image /posts/trip/cut.jpg cannot be made smaller: ") })
        #expect(messages.contains { $0.contains("the image /posts/trip/text.png cannot be read as an image") })
        #expect(messages.contains { $0.contains("the image /posts/trip/bomb.png is 50000 × 50000 pixels, more than the 100 million") })
        #expect(messages.count == 3)
        let page = try site.page("posts/trip/index.html")
        #expect(!page.contains("srcset"))
        #expect(!site.outputFiles().contains { $0.hasSuffix(".webp") })
        #expect(try Data(contentsOf: site.output.appendingPathComponent("posts/trip/cut.jpg")) == photo.prefix(4000))
    }

    @Test("images: false publishes images as they are; small images get their size and no copies")
    func switchedOff() async throws {
        let off = try Self.site(["photo.jpg": try Self.fixture("oriented.jpg")], configuration: "images: false\n")
        try await off.build()
        #expect(Self.tags(try off.page("posts/trip/index.html")) == ["<img src=\"/posts/trip/photo.jpg\" alt=\"photo.jpg\" />"])
        #expect(!off.outputFiles().contains { $0.hasSuffix(".webp") })

        let small = try Self.site(["anim.gif": try Self.fixture("animated.gif")])
        try await small.build()
        #expect(Self.tags(try small.page("posts/trip/index.html"))
            == ["<img src=\"/posts/trip/anim.gif\" alt=\"anim.gif\" decoding=\"async\" width=\"300\" height=\"200\" />"])
        #expect(!small.outputFiles().contains { $0.hasSuffix(".webp") })
    }

    @Test("widths, quality and sizes from sitegen.yml; an animated GIF's copies stay animated")
    func settings() async throws {
        let site = try Self.site(["anim.gif": try Self.fixture("animated.gif")],
                                 configuration: "images:\n  widths: [200, 100]\n  quality: 60\n  sizes: 50vw\n")
        try await site.build()
        #expect(Self.tags(try site.page("posts/trip/index.html"))
            == ["<img src=\"/posts/trip/anim.gif\" alt=\"anim.gif\" decoding=\"async\" width=\"300\" height=\"200\" "
                + "srcset=\"/posts/trip/anim.100w.webp 100w, /posts/trip/anim.200w.webp 200w\" sizes=\"50vw\" />"])
        let copy = try Data(contentsOf: site.output.appendingPathComponent("posts/trip/anim.200w.webp"))
        #expect(copy.range(of: Data("ANIM".utf8)) != nil)
    }

    @Test("a copy never takes a published file's name; two images of one name get names of their own")
    func names() async throws {
        let site = try Self.site(["a.jpg": try Self.fixture("oriented.jpg"), "a.png": try Self.fixture("transparent.png"),
                                  "b.png": try Self.fixture("transparent.png"), "b.480w.webp": Data("mine".utf8)])
        let summary = try await site.build()
        // The site's file is no image: a warning at the page that shows it, nothing else.
        #expect(summary.warnings.map(\.message) == ["the image /posts/trip/b.480w.webp cannot be read as an image: it does not start as "
                                                    + "a JPEG, PNG, GIF or WebP file does, or is cut short; it is published as it is, without smaller copies"])
        let files = Set(site.outputFiles())
        #expect(files.isSuperset(of: ["posts/trip/a-jpg.480w.webp", "posts/trip/a-png.480w.webp", "posts/trip/b.640w.webp"]))
        // The site's own file at a copy's name stays the site's.
        #expect(try Data(contentsOf: site.output.appendingPathComponent("posts/trip/b.480w.webp")) == Data("mine".utf8))
        #expect(try site.page("posts/trip/index.html").contains("srcset=\"/posts/trip/b.640w.webp 640w\""))
    }

    @Test("a copy never takes the folder of a page published where it would go, nor a file of another folder's name")
    func namesTakenByPages() async throws {
        let site = try TestSite()
        try site.write(try Self.fixture("transparent.png"), to: "content/posts/b.png")
        try site.write("---\ntitle: Clash\n---\n\nA page where a copy would go.\n", to: "content/posts/b.640w.webp.md")
        try site.write("---\ntitle: Show\n---\n\n![b](/posts/b.png)\n", to: "content/posts/show.md")
        try site.write(try Self.fixture("transparent.png"), to: "content/other/b.480w.webp")
        _ = try await site.build()
        let files = Set(site.outputFiles())
        #expect(files.contains("posts/b.640w.webp/index.html"))
        #expect(files.contains("posts/b.480w.webp"), "a name another folder has is free here")
        let tags = Self.tags(try site.page("posts/show/index.html"))
        #expect(tags.count == 1 && tags[0].contains("/posts/b.480w.webp 480w") && !tags[0].contains("640w"), "\(tags)")
    }

    @Test("images settings that make no sense are errors naming sitegen.yml and the line")
    func badSettings() async throws {
        for (yaml, message) in [("images:\n  widths: [0, 480]\n", "`images.widths` must be a list of widths"),
                                ("images:\n  quality: 101\n", "`quality` must be a whole number from 1 to 100"),
                                ("images:\n  width: [480]\n", "unknown key `images.width`"),
                                ("images: lots\n", "`images` must be a table"),
                                ("images:\n  copies:\n    thumb: spin 400x300\n", "`images.copies.thumb`: `spin 400x300` names no action"),
                                ("images:\n  copies:\n    9x: fill 10x10\n", "`images.copies.9x`: a copy's name is letters, digits and `_`"),
                                ("images:\n  copies: [fill 10x10]\n", "`images.copies` must be a table of names and operations"),
                                ("images:\n  copies:\n    huge: resize 9000x\n", "`images.copies.huge`: a copy may be at most 8192 pixels a side")] {
            let site = try Self.site([:], configuration: yaml)
            await #expect {
                try await site.build()
            } throws: { error in
                "\(error)".hasPrefix("sitegen.yml:") && "\(error)".contains(message)
            }
        }
    }

    @Test("a manifest's image keys are read back; one leading out of the folder is not")
    func manifestKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = OutputManifest()
        manifest.files = ["a/b.480w.webp", "a/b.jpg"]
        manifest.images = ["a/b.480w.webp": "12ab"]
        try (manifest.text + "i 99 ../../etc/passwd\ni 98 a/b.jpg-not-listed\n")
            .write(to: folder.appendingPathComponent(OutputManifest.fileName), atomically: true, encoding: .utf8)
        #expect(OutputManifest.read(from: folder.path)?.images == ["a/b.480w.webp": "12ab"])
    }
}

extension ResponsiveImageTests {
    @Test("a live build (serve) offers the copies as a build does but makes none: the preview makes each when asked")
    func liveBuild() async throws {
        let site = try Self.site(["photo.jpg": try Self.fixture("oriented.jpg")])
        let live = LiveSiteBuilder(site: Site(), root: site.root, output: nil, configuration: nil, options: BuildOptions())
        _ = try await live.build(changed: [])
        #expect(Self.tags(try site.page("posts/trip/index.html"))
            == ["<img src=\"/posts/trip/photo.jpg\" alt=\"photo.jpg\" decoding=\"async\" width=\"800\" height=\"1200\" "
                + "srcset=\"/posts/trip/photo.480w.webp 480w, /posts/trip/photo.800w.webp 800w\" sizes=\"(max-width: 42rem) 100vw, 42rem\" />"])
        #expect(!site.outputFiles().contains { $0.hasSuffix(".webp") })
    }

    @Test("a live build (serve) names a share preview's copy (og:image) as a build does, and makes none")
    func liveBuildShareCopies() async throws {
        let site = try Self.site(["big.jpg": try Self.photo(width: 1600, height: 1000)], configuration: "baseURL: https://example.org/\n")
        let live = LiveSiteBuilder(site: Site(), root: site.root, output: nil, configuration: nil, options: BuildOptions())
        _ = try await live.build(changed: [])
        #expect(try site.page("posts/trip/index.html").contains("<meta property=\"og:image\" content=\"https://example.org/posts/trip/big.1200x630.jpg\">"))
        #expect(!site.outputFiles().contains { $0.hasSuffix(".1200x630.jpg") })
    }

    @Test("the preview makes a copy a page names when the browser asks for it, from the image beside it, and nothing else")
    func previewMakesCopies() throws {
        let site = try Self.site(["photo.jpg": try Self.fixture("oriented.jpg")])
        try site.write("---\ntitle: Ops\n---\n\n{{< figure src=\"/posts/trip/photo.jpg\" process=\"fill 300x200 q60\" >}}\n", to: "content/ops.md")
        let server = try PreviewProcess(root: site.root)
        #expect(try server.request("/posts/trip/").body.contains("srcset=\"/posts/trip/photo.480w.webp 480w"))
        for (copy, type) in [("/posts/trip/photo.480w.webp", "image/webp"), ("/posts/trip/photo.fill-300x200-center-q60.webp", "image/webp"),
                             ("/posts/trip/photo.1200x630.jpg", "image/jpeg")] {
            let made = try server.request(copy)
            #expect(made.status == 200, "\(copy)")
            #expect(made.headers["content-type"] == type, "\(copy)")
            #expect(made.body.hasPrefix(type == "image/webp" ? "RIFF" : "\u{FFFD}\u{FFFD}"), "\(copy)")
            // Asked again: the same bytes.
            #expect(try server.request(copy).body == made.body)
        }
        #expect(try server.request("/ops/").body.contains("src=\"/posts/trip/photo.fill-300x200-center-q60.webp\""))
        // No image beside the name, a name no copy has, a path out of the folder: not found.
        for path in ["/posts/trip/other.480w.webp", "/posts/trip/photo.480x.webp", "/posts/trip/photo.fill-0x0-q60.webp",
                     "/posts/../../etc/photo.480w.webp", "/posts/trip/photo.99999w.webp", "/posts/trip/photo.scale-8000x8000-q75.webp"] {
            #expect(try server.request(path).status == 404, "\(path)")
        }
        // Nothing was written: the copies lived in memory.
        #expect(!site.outputFiles().contains { $0.hasSuffix(".webp") })
    }
}

extension ResponsiveImageTests {
    @Test("an SVG image gets its size (width and height in pixels, else its viewBox) and no copies")
    func vectors() async throws {
        let sized = Data("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120px\" height=\"60\"></svg>".utf8)
        let boxed = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1600 900\" width=\"100%\"></svg>".utf8)
        let fluid = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\"></svg>".utf8)
        let site = try Self.site(["a.svg": sized, "b.svg": boxed, "c.svg": fluid])
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(Self.tags(try site.page("posts/trip/index.html")) == [
            "<img src=\"/posts/trip/a.svg\" alt=\"a.svg\" decoding=\"async\" width=\"120\" height=\"60\" />",
            "<img src=\"/posts/trip/b.svg\" alt=\"b.svg\" loading=\"lazy\" decoding=\"async\" width=\"1600\" height=\"900\" />",
            "<img src=\"/posts/trip/c.svg\" alt=\"c.svg\" loading=\"lazy\" decoding=\"async\" />",
        ])
        #expect(!site.outputFiles().contains { $0.hasSuffix(".webp") })
    }

    @Test("an SVG's tag is read to its end as a browser reads it: past a > in a quoted value, at a > before a combining mark")
    func vectorTagEnds() throws {
        let quoted = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" data-note=\"a > b\" width=\"30\" height=\"40\"></svg>".utf8)
        #expect(ImageSize.of(quoted).map { [$0.width, $0.height] } == [30, 40])
        let marked = Data("<svg width='50' height=\"60\">\u{301}<g width=\"1\" height=\"2\"></g></svg>".utf8)
        #expect(ImageSize.of(marked).map { [$0.width, $0.height] } == [50, 60])
    }

    @Test("a site without images is built byte for byte as with images switched off")
    func siteWithoutImages() async throws {
        let on = try TestSite(example: "docs")
        let off = try TestSite(example: "docs")
        let configuration = try String(contentsOf: off.root.appendingPathComponent("sitegen.yml"), encoding: .utf8)
        try off.write(configuration + "\nimages: false\n", to: "sitegen.yml")
        try await on.build()
        try await off.build()
        let files = on.outputFiles()
        #expect(files == off.outputFiles())
        #expect(!files.isEmpty)
        for file in files where file != ".sitegen-manifest" {
            #expect(try Data(contentsOf: on.output.appendingPathComponent(file)) == Data(contentsOf: off.output.appendingPathComponent(file)), "\(file)")
        }
    }
}

extension ResponsiveImageTests {
    /// A JPEG `width` × `height` pixels, made by libvips from a test image.
    static func photo(width: Int, height: Int) throws -> Data {
        let source = TestSite.packageRoot.appendingPathComponent("Tests/SitegenImagesTests/Fixtures/transparent.png").path
        return Data(try ImageLibrary.make(ImageOperation(.scale, width: width, height: height, format: .jpeg, quality: 80), fromFileAt: source))
    }

    @Test("a share preview's image (og:image) is a 1200 × 630 JPEG copy of a large image; a small one is named as it is")
    func shareCopies() async throws {
        let site = try Self.site(["big.jpg": try Self.photo(width: 1600, height: 1000)], configuration: "baseURL: https://example.org/\n")
        try site.write("---\ntitle: Small\n---\n\n![small](small.png)\n", to: "content/posts/small/index.md")
        try site.write(try Self.fixture("transparent.png"), to: "content/posts/small/small.png")
        try site.write("---\ntitle: Posts\nimage: /posts/trip/big.jpg\n---\n", to: "content/posts/_index.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        let shared = "<meta property=\"og:image\" content=\"https://example.org/posts/trip/big.1200x630.jpg\">"
        #expect(try site.page("posts/trip/index.html").contains(shared))
        // A section's image named in its _index.md.
        #expect(try site.page("posts/index.html").contains(shared))
        #expect(try site.page("posts/small/index.html").contains("<meta property=\"og:image\" content=\"https://example.org/posts/small/small.png\">"))
        let copy = try Data(contentsOf: site.output.appendingPathComponent("posts/trip/big.1200x630.jpg"))
        #expect(copy.prefix(2) == Data([0xFF, 0xD8]))
        #expect(ImageSize.of(copy).map { $0 == (1200, 630) } == true)
        // The page itself still shows the image with its smaller copies.
        #expect(try site.page("posts/trip/index.html").contains("<img src=\"/posts/trip/big.jpg\" alt=\"big.jpg\" decoding=\"async\" width=\"1600\" height=\"1000\" srcset=\"/posts/trip/big.480w.webp 480w"))
        // Made once.
        let stamp = FileStamp(site.output.appendingPathComponent("posts/trip/big.1200x630.jpg").path)
        try await site.build()
        #expect(FileStamp(site.output.appendingPathComponent("posts/trip/big.1200x630.jpg").path)?.inode == stamp?.inode)
    }
}

extension ResponsiveImageTests {
    @Test("list pages' images are completed too; a tag broken over lines, a path relative to the page and single quotes are read")
    func everyOutput() async throws {
        let site = try Self.site([:], configuration: "baseURL: https://example.org/blog/\n")
        try site.write(try Self.fixture("transparent.png"), to: "static/img/wide.png")
        try site.write("---\ntitle: Posts\n---\n\n![wide](/blog/img/wide.png)\n", to: "content/posts/_index.md")
        try site.write("---\ntitle: Raw\n---\n\n<img\n  src='../../img/wide.png' alt=\"raw\">\n", to: "content/posts/raw.md")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        let copies = "srcset=\"/blog/img/wide.480w.webp 480w, /blog/img/wide.640w.webp 640w\" sizes=\"(max-width: 42rem) 100vw, 42rem\""
        #expect(try site.page("posts/index.html").contains("<img src=\"/blog/img/wide.png\" alt=\"wide\" decoding=\"async\" width=\"640\" height=\"480\" \(copies) />"))
        #expect(try site.page("posts/raw/index.html").contains("<img\nsrc='../../img/wide.png' alt=\"raw\" decoding=\"async\" width=\"640\" height=\"480\" "
                                                              + "srcset=\"../../img/wide.480w.webp 480w, ../../img/wide.640w.webp 640w\""))
    }

    @Test("a tag's end is found as a browser finds it: a > followed by a combining mark ends it, one in a quoted value does not")
    func tagEnds() async throws {
        let site = try Self.site([:])
        try site.write(try Self.fixture("transparent.png"), to: "static/img/wide.png")
        try site.write("---\ntitle: Marks\n---\n\nBefore <img src=\"/img/wide.png\">\u{301} after <b>bold</b>.\n\n"
                       + "Next <img alt=\"x > y\" src='/img/wide.png'> and <img alt='a \"b\" >' src=\"/img/wide.png\"/> end.\n",
                       to: "content/marks.md")
        _ = try await site.build()
        let page = try site.page("marks/index.html")
        let copies = "srcset=\"/img/wide.480w.webp 480w, /img/wide.640w.webp 640w\" sizes=\"(max-width: 42rem) 100vw, 42rem\""
        #expect(page.contains("Before <img src=\"/img/wide.png\" decoding=\"async\" width=\"640\" height=\"480\" \(copies)>\u{301} after <b>bold</b>."))
        #expect(page.contains("Next <img alt=\"x > y\" src='/img/wide.png' loading=\"lazy\" decoding=\"async\" width=\"640\" height=\"480\" "
                              + "srcset=\"/img/wide.480w.webp 480w, /img/wide.640w.webp 640w\" sizes=\"(max-width: 42rem) 100vw, 42rem\"> and "))
        #expect(page.contains("<img alt='a \"b\" >' src=\"/img/wide.png\" loading=\"lazy\" decoding=\"async\" width=\"640\" height=\"480\" \(copies) /> end."))
    }

    @Test("a relative image path is read from the output's folder; addresses elsewhere are not the site's")
    func relativePaths() {
        #expect(ImageTags.resolved("a.png", inOutputAt: "posts/trip/index.html", base: "") == "/posts/trip/a.png")
        #expect(ImageTags.resolved("./img/../a.png", inOutputAt: "posts/trip/index.html", base: "/blog") == "/blog/posts/trip/a.png")
        #expect(ImageTags.resolved("../../../../a.png", inOutputAt: "posts/index.html", base: "") == nil)
        #expect(ImageTags.resolved("/x/a.png", inOutputAt: "posts/index.html", base: "/blog") == "/x/a.png")
        #expect(ImageTags.resolved("https://example.org/a.png", inOutputAt: "index.html", base: "") == nil)
        #expect(ImageTags.resolved("//cdn.example.org/a.png", inOutputAt: "index.html", base: "") == nil)
        #expect(ImageTags.resolved("data:image/png;base64,AAAA", inOutputAt: "index.html", base: "") == nil)
    }
}

extension ResponsiveImageTests {
    /// The sizes of the `src` files named by a page's image tags.
    static func shown(_ site: TestSite, _ page: String) throws -> [(src: String, size: (width: Int, height: Int)?)] {
        try tags(site.page(page)).map { tag in
            let src = String(tag.components(separatedBy: "src=\"")[1].prefix { $0 != "\"" })
            let file = site.output.appendingPathComponent(String(src.dropFirst()))
            return (src, (try? Data(contentsOf: file)).flatMap(ImageSize.of))
        }
    }

    @Test("images made by operations in Hugo's and Zola's words: figure's process, imgproc, resize_image")
    func operations() async throws {
        let site = try TestSite()
        try site.write(try Self.photo(width: 1600, height: 1000), to: "content/posts/trip/big.jpg")
        try site.write("""
            ---
            title: Trip
            ---

            {{< figure src="big.jpg" process="fill 600x400 webp q80 smart" caption="Filled" >}}

            {{< imgproc big Fit "300x300" >}}Fitted{{< /imgproc >}}

            {{< resize_image path="posts/trip/big.jpg" width=320 op="fit_width" format="jpg" >}}

            {{< figure src="big.jpg" process="spin 600x400" >}}
            """, to: "content/posts/trip/index.md")
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == ["content/posts/trip/index.md:11: `spin 600x400` names no action: start it with "
                                                        + "resize, fit, fill or crop; the image is shown as it is"])
        let shown = try Self.shown(site, "posts/trip/index.html")
        #expect(shown.map(\.src) == ["/posts/trip/big.fill-600x400-smart-q80.webp", "/posts/trip/big.fit-300x300-q75.webp",
                                     "/posts/trip/big.resize-320x0-q75.jpg", "/posts/trip/big.jpg"])
        #expect(shown.map { $0.size.map { "\($0.width)x\($0.height)" } ?? "none" } == ["600x400", "300x188", "320x200", "1600x1000"])
        let html = try site.page("posts/trip/index.html")
        #expect(html.contains("src=\"/posts/trip/big.fill-600x400-smart-q80.webp\" alt=\"Filled\" width=\"600\" height=\"400\""))
        #expect(html.contains("src=\"/posts/trip/big.fit-300x300-q75.webp\" alt=\"\" width=\"300\" height=\"188\""))
        // A copy made for a page is kept by a build that keeps the page's parse (the build cache).
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions()).buildRemembering()
        try site.write("changed", to: "content/other.md")
        try await SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions()).buildRemembering()
        #expect(site.exists("posts/trip/big.fill-600x400-smart-q80.webp"))
    }

    @Test("a Zola shortcode file's resize_image gives the copy's url, width and height")
    func zolaFunction() async throws {
        let site = try TestSite()
        try site.write("base_url = \"https://example.org\"\ntitle = \"Zola\"\n", to: "config.toml")
        try site.write(try Self.photo(width: 1600, height: 1000), to: "content/posts/big.jpg")
        try site.write("+++\ntitle = \"Trip\"\n+++\n\n{{ thumb(path=\"posts/big.jpg\") }}\n", to: "content/posts/trip.md")
        try site.write("{% set image = resize_image(path=path, width=240, height=160, op=\"fill\") %}"
                       + "<img src=\"{{ image.url }}\" width=\"{{ image.width }}\" height=\"{{ image.height }}\" data-of=\"{{ image.orig_width }}\">",
                       to: "templates/shortcodes/thumb.html")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let html = try site.page("posts/trip/index.html")
        // Tera's autoescape writes `/` as `&#x2F;`, as Zola does.
        #expect(html.contains("<img src=\"&#x2F;posts&#x2F;big.fill-240x160-center-q75.webp\" width=\"240\" height=\"160\" data-of=\"1600\""))
        let copy = try Data(contentsOf: site.output.appendingPathComponent("posts/big.fill-240x160-center-q75.webp"))
        #expect(ImageSize.of(copy).map { $0 == (240, 160) } == true)
    }

    @Test("a live build names the copy an operation makes, with its size, and makes none")
    func operationsLive() async throws {
        let site = try TestSite()
        try site.write(try Self.photo(width: 1600, height: 1000), to: "content/posts/trip/big.jpg")
        try site.write("---\ntitle: Trip\n---\n\n{{< figure src=\"big.jpg\" process=\"fill 600x400\" >}}\n", to: "content/posts/trip/index.md")
        let live = LiveSiteBuilder(site: Site(), root: site.root, output: nil, configuration: nil, options: BuildOptions())
        _ = try await live.build(changed: [])
        #expect(try site.page("posts/trip/index.html").contains("<img src=\"/posts/trip/big.fill-600x400-center-q75.webp\" alt=\"\" width=\"600\" height=\"400\""))
        #expect(!site.outputFiles().contains { $0.contains("fill-") })
    }
}

extension ResponsiveImageTests {
    @Test("formats: [avif, webp] adds AVIF copies, offered first in a <picture>; the preview makes them too")
    func avif() async throws {
        try #require(ImageLibrary.canWrite(.avif), "libvips here writes no AVIF")
        let site = try Self.site(["wide.png": try Self.fixture("transparent.png")], configuration: "images:\n  formats: [avif, webp]\n")
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        #expect(summary.imageCopiesMade == 4)
        let page = try site.page("posts/trip/index.html")
        #expect(page.contains("<picture><source type=\"image/avif\" srcset=\"/posts/trip/wide.480w.avif 480w, /posts/trip/wide.640w.avif 640w\" "
                              + "sizes=\"(max-width: 42rem) 100vw, 42rem\"><img src=\"/posts/trip/wide.png\" alt=\"wide.png\" decoding=\"async\" "
                              + "width=\"640\" height=\"480\" srcset=\"/posts/trip/wide.480w.webp 480w, /posts/trip/wide.640w.webp 640w\" "
                              + "sizes=\"(max-width: 42rem) 100vw, 42rem\" /></picture>"))
        let copy = try Data(contentsOf: site.output.appendingPathComponent("posts/trip/wide.480w.avif"))
        #expect(copy.range(of: Data("ftypavif".utf8)) != nil)
        #expect(ImageCopyName("wide.480w.avif")?.operation == ImageOperation(width: 480, format: .avif, quality: 75))
        for yaml in ["images:\n  formats: [avif]\n", "images:\n  formats: [png, webp]\n", "images:\n  formats: [webp, webp]\n"] {
            let bad = try Self.site([:], configuration: yaml)
            await #expect(throws: SiteError.self) { try await bad.build() }
        }
    }
}

extension ResponsiveImageTests {
    /// A GIF of `frames` frames of one pixel on a canvas of `width` × `height`: a few bytes a frame.
    static func animation(width: Int, height: Int, frames: Int) -> Data {
        var bytes = Array("GIF89a".utf8)
        bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
        }
        return Data(bytes + [0x3B])
    }

    @Test("an animation whose frames hold more than 100 million pixels is refused with a warning, within bounded memory")
    func animationBomb() async throws {
        let site = try Self.site(["anim.gif": Self.animation(width: 2000, height: 2000, frames: 100)])
        let summary = try await site.build()
        #expect(summary.warnings.map(\.message) == ["the image /posts/trip/anim.gif cannot be made smaller: is an animation of 100 frames of "
                                                    + "2000 × 2000 pixels, more than the 100 million pixels sitegen makes (Limits: image pixels); "
                                                    + "it is published as it is, without smaller copies"])
        #expect(!site.outputFiles().contains { $0.hasSuffix(".webp") })
    }

    @Test("a changed image renders the pages that show it again in a cached build and a live build: sizes and copies as it is now")
    func changedImage() async throws {
        let site = try Self.site(["photo.jpg": try Self.fixture("oriented.jpg")])
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions())
        try await builder.buildRemembering()
        #expect(try site.page("posts/trip/index.html").contains("width=\"800\" height=\"1200\""))
        try site.write(try Self.fixture("transparent.png"), to: "content/posts/trip/photo.jpg")
        try await builder.buildRemembering()
        let page = try site.page("posts/trip/index.html")
        #expect(page.contains("width=\"640\" height=\"480\" srcset=\"/posts/trip/photo.480w.webp 480w, /posts/trip/photo.640w.webp 640w\""))
        #expect(!site.exists("posts/trip/photo.800w.webp"))

        let live = LiveSiteBuilder(site: Site(), root: site.root, output: nil, configuration: nil, options: BuildOptions())
        _ = try await live.build(changed: [])
        let file = try site.write(try Self.fixture("oriented.jpg"), to: "content/posts/trip/photo.jpg")
        _ = try await live.build(changed: [file.path])
        #expect(try site.page("posts/trip/index.html").contains("width=\"800\" height=\"1200\" srcset=\"/posts/trip/photo.480w.webp 480w, /posts/trip/photo.800w.webp 800w\""))
    }

    @Test("names read with their character references; two images whose copies would share a name get none, with a warning; sizes past the limit warn")
    func oddNames() async throws {
        let site = try Self.site(["it's.png": try Self.fixture("transparent.png"), "a.png": try Self.fixture("transparent.png"),
                                  "a.PNG": try Self.fixture("transparent.png")])
        try site.write("---\ntitle: Ops\n---\n\n{{< figure src=\"/posts/trip/a.png\" process=\"resize 99999999999999999999999x\" >}}\n\n"
                       + "{{< figure src=\"/posts/trip/a.png\" process=\"fill 9000x9000\" >}}\n", to: "content/ops.md")
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description).sorted() == [
            "content/ops.md: the image /posts/trip/a.png would name its copies as a.PNG does (rename one of them); it is published as it is, without smaller copies",
            "content/ops.md:5: `99999999999999999999999x` in `resize 99999999999999999999999x` is not a size (600x400), format (webp, avif, jpg, png, gif), quality (q75) or anchor (center, smart, topleft …); the image is shown as it is",
            "content/ops.md:7: an image made larger than 8192 pixels a side is not made; the image is shown as it is",
            "content/posts/trip/index.md: the image /posts/trip/a.PNG would name its copies as a.png does (rename one of them); it is published as it is, without smaller copies",
            "content/posts/trip/index.md: the image /posts/trip/a.png would name its copies as a.PNG does (rename one of them); it is published as it is, without smaller copies",
        ])
        let page = try site.page("posts/trip/index.html")
        #expect(page.contains("srcset=\"/posts/trip/it%27s.480w.webp 480w, /posts/trip/it%27s.640w.webp 640w\""))
        #expect(!site.outputFiles().contains { $0.hasPrefix("posts/trip/a-png.") })
    }
}

extension ResponsiveImageTests {
    /// Three posts: one showing a photo in its text, one naming a photo in its front matter,
    /// one with no image; `images.copies` names two copies; the list shows `thumb`, the page `wide`.
    static func siteWithTemplateCopies() throws -> TestSite {
        let site = try TestSite()
        try site.write("images:\n  copies:\n    thumb: fill 400x300 webp q80 smart\n    wide: resize 800x\n", to: "sitegen.yml")
        try site.write(try photo(width: 1600, height: 1000), to: "content/posts/one/shown.jpg")
        try site.write("---\ntitle: One\ndate: 2026-01-03\n---\n\n![a photo](shown.jpg)\n", to: "content/posts/one/index.md")
        try site.write(try photo(width: 1200, height: 900), to: "content/posts/two/named.jpg")
        try site.write("---\ntitle: Two\ndate: 2026-01-02\nimage: named.jpg\n---\n\nNo image in the text.\n", to: "content/posts/two/index.md")
        try site.write("---\ntitle: Three\ndate: 2026-01-01\n---\n\nNo image at all.\n", to: "content/posts/three.md")
        try site.write(try photo(width: 1000, height: 400), to: "content/posts/cover.jpg")
        try site.write("---\ntitle: Posts\nimage: cover.jpg\n---\n", to: "content/posts/_index.md")
        try site.write("""
            {{#section.imageCopies.wide}}<img class="wide" src="{{url}}" width="{{width}}" height="{{height}}" alt="">{{/section.imageCopies.wide}}
            <ul class="page-list">
            {{#pages}}
            <li>{{#imageCopies.thumb}}<img class="thumb" src="{{url}}" width="{{width}}" height="{{height}}" alt="">{{/imageCopies.thumb}}<a href="{{url}}">{{title}}</a></li>
            {{/pages}}
            </ul>

            """, to: "templates/page-list.mustache")
        try site.write("{{#page.imageCopies.wide}}<img class=\"wide\" src=\"{{url}}\" width=\"{{width}}\" height=\"{{height}}\" alt=\"\">{{/page.imageCopies.wide}}\n",
                       to: "templates/sidebar.mustache")
        return site
    }

    /// The `class="thumb"` and `class="wide"` tags of an output.
    static func templateCopyTags(_ html: String) -> [String] {
        tags(html).filter { $0.contains("class=\"thumb\"") || $0.contains("class=\"wide\"") }
    }

    @Test("images.copies: templates show named copies of each page's image (its front matter's, else its text's first), in lists and on the page, and of a section's, made once")
    func templateCopies() async throws {
        let site = try Self.siteWithTemplateCopies()
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions())
        let first = try await builder.buildRemembering()
        #expect(first.summary.warnings.isEmpty)
        #expect(Self.templateCopyTags(try site.page("posts/index.html")) == [
            "<img class=\"wide\" src=\"/posts/cover.resize-800x0-q75.webp\" width=\"800\" height=\"320\" alt=\"\" decoding=\"async\">",
            "<img class=\"thumb\" src=\"/posts/one/shown.fill-400x300-smart-q80.webp\" width=\"400\" height=\"300\" alt=\"\" loading=\"lazy\" decoding=\"async\">",
            "<img class=\"thumb\" src=\"/posts/two/named.fill-400x300-smart-q80.webp\" width=\"400\" height=\"300\" alt=\"\" loading=\"lazy\" decoding=\"async\">",
        ], "the page without an image shows none (not the section's): \(Self.templateCopyTags((try? site.page("posts/index.html")) ?? ""))")
        #expect(ImageSize.of(try Data(contentsOf: site.output.appendingPathComponent("posts/cover.resize-800x0-q75.webp"))).map { $0 == (800, 320) } == true)
        #expect(Self.templateCopyTags(try site.page("posts/one/index.html"))
            == ["<img class=\"wide\" src=\"/posts/one/shown.resize-800x0-q75.webp\" width=\"800\" height=\"500\" alt=\"\" decoding=\"async\">"],
                "the sidebar comes first: the page's first image, not lazy")
        #expect(Self.templateCopyTags(try site.page("posts/three/index.html")).isEmpty)
        for (file, size) in [("posts/one/shown.fill-400x300-smart-q80.webp", (400, 300)), ("posts/two/named.fill-400x300-smart-q80.webp", (400, 300)),
                             ("posts/one/shown.resize-800x0-q75.webp", (800, 500)), ("posts/two/named.resize-800x0-q75.webp", (800, 600))] {
            let copy = try Data(contentsOf: site.output.appendingPathComponent(file))
            #expect(ImageSize.of(copy).map { $0 == size } == true, "\(file)")
        }
        let inode = { (file: String) in
            (try? FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent(file).path))?[.systemFileNumber] as? Int
        }
        let before = inode("posts/one/shown.fill-400x300-smart-q80.webp")

        // A cached build of a changed page: the copies are kept (linked, not made again), and the
        // list that showed the page's image no longer does once its text has none.
        try site.write("---\ntitle: One\ndate: 2026-01-03\n---\n\nThe photo is gone.\n", to: "content/posts/one/index.md")
        let second = try await builder.buildRemembering()
        #expect(second.summary.imageCopiesMade == 0)
        #expect(Self.templateCopyTags(try site.page("posts/index.html")).dropFirst()
            == ["<img class=\"thumb\" src=\"/posts/two/named.fill-400x300-smart-q80.webp\" width=\"400\" height=\"300\" alt=\"\" loading=\"lazy\" decoding=\"async\">"])
        #expect(!site.exists("posts/one/shown.fill-400x300-smart-q80.webp"))
        #expect(inode("posts/two/named.fill-400x300-smart-q80.webp") != nil)
        #expect(before != nil)
    }

    @Test("page.images: a gallery template shows every image of a page bundle (its subfolders' too, not another bundle's) with its srcset and named copies, made once")
    func bundleImages() async throws {
        let site = try TestSite()
        try site.write("images:\n  copies:\n    thumb: fill 300x200 webp q80\n", to: "sitegen.yml")
        try site.write(try Self.photo(width: 1600, height: 1000), to: "content/posts/trip/ridge.jpg")
        try site.write(try Self.photo(width: 900, height: 1200), to: "content/posts/trip/more/lake.jpg")
        try site.write(try Self.photo(width: 200, height: 100), to: "content/posts/trip/icon.jpg")
        try site.write("---\ntitle: Trip\n---\n\nThe photos.\n", to: "content/posts/trip/index.md")
        try site.write(try Self.photo(width: 1000, height: 800), to: "content/posts/other/own.jpg")
        try site.write("---\ntitle: Plain\n---\n\nNo bundle.\n", to: "content/posts/plain.md")
        try site.write("""
            {{#page.images}}<img class="gallery" data-name="{{name}}" data-full="{{url}}" src="{{#imageCopies.thumb}}{{url}}{{/imageCopies.thumb}}" \
            width="{{width}}" height="{{height}}" srcset="{{srcset}}" alt="">{{/page.images}}
            {{#page.images}}<figure data-name="{{name}}">{{title}}{{#params.credit}} ({{params.credit}}){{/params.credit}}</figure>{{/page.images}}

            """, to: "templates/sidebar.mustache")
        try site.write("""
            ---
            title: Other
            resources:
              - src: own.jpg
                title: The ridge at dawn
                params: {credit: Ann}
              - src: "**.JPG"
                name: "photo-:counter"
                title: "Photo :counter"
            ---

            Another bundle.

            """, to: "content/posts/other/index.md")
        try site.write(try Self.photo(width: 600, height: 400), to: "content/posts/other/b/second.jpg")
        try site.write(try Self.photo(width: 600, height: 400), to: "content/posts/other/c/third.jpg")
        let builder = SiteBuilder(site: Site(), layout: SiteLayout(root: site.root), options: BuildOptions())
        let first = try await builder.buildRemembering()
        #expect(first.summary.warnings.isEmpty)
        // Hugo's resources metadata: the first entry that gives a field gives it; :counter counts an entry's uses.
        let figures = try site.page("posts/other/index.html").components(separatedBy: "<figure ").dropFirst().map { "<figure " + $0.prefix { $0 != "<" } }
        #expect(figures == ["<figure data-name=\"photo-1\">Photo 1", "<figure data-name=\"photo-2\">Photo 2",
                            "<figure data-name=\"photo-3\">The ridge at dawn (Ann)"])
        #expect(try site.page("posts/trip/index.html").contains("<figure data-name=\"more/lake.jpg\">more/lake.jpg</figure>"),
                "without resources, the name is the path in the bundle and the title the name")
        let gallery = { (page: String) in Self.tags(try site.page(page)).filter { $0.contains("class=\"gallery\"") } }
        #expect(try gallery("posts/trip/index.html") == [
            "<img class=\"gallery\" data-name=\"icon.jpg\" data-full=\"/posts/trip/icon.jpg\" src=\"/posts/trip/icon.fill-300x200-center-q80.webp\" "
                + "width=\"200\" height=\"100\" srcset=\"\" alt=\"\" decoding=\"async\">",
            "<img class=\"gallery\" data-name=\"more/lake.jpg\" data-full=\"/posts/trip/more/lake.jpg\" src=\"/posts/trip/more/lake.fill-300x200-center-q80.webp\" "
                + "width=\"900\" height=\"1200\" srcset=\"/posts/trip/more/lake.480w.webp 480w, /posts/trip/more/lake.900w.webp 900w\" alt=\"\" loading=\"lazy\" decoding=\"async\">",
            "<img class=\"gallery\" data-name=\"ridge.jpg\" data-full=\"/posts/trip/ridge.jpg\" src=\"/posts/trip/ridge.fill-300x200-center-q80.webp\" "
                + "width=\"1600\" height=\"1000\" srcset=\"/posts/trip/ridge.480w.webp 480w, /posts/trip/ridge.960w.webp 960w, /posts/trip/ridge.1440w.webp 1440w\" alt=\"\" loading=\"lazy\" decoding=\"async\">",
        ])
        #expect(try gallery("posts/other/index.html").count == 3)
        #expect(try gallery("posts/plain/index.html").isEmpty)
        for (file, size) in [("posts/trip/ridge.fill-300x200-center-q80.webp", (300, 200)), ("posts/trip/more/lake.fill-300x200-center-q80.webp", (300, 200)),
                             ("posts/trip/icon.fill-300x200-center-q80.webp", (200, 100))] {
            #expect(ImageSize.of(try Data(contentsOf: site.output.appendingPathComponent(file))).map { $0 == size } == true, "\(file)")
        }
        // Made once: a cached build links them all.
        try site.write("---\ntitle: Trip\n---\n\nThe photos, again.\n", to: "content/posts/trip/index.md")
        let second = try await builder.buildRemembering()
        #expect(second.summary.imageCopiesMade == 0)
        #expect(try gallery("posts/trip/index.html").count == 3)
    }

    @Test("copies that would take one name (a.jpg beside a.png and a-jpg.jpg), or a name too long for a file, leave their images without copies and warn; the build and a gallery of them work")
    func copyNamesThatCannotBe() async throws {
        let long = String(repeating: "L", count: 240)
        let site = try Self.site(["a.jpg": try Self.photo(width: 800, height: 600), "a.png": try Self.fixture("transparent.png"),
                                  "a-jpg.jpg": try Self.photo(width: 800, height: 600), "\(long).jpg": try Self.photo(width: 800, height: 600)])
        try site.write("images:\n  copies:\n    thumb: fill 300x200 webp q80\n", to: "sitegen.yml")
        try site.write("{{#page.images}}<img class=\"gallery\" src=\"{{#imageCopies.thumb}}{{url}}{{/imageCopies.thumb}}\" alt=\"{{name}}\">{{/page.images}}\n",
                       to: "templates/sidebar.mustache")
        let summary = try await site.build()
        #expect(summary.warnings.map(\.message).sorted() == [
            "the image /posts/trip/\(long).jpg has a name too long to name copies after (at most 200 bytes before the extension); it is published as it is, without smaller copies",
            "the image /posts/trip/a-jpg.jpg would name its copies as a.jpg does (rename one of them); it is published as it is, without smaller copies",
            "the image /posts/trip/a.jpg would name its copies as a-jpg.jpg does (rename one of them); it is published as it is, without smaller copies",
        ])
        let gallery = Self.tags(try site.page("posts/trip/index.html")).filter { $0.contains("class=\"gallery\"") }
        #expect(gallery.count == 4)
        #expect(gallery.filter { $0.contains("src=\"/posts/trip/") }.map { $0.contains("a-png.fill-300x200") } == [true], "\(gallery)")
        #expect(site.outputFiles().filter { $0.contains("a-jpg.") || $0.contains("L.") }.sorted() == ["posts/trip/\(long).jpg", "posts/trip/a-jpg.jpg"])
    }

    @Test("a damaged image a gallery shows (page.images) and the text does not is a warning at the page, once; the gallery shows it as it is")
    func damagedImageInGallery() async throws {
        let site = try Self.site(["shown.jpg": try Self.photo(width: 800, height: 600)])
        try site.write(Data(try Self.photo(width: 800, height: 600).prefix(300)), to: "content/posts/trip/cut.jpg")
        try site.write(Data("not an image".utf8), to: "content/posts/trip/text.jpg")
        try site.write("{{#page.images}}<img class=\"gallery\" src=\"{{url}}\" alt=\"{{name}}\">{{/page.images}}\n", to: "templates/sidebar.mustache")
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description).sorted().map { $0.components(separatedBy: ".jpg").first ?? "" } == [
            "content/posts/trip/index.md: the image /posts/trip/cut",
            "content/posts/trip/index.md: the image /posts/trip/text",
        ], "\(summary.warnings)")
        #expect(Self.tags(try site.page("posts/trip/index.html")).filter { $0.contains("class=\"gallery\"") }.count == 3)
    }

    @Test("images.copies in a live build (serve): the copies are named with their sizes, and none is made")
    func templateCopiesLive() async throws {
        let site = try Self.siteWithTemplateCopies()
        let live = LiveSiteBuilder(site: Site(), root: site.root, output: nil, configuration: nil, options: BuildOptions())
        _ = try await live.build(changed: [])
        #expect(Self.templateCopyTags(try site.page("posts/index.html")).count == 3)
        #expect(try site.page("posts/two/index.html").contains("<img class=\"wide\" src=\"/posts/two/named.resize-800x0-q75.webp\" width=\"800\" height=\"600\""))
        #expect(!site.outputFiles().contains { $0.contains("fill-") || $0.contains("resize-") })
    }
}
