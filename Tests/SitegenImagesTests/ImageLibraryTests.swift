import Foundation
import SitegenImages
import Synchronization
import Testing

/// libvips through `ImageLibrary`: sizes, formats, orientation, metadata, animations, and
/// files that are not what they say.
@Suite("Image library")
struct ImageLibraryTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func fixture(_ name: String) -> String {
        Self.fixtures.appendingPathComponent(name).path
    }

    /// The header of `bytes`, written to a file and read back.
    private func info(of bytes: [UInt8]) throws -> ImageInfo {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-image-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        return try ImageLibrary.info(ofFileAt: file.path)
    }

    private func holds(_ bytes: [UInt8], _ text: String) -> Bool {
        holds(bytes, Array(text.utf8))
    }

    private func holds(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test("a header gives the size as shown (EXIF orientation applied), the frames and the format")
    func headers() throws {
        #expect(try ImageLibrary.info(ofFileAt: fixture("oriented.jpg")) == ImageInfo(width: 800, height: 1200, frames: 1, loader: "jpegload"))
        let gif = try ImageLibrary.info(ofFileAt: fixture("animated.gif"))
        #expect(gif.width == 300 && gif.height == 200 && gif.frames == 3 && gif.loader == "gifload")
        #expect(try ImageLibrary.info(ofFileAt: fixture("transparent.png")).loader == "pngload")
        #expect(ImageLibrary.version.hasPrefix("8."))
        #expect(ImageLibrary.isAvailable && ImageLibrary.unavailability == nil)
    }

    @Test("a resize is oriented, never wider than the original, and keeps no camera or place")
    func resize() throws {
        let made = try ImageLibrary.make(ImageOperation(width: 400), fromFileAt: fixture("oriented.jpg"))
        #expect(Array(made[8..<12]) == Array("WEBP".utf8))
        #expect(try info(of: made) == ImageInfo(width: 400, height: 600, frames: 1, loader: "webpload"))
        // No camera, no GPS position (the tag 0x8825 that points to it, in either byte order, in
        // the metadata: compressed pixels may hold any two bytes).
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("oriented.jpg"))))
        let metadata = Self.chunks(of: made).filter { ["EXIF", "XMP ", "ICCP"].contains($0.name) }.flatMap(\.bytes)
        for needle in [Array("SitegenCam".utf8), Array("Model X".utf8)] {
            let inVariant = holds(made, needle), inOriginal = holds(original, needle)
            #expect(!inVariant && inOriginal, "\(needle): the fixture holds it, the variant must not")
        }
        #expect(holds(original, [0x88, 0x25]))
        #expect(!holds(metadata, [0x88, 0x25]) && !holds(metadata, [0x25, 0x88]))

        let wide = try ImageLibrary.make(ImageOperation(width: 5_000), fromFileAt: fixture("oriented.jpg"))
        #expect(try info(of: wide).width == 800)
        let tall = try ImageLibrary.make(ImageOperation(height: 300), fromFileAt: fixture("oriented.jpg"))
        #expect(try info(of: tall) == ImageInfo(width: 200, height: 300, frames: 1, loader: "webpload"))
    }

    @Test("a set of widths: each no wider than the original, oriented, without metadata, an animation kept")
    func widths() throws {
        let made = try ImageLibrary.make(widths: [1_600, 480, 200, 480], fromFileAt: fixture("oriented.jpg"))
        #expect(made.keys.sorted() == [200, 480])
        for (width, bytes) in made {
            #expect(try info(of: bytes) == ImageInfo(width: width, height: width * 3 / 2, frames: 1, loader: "webpload"))
            let camera = holds(bytes, "SitegenCam")
            #expect(!camera)
        }
        let animated = try ImageLibrary.make(widths: [100, 200], fromFileAt: fixture("animated.gif"))
        #expect(try animated.mapValues { try info(of: $0).frames } == [100: 3, 200: 3])
        #expect(try ImageLibrary.make(widths: [5_000], fromFileAt: fixture("animated.gif")).isEmpty)
        #expect(throws: ImageError.self) { try ImageLibrary.make(widths: [100], fromFileAt: fixture("bomb.png")) }
    }

    @Test("fit stays within both sides; fill is exactly the size asked")
    func fitAndFill() throws {
        let fit = try ImageLibrary.make(ImageOperation(.fit, width: 300, height: 300), fromFileAt: fixture("oriented.jpg"))
        #expect(try info(of: fit).width == 200 && info(of: fit).height == 300)
        for anchor in [ImageOperation.Anchor.center, .smart, .topLeft] {
            let fill = try ImageLibrary.make(ImageOperation(.fill, width: 300, height: 150, anchor: anchor), fromFileAt: fixture("oriented.jpg"))
            #expect(try info(of: fill).width == 300 && info(of: fill).height == 150)
        }
    }

    @Test("each format is written as itself: WebP, AVIF where the library has it, JPEG, PNG, GIF")
    func formats() throws {
        let path = fixture("transparent.png")
        let jpeg = try ImageLibrary.make(ImageOperation(width: 100, format: .jpeg), fromFileAt: path)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let png = try ImageLibrary.make(ImageOperation(width: 100, format: .png), fromFileAt: path)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let gif = try ImageLibrary.make(ImageOperation(width: 100, format: .gif), fromFileAt: path)
        #expect(gif.starts(with: Array("GIF8".utf8)))
        let webp = try ImageLibrary.make(ImageOperation(width: 100), fromFileAt: path)
        #expect(holds(webp, "ALPH") || holds(webp, "VP8L"), "transparency kept")
        if ImageLibrary.canWrite(.avif) {
            let avif = try ImageLibrary.make(ImageOperation(width: 100, format: .avif), fromFileAt: path)
            #expect(Array(avif[4..<12]) == Array("ftypavif".utf8))
            #expect(try info(of: avif).width == 100)
        }
    }

    @Test("an animated GIF made into WebP keeps every frame")
    func animation() throws {
        let made = try ImageLibrary.make(ImageOperation(width: 150), fromFileAt: fixture("animated.gif"))
        #expect(holds(made, "ANIM"))
        let read = try info(of: made)
        #expect(read.frames == 3 && read.width == 150 && read.height == 100)
    }

    @Test("a colour profile is applied: every operation and every width converts to sRGB (the profile's red is shown green) and carries no profile")
    func colourProfile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-profiled-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try ProfiledImage.png(width: 640, height: 16, color: (255, 0, 0)).write(to: file)
        var made: [(String, [UInt8])] = ImageOperation.Mode.allCases.map { mode in
            (mode.rawValue, (try? ImageLibrary.make(ImageOperation(mode, width: 320, height: 8), fromFileAt: file.path)) ?? [])
        }
        made += try ImageLibrary.make(widths: [480, 200], fromFileAt: file.path).sorted { $0.key < $1.key }.map { ("\($0.key)w", $0.value) }
        made.append(("jpeg", try ImageLibrary.make(ImageOperation(width: 320, format: .jpeg), fromFileAt: file.path)))
        for (name, bytes) in made {
            #expect(!bytes.isEmpty, "\(name)")
            #expect(!Self.chunks(of: bytes).contains { $0.name == "ICCP" } && !holds(bytes, "ICC_PROFILE"), "\(name) keeps no profile")
            let colours = try shownColours(of: bytes)
            #expect(colours.contains { $0.green > 200 && $0.red < 80 } && !colours.contains { $0.red > 200 && $0.green < 80 },
                    "\(name): \(colours) should be green, the profile's red")
        }
    }

    @Test("a damaged colour profile (cut short, or bytes that are no profile) is an error or ignored by every operation, never a crash")
    func damagedColourProfile() throws {
        let good = ProfiledImage.profileSwappingRedAndGreen()
        for (name, profile) in [("cut short", Array(good.prefix(200))), ("no profile", [UInt8](repeating: 0x41, count: 600)),
                                ("a size past its end", [0x7F, 0xFF, 0xFF, 0xFF] + Array(good.dropFirst(4)))] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-damaged-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: file) }
            try ProfiledImage.png(width: 640, height: 16, color: (255, 0, 0), profile: profile).write(to: file)
            for mode in ImageOperation.Mode.allCases {
                do {
                    let made = try ImageLibrary.make(ImageOperation(mode, width: 320, height: 8), fromFileAt: file.path)
                    #expect(try info(of: made).width == 320, "\(name), \(mode)")
                } catch let error as ImageError {
                    #expect(!error.description.isEmpty, "\(name), \(mode)")
                }
            }
            _ = try? ImageLibrary.make(widths: [480, 200], fromFileAt: file.path)
        }
    }

    @Test("every operation makes 8-bit sRGB: of a CMYK JPEG without a profile (through libvips' CMYK profile), and of a 16-bit PNG, profiled or not")
    func cmykAndSixteenBits() throws {
        let sixteen = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-16-\(UUID().uuidString).png")
        let profiled = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-16p-\(UUID().uuidString).png")
        defer { for file in [sixteen, profiled] { try? FileManager.default.removeItem(at: file) } }
        try ProfiledImage.png(width: 64, height: 32, color: (255, 0, 0), profile: nil, sixteenBits: true).write(to: sixteen)
        try ProfiledImage.png(width: 64, height: 32, color: (255, 0, 0), sixteenBits: true).write(to: profiled)
        for (name, path, red) in [("cmyk.jpg", fixture("cmyk.jpg"), true), ("16-bit", sixteen.path, true), ("16-bit, profiled", profiled.path, false)] {
            for mode in ImageOperation.Mode.allCases {
                for format in [ImageFormat.jpeg, .png] {
                    let made = try ImageLibrary.make(ImageOperation(mode, width: 32, height: 16, format: format), fromFileAt: path)
                    if format == .jpeg {
                        #expect(Self.jpegComponents(made) == 3, "\(name), \(mode): a JPEG of three components (not CMYK's four)")
                    } else {
                        #expect(made.count > 25 && made[24] == 8, "\(name), \(mode): a PNG of 8 bits a channel")
                    }
                    let colours = try shownColours(of: made)
                    let shown = red ? colours.contains { $0.red > 200 && $0.green < 130 } : colours.contains { $0.green > 200 && $0.red < 80 }
                    #expect(shown, "\(name), \(mode), \(format): \(colours)")
                }
            }
        }
    }

    /// The number of components a JPEG's frame header gives.
    static func jpegComponents(_ jpeg: [UInt8]) -> Int? {
        var at = 2
        while at + 9 < jpeg.count, jpeg[at] == 0xFF {
            let marker = jpeg[at + 1], length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            if (0xC0...0xC2).contains(marker) { return Int(jpeg[at + 9]) }
            at += 2 + length
        }
        return nil
    }

    /// The colours of the palette of `bytes` made one pixel large, as a GIF: what the image
    /// shows on the whole (GIF's palette is read without decompressing anything).
    private func shownColours(of bytes: [UInt8]) throws -> [(red: UInt8, green: UInt8, blue: UInt8)] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-shown-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        let gif = try ImageLibrary.make(ImageOperation(.scale, width: 1, height: 1, format: .gif), fromFileAt: file.path)
        guard gif.count > 13, gif[10] & 0x80 != 0 else { return [] }
        let entries = 2 << Int(gif[10] & 7)
        return (0..<entries).compactMap { index in
            let at = 13 + index * 3
            return at + 2 < gif.count ? (gif[at], gif[at + 1], gif[at + 2]) : nil
        }
    }

    @Test("a truncated or corrupt file, or one that is no image, is an error, not a crash")
    func badFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: fixture("oriented.jpg")))
        let cases: [(String, Data)] = [
            ("truncated.jpg", original.prefix(original.count / 3)),
            ("garbage.jpg", Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })),
            ("text.png", Data("not an image at all\n".utf8)),
            ("empty.webp", Data()),
        ]
        for (name, bytes) in cases {
            let path = folder.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(throws: ImageError.self, "\(name)") { try ImageLibrary.make(ImageOperation(width: 100), fromFileAt: path) }
        }
        #expect(throws: ImageError.self) { try ImageLibrary.info(ofFileAt: folder.appendingPathComponent("missing.jpg").path) }
    }

    @Test("two images failing at once each report their own error (libvips keeps one error buffer for all threads)")
    func errorsOfImagesFailingAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let webp = folder.appendingPathComponent("cut.webp"), gif = folder.appendingPathComponent("cut.gif")
        try Data(try ImageLibrary.make(ImageOperation(width: 200), fromFileAt: fixture("transparent.png")).prefix(60)).write(to: webp)
        try Data(try Data(contentsOf: URL(fileURLWithPath: fixture("animated.gif"))).prefix(30)).write(to: gif)
        let messages = Mutex<[(file: String, message: String)]>([])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let file = index % 2 == 0 ? webp : gif
            do {
                _ = try ImageLibrary.make(widths: [100, 50], fromFileAt: file.path)
            } catch {
                messages.withLock { $0.append((file.lastPathComponent, String(describing: error))) }
            }
        }
        let all = messages.withLock { $0 }
        #expect(all.count == 200)
        for (file, message) in all {
            let other = file == "cut.webp" ? "gif" : "webp"
            #expect(!message.lowercased().contains(other), "\(file): \(message)")
        }
    }

    @Test("a decompression bomb (50,000 × 50,000 pixels in a few hundred bytes) is refused before it is decoded")
    func bomb() throws {
        #expect(try ImageLibrary.info(ofFileAt: fixture("bomb.png")).width == 50_000)
        do {
            _ = try ImageLibrary.make(ImageOperation(width: 100), fromFileAt: fixture("bomb.png"))
            Issue.record("the bomb was decoded")
        } catch {
            #expect(error.description.contains("50000 × 50000 pixels"))
            #expect(error.description.contains("Limits: image pixels"))
        }
    }

    /// The chunks of a WebP file (RIFF): each one's four-character name and bytes.
    static func chunks(of webp: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        var chunks: [(name: String, bytes: [UInt8])] = []
        var at = 12
        while at + 8 <= webp.count {
            let name = String(decoding: webp[at..<at + 4], as: UTF8.self)
            let size = Int(webp[at + 4]) | Int(webp[at + 5]) << 8 | Int(webp[at + 6]) << 16 | Int(webp[at + 7]) << 24
            let end = min(webp.count, at + 8 + size)
            chunks.append((name, Array(webp[(at + 8)..<end])))
            at = end + (size & 1)
        }
        return chunks
    }
}
