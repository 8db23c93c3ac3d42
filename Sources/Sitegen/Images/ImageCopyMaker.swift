import Foundation
import SitegenImages

/// Makes the copies an ``ImagePlan`` gives images, on all cores, through the build's output:
/// each image decoded once for all its widths (libvips, ``ImageLibrary``).
///
/// Made once: each copy is written with a key of what it is made from and how (a digest of the
/// image's bytes, the width, the format and quality, the libvips version, ``recipe``), which
/// the output's manifest keeps; the next build links the copy the build before made with the
/// same key instead of making it again.
struct ImageCopyMaker: Sendable {
    let plan: ImagePlan
    let layout: SiteLayout
    let output: OutputWriter

    /// The version of how copies are made here (orientation, sRGB, metadata stripped): a new
    /// one makes every copy again.
    static let recipe = 1

    /// What making the copies did.
    struct Outcome: Sendable {
        /// The plan without the copies of images that could not be made smaller (with why).
        let plan: ImagePlan
        /// How many copies were made, and how many linked from the build before.
        let made: Int
        let reused: Int
    }

    /// Makes (or links) every copy; an image libvips cannot make smaller keeps no copies.
    func make() async throws -> Outcome {
        guard let disk = layout.source.folder, plan.makesCopies else { return Outcome(plan: plan, made: 0, reused: 0) }
        let images = plan.images.values.filter { !$0.copies.isEmpty }.sorted { $0.file.outputPath < $1.file.outputPath }
        let (settings, version, output, layout) = (plan.settings, ImageLibrary.version, output, layout)
        let results = try await Parallel.map(images.indices) { index -> (made: Int, reused: Int, problem: String?) in
            let image = images[index]
            let path = disk.diskPath(image.file.path)
            let owner = OutputOwner.file(image.file, layout: layout)
            guard let digest = Self.digest(ofFileAt: path) else { return (0, 0, "cannot be read") }
            var missing: [ImageCopy] = []
            var keys: [Int: String] = [:]
            for copy in image.copies {
                let key = Self.key(digest: digest, width: copy.width, quality: settings.quality, version: version)
                keys[copy.width] = key
                if try !output.reuseImage(copy.outputPath, key: key, owner: owner) { missing.append(copy) }
            }
            guard !missing.isEmpty else { return (0, image.copies.count, nil) }
            let made: [Int: [UInt8]]
            do {
                made = try ImageLibrary.make(widths: missing.map(\.width), format: .webp, quality: settings.quality, fromFileAt: path)
            } catch let error as ImageError {
                return (0, 0, "cannot be made smaller: \(error.description)")
            }
            for copy in missing {
                guard let bytes = made[copy.width], !bytes.isEmpty, let key = keys[copy.width] else {
                    return (0, 0, "cannot be made smaller: libvips made no \(copy.width) pixels wide copy")
                }
                try output.writeImage(Data(bytes), to: copy.outputPath, key: key, owner: owner)
            }
            return (missing.count, image.copies.count - missing.count, nil)
        }
        var problems: [String: String] = [:]
        for (image, result) in zip(images, results) where result.problem != nil { problems[image.file.outputPath] = result.problem }
        return Outcome(plan: problems.isEmpty ? plan : plan.failing(problems),
                       made: results.reduce(0) { $0 + $1.made }, reused: results.reduce(0) { $0 + $1.reused })
    }

    /// The key of one copy: what it is made from and how.
    static func key(digest: UInt64, width: Int, quality: Int, version: String) -> String {
        var hasher = StableHasher()
        hasher.combine(digest)
        hasher.combine(width)
        hasher.combine(ImageFormat.webp.rawValue)
        hasher.combine(quality)
        hasher.combine(version)
        hasher.combine(recipe)
        return String(hasher.finalize(), radix: 16)
    }

    /// The digest of a file's bytes, read a megabyte at a time.
    private static func digest(ofFileAt path: String) -> UInt64? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = StableHasher()
        while true {
            // `nil` at the end of the file.
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { return nil }
            guard let chunk, !chunk.isEmpty else { break }
            chunk.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        return hasher.finalize()
    }
}
