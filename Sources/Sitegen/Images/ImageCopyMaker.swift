import Foundation
import SitegenImages

/// Makes the copies an ``ImagePlan`` gives images, on all cores, through the build's output:
/// the smaller copies of every image (each decoded once for all its widths), and the share
/// copies of the images pages show in share previews. libvips does the work (``ImageLibrary``).
///
/// Made once: each copy is written with a key of what it is made from and how (a digest of the
/// image's bytes, the operation, the libvips version, ``recipe``), which the output's manifest
/// keeps; the next build links the copy the build before made with the same key instead of
/// making it again.
struct ImageCopyMaker: Sendable {
    let plan: ImagePlan
    let layout: SiteLayout
    let output: OutputWriter

    /// The version of how copies are made here (orientation, sRGB, metadata stripped): a new
    /// one makes every copy again.
    static let recipe = 3

    /// What making the smaller copies did.
    struct Outcome: Sendable {
        /// The plan without the copies of images that could not be made smaller (with why).
        let plan: ImagePlan
        /// How many copies were made, and how many linked from the build before.
        let made: Int
        let reused: Int
    }

    /// Makes (or links) every smaller copy; an image libvips cannot make smaller keeps none.
    func make() async throws -> Outcome {
        guard layout.source.folder != nil, plan.makesCopies else { return Outcome(plan: plan, made: 0, reused: 0) }
        let images = plan.images.values.filter { !$0.copies.isEmpty }.sorted { $0.file.outputPath < $1.file.outputPath }
        let quality = plan.settings.quality
        let results = try await Parallel.map(images.indices) { [self] index in
            let image = images[index]
            return try produce(image, copies: image.copies, operation: { ImageOperation(width: $0.width, format: $0.format, quality: quality) }) {
                (path: String, missing: [ImageCopy]) throws(ImageError) -> [String: [UInt8]] in
                var byPath: [String: [UInt8]] = [:]
                // Decoded once for all the widths of a format.
                for format in ImageFormat.allCases where missing.contains(where: { $0.format == format }) {
                    let copies = missing.filter { $0.format == format }
                    let made = try ImageLibrary.make(widths: copies.map(\.width), format: format, quality: quality, fromFileAt: path)
                    for copy in copies { byPath[copy.outputPath] = made[copy.width] }
                }
                return byPath
            }
        }
        var problems: [String: String] = [:]
        for (image, result) in zip(images, results) where result.problem != nil { problems[image.file.outputPath] = result.problem }
        return Outcome(plan: problems.isEmpty ? plan : plan.failing(problems),
                       made: results.reduce(0) { $0 + $1.made }, reused: results.reduce(0) { $0 + $1.reused })
    }

    /// Makes (or links) the share copy (``ImagePlan/shareCopy(of:)``) of each image at `paths`
    /// that gets one; the copies' output paths by their images'.
    func makeShareCopies(of paths: Set<String>) async throws -> [String: String] {
        guard layout.source.folder != nil else { return [:] }
        let shared = shareCopies(of: paths)
        let operation = Self.shareOperation
        let results = try await Parallel.map(shared.indices) { [self] index in
            let (image, copy) = shared[index]
            return try produce(image, copies: [copy], operation: { _ in operation }) {
                (path: String, _: [ImageCopy]) throws(ImageError) -> [String: [UInt8]] in
                [copy.outputPath: try ImageLibrary.make(operation, fromFileAt: path)]
            }
        }
        var copies: [String: String] = [:]
        for ((image, copy), result) in zip(shared, results) where result.problem == nil { copies[image.file.outputPath] = copy.outputPath }
        return copies
    }

    /// The share copies ``makeShareCopies(of:)`` makes, not made: a preview's pages name them,
    /// and the preview makes each when a browser asks for it (copies that fail are then sent
    /// as the image itself).
    func shareCopyNames(of paths: Set<String>) -> [String: String] {
        guard layout.source.folder != nil else { return [:] }
        return Dictionary(shareCopies(of: paths).map { ($0.0.file.outputPath, $0.1.outputPath) }, uniquingKeysWith: { first, _ in first })
    }

