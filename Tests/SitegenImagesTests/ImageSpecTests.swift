import Foundation
import SitegenImages
import Testing

/// Operations as Hugo's specs and Zola's `resize_image` write them, and what they make.
@Suite("Image specs")
struct ImageSpecTests {
    private static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/oriented.jpg").path

    @Test("Hugo's specs: sizes, formats, qualities and anchors in any order and case, the action first or given apart")
    func hugoSpecs() throws {
        #expect(try ImageOperation(hugo: "600x", mode: .resize) == ImageOperation(.resize, width: 600))
        #expect(try ImageOperation(hugo: "x400", mode: .resize) == ImageOperation(.resize, height: 400))
        #expect(try ImageOperation(hugo: "fill 600x400 webp q80 center")
                == ImageOperation(.fill, width: 600, height: 400, format: .webp, quality: 80, anchor: .center))
        #expect(try ImageOperation(hugo: "Q90 TopLeft 300x200 JPG", mode: .crop)
                == ImageOperation(.crop, width: 300, height: 200, format: .jpeg, quality: 90, anchor: .topLeft))
        #expect(try ImageOperation(hugo: "fit 800x800 png Lanczos photo #ffffff")
                == ImageOperation(.fit, width: 800, height: 800, format: .png))
        #expect(try ImageOperation(hugo: "resize 1200x avif").format == .avif)
    }

    @Test("a spec that cannot be made says which word is wrong", arguments: [
        ("resize 600x400 r90", "rotating"), ("fit 600x", "needs a width and a height"), ("resize 600x q0", "between q1 and q100"),
        ("resize 600x tif", "`tif`"), ("resize 600x bogus", "`bogus`"), ("resize webp q80", "gives no size"),
        ("600x", "names no action"), ("resize 0x0", "`0x0`"), ("resize x", "`x`"),
    ])
    func badHugoSpecs(spec: String, message: String) {
        #expect {
            try ImageOperation(hugo: spec)
        } throws: { error in
            (error as? ImageSpecError)?.description.contains(message) == true
        }
    }

    @Test("Zola's resize_image operations map onto the same operations")
    func zolaOperations() throws {
        #expect(try ImageOperation(zola: "scale", width: 300, height: 200) == ImageOperation(.scale, width: 300, height: 200))
        #expect(try ImageOperation(zola: "fit_width", width: 300, height: 999) == ImageOperation(.resize, width: 300))
        #expect(try ImageOperation(zola: "fit_height", width: nil, height: 200) == ImageOperation(.resize, height: 200))
        #expect(try ImageOperation(zola: "fit", width: 300, height: 300, format: "jpg", quality: 60)
                == ImageOperation(.fit, width: 300, height: 300, format: .jpeg, quality: 60))
        #expect(try ImageOperation(width: 300, height: 300, format: "auto") == ImageOperation(.fill, width: 300, height: 300))
        for (op, width, height, format, quality) in [("stretch", 1, 1, "auto", 75), ("fit_width", 0, 10, "auto", 75),
                                                      ("fill", 10, 10, "bmp", 75), ("fill", 10, 10, "auto", 101)] {
            #expect(throws: ImageSpecError.self, "\(op) \(format) \(quality)") {
                try ImageOperation(zola: op, width: width, height: height, format: format, quality: quality)
            }
        }
    }

    @Test("each action makes the size it promises; anchors choose the part kept")
    func madeSizes() throws {
        func size(_ operation: ImageOperation) throws -> (Int, Int) {
            let bytes = try ImageLibrary.make(operation, fromFileAt: Self.photo)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-spec-\(UUID().uuidString).webp")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(bytes).write(to: file)
            let info = try ImageLibrary.info(ofFileAt: file.path)
            return (info.width, info.height)
        }
        // The photograph is 800 × 1200 as shown.
        #expect(try size(ImageOperation(hugo: "crop 300x200")) == (300, 200))
        #expect(try size(ImageOperation(hugo: "crop 2000x100")) == (800, 100))
        #expect(try size(ImageOperation(zola: "scale", width: 300, height: 300)) == (300, 300))
        #expect(try size(ImageOperation(hugo: "fill 300x100 bottom")) == (300, 100))
        #expect(try size(ImageOperation(hugo: "fit 300x300")) == (200, 300))
        let top = try ImageLibrary.make(ImageOperation(hugo: "fill 300x100 top"), fromFileAt: Self.photo)
        let bottom = try ImageLibrary.make(ImageOperation(hugo: "fill 300x100 bottom"), fromFileAt: Self.photo)
        #expect(top != bottom, "the top and the bottom of the photograph differ")
        let left = try ImageLibrary.make(ImageOperation(hugo: "crop 100x1200 left"), fromFileAt: Self.photo)
        let right = try ImageLibrary.make(ImageOperation(hugo: "crop 100x1200 right"), fromFileAt: Self.photo)
        #expect(left != right)
    }
}