    private func shareCopies(of paths: Set<String>) -> [(PlannedImage, ImageCopy)] {
        paths.sorted().compactMap { path in plan.shareCopy(of: path).flatMap { copy in plan.image(at: path).map { ($0, copy) } } }
    }

    /// Makes (or links) the copies pages ask for by operations (``ImageRequest``); warnings for
    /// those libvips could not make, whose places hold the image itself (a browser shows it).
    func make(_ requests: Set<ImageRequest>) async throws -> [SiteError] {
        guard layout.source.folder != nil, !requests.isEmpty else { return [] }
        let byImage = Dictionary(grouping: requests, by: \.image).sorted { $0.key < $1.key }
        let results = try await Parallel.map(byImage.indices) { [self] index -> [SiteError] in
            let (path, asked) = byImage[index]
            guard let image = plan.image(at: path) else { return [] }
            let wanted = asked.compactMap { request in plan.copy(for: request).map { (request, $0) } }
            let operations = Dictionary(wanted.map { ($0.1.outputPath, $0.0.operation) }, uniquingKeysWith: { first, _ in first })
            let result = try produce(image, copies: wanted.map(\.1), operation: { operations[$0.outputPath] ?? ImageOperation() }) {
                (file: String, missing: [ImageCopy]) throws(ImageError) -> [String: [UInt8]] in
                var made: [String: [UInt8]] = [:]
                for copy in missing { if let operation = operations[copy.outputPath] { made[copy.outputPath] = try ImageLibrary.make(operation, fromFileAt: file) } }
                return made
            }
            guard let problem = result.problem, let disk = layout.source.folder else { return [] }
            // The copies' places hold the image itself, so that no page names a missing file.
            for (_, copy) in wanted {
                try output.copy(disk.url(of: image.file.path), to: copy.outputPath, owner: OutputOwner.file(image.file, layout: layout))
            }
            return [SiteError(file: image.file.path, "\(problem); the pages that ask for it in another size show it as it is")]
        }
        return results.flatMap { $0 }
    }

    /// How a share copy is made: filled to ``ImagePlan/shareSize`` around what the eye goes to,
    /// a JPEG at quality 80.
    static let shareOperation = ImageOperation(.fill, width: ImagePlan.shareSize.width, height: ImagePlan.shareSize.height,
                                               format: .jpeg, quality: 80, anchor: .smart)

    /// Links the copies of `image` the build before made alike, and makes the others with
    /// `make` (given the image's path on disk and the copies to make; their bytes by path).
    private func produce(_ image: PlannedImage, copies: [ImageCopy], operation: (ImageCopy) -> ImageOperation,
                         make: (String, [ImageCopy]) throws(ImageError) -> [String: [UInt8]]) throws -> (made: Int, reused: Int, problem: String?) {
        guard let disk = layout.source.folder else { return (0, 0, nil) }
        let path = disk.diskPath(image.file.path)
        let owner = OutputOwner.file(image.file, layout: layout)
        guard let digest = Self.digest(ofFileAt: path) else { return (0, 0, "cannot be read") }
        var missing: [ImageCopy] = []
        var keys: [String: String] = [:]
        for copy in copies {
            let key = Self.key(digest: digest, operation: operation(copy))
            keys[copy.outputPath] = key
            if try !output.reuseImage(copy.outputPath, key: key, owner: owner) { missing.append(copy) }
        }
        guard !missing.isEmpty else { return (0, copies.count, nil) }
        let made: [String: [UInt8]]
        do {
            made = try make(path, missing)
        } catch {
            return (0, 0, "cannot be made smaller: \(error.description)")
        }
        for copy in missing {
            guard let bytes = made[copy.outputPath], !bytes.isEmpty, let key = keys[copy.outputPath] else {
                return (0, 0, "cannot be made smaller: libvips made no copy \(copy.width) pixels wide")
            }
            try output.writeImage(Data(bytes), to: copy.outputPath, key: key, owner: owner)
        }
        return (missing.count, copies.count - missing.count, nil)
    }

    /// The key of one copy: what it is made from and how.
    static func key(digest: UInt64, operation: ImageOperation) -> String {
        var hasher = StableHasher()
        hasher.combine(digest)
        hasher.combine(operation.nameSuffix)
        hasher.combine(operation.mode.rawValue)
        hasher.combine(ImageLibrary.version)
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
