import Foundation
import SitegenImages
import SitegenLimits

/// The smaller copies of the images a site publishes (``ImageSettings``): each JPEG, PNG, WebP
/// or GIF file wider than the narrowest width gets WebP copies at the widths narrower than it
/// (and one at its own width when it is narrower than the widest), beside it: `ridge.jpg` →
/// `ridge.480w.webp`. Worked out from the files' headers when the render stage is assembled;
/// ``ImageTags`` offers the copies in `srcset`, ``ImageCopyMaker`` makes them with the static files.
///
/// A copy's name never takes a published file's path: that width is left out. Two images of
/// one folder with one name (`a.jpg`, `a.png`) get copies named after both (`a-jpg.480w.webp`).
struct ImagePlan: Sendable {
    /// Each image, by output path (`posts/trip/ridge.jpg`).
    private(set) var images: [String: PlannedImage]
    let settings: ImageSettings
    /// Why no image gets copies on this machine (libvips cannot be opened), when one would.
    let unavailability: String?
    /// Whether an image gets copies.
    private(set) var makesCopies = false
    /// How many images have a problem (counted once, not at each page that asks).
    private var problems = 0
    /// The output paths of the site's files, which no copy takes.
    private let published: Set<String>

    /// No image planned (a site rendered without its files' headers).
    static let none = ImagePlan(images: [:], settings: ImageSettings(), unavailability: nil, published: [])

    private init(images: [String: PlannedImage], settings: ImageSettings, unavailability: String?, published: Set<String>) {
        self.images = images
        self.settings = settings
        self.unavailability = unavailability
        self.published = published
        bundled = images.values.compactMap { image in image.file.contentPath.map { ($0, image.file.outputPath) } }.sorted { $0 < $1 }
        count()
    }

    /// The images of the content folder by path there, sorted: those of a page bundle are a run of them.
    private let bundled: [(contentPath: String, outputPath: String)]

    /// The images of `page`'s bundle, its subfolders' too, as published beside it (a bundle's
    /// files are published beside each translation of its page), sorted by their path in the
    /// bundle; none for a page that is not a bundle (or the content folder's own `index.md`).
    func bundleImages(of page: Page) -> [PlannedImage] {
        let folder = URLPath.folder(of: page.sourcePath)
        guard page.isBundle, !folder.isEmpty else { return [] }
        return bundleImages(inContentFolder: folder, outputFolder: String(URLPath.decoded(page.url).dropFirst()))
    }

    /// The images whose path in the content is under `folder` (`posts/trip`) and which are
    /// published under `outputFolder` (`posts/trip/`), sorted by their path.
    private func bundleImages(inContentFolder folder: String, outputFolder: String) -> [PlannedImage] {
        let prefix = folder + "/"
        // The first path not before the prefix.
        var low = 0, high = bundled.count
        while low < high {
            let middle = (low + high) / 2
            if bundled[middle].contentPath < prefix { low = middle + 1 } else { high = middle }
        }
        var found: [PlannedImage] = []
        for (contentPath, outputPath) in bundled[low...] {
            guard contentPath.hasPrefix(prefix) else { break }
            if outputPath.hasPrefix(outputFolder), let image = images[outputPath] { found.append(image) }
        }
        return found
    }

    /// Counts what ``makesCopies`` and ``hasProblems`` say, once the images are as they stay.
    private mutating func count() {
        makesCopies = images.values.contains { !$0.copies.isEmpty }
        problems = images.values.reduce(0) { $0 + ($1.problem == nil ? 0 : 1) }
    }

    /// The plan with no copies of the images at these output paths, for the reason given.
    func failing(_ problems: [String: String]) -> ImagePlan {
        var plan = self
        for (path, problem) in problems {
            plan.images[path]?.copies = []
            plan.images[path]?.problem = problem
        }
        plan.count()
        return plan
    }

    /// The site's path as URLs hold it (`/blog`, or empty).
    private(set) var basePath = ""
    /// The image behind a root-relative URL (`/blog/posts/trip/ridge.jpg`, percent-encoded or not).
    func image(atURL url: String) -> PlannedImage? {
        let path = String(url.prefix { $0 != "?" && $0 != "#" })
        let decoded = path.removingPercentEncoding ?? path
        let base = basePath.removingPercentEncoding ?? basePath
        guard decoded.hasPrefix(base + "/") else { return nil }
        return images[String(decoded.dropFirst(base.count + 1))]
    }

    /// The longest name (in bytes, before the extension) of an image whose copies are named
    /// after it: a file name has at most 255, and a copy's adds up to 40 (`.fill-8192x8192-bottomright-q100.avif`).
    static let longestStem = 200

    /// The largest side a copy asked for by an operation may have.
    static let largestSide = 8192

    /// What a page that asks for the image at `url` (root-relative, as the page links it) made
    /// by `operation` shows: the copy's request (for the build to make), its URL (the image's
    /// with the copy's file name) and size. `nil` when the URL names no image that can be made so (an SVG, an image with a problem,
    /// no libvips); a size past ``largestSide`` is refused.
    func processed(_ url: String, _ operation: ImageOperation) -> Processed? {
        guard unavailability == nil, let image = image(atURL: url), image.problem == nil, image.width > 0, let stem = image.copyStem,
              (operation.width ?? 0) <= Self.largestSide, (operation.height ?? 0) <= Self.largestSide else { return nil }
        let request = ImageRequest(image: image.file.outputPath, operation: operation)
        let size = request.copySize(ofImage: image.width, image.height)
        let name = ImageCopyName.made(stem: stem, by: operation)
        guard images[name] == nil, !published.contains(name) else { return nil }
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let folder = url.prefix { $0 != "?" && $0 != "#" }
        let copyURL = (folder.lastIndex(of: "/").map { String(folder[...$0]) } ?? "")
            + (file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file)
        return Processed(request: request, url: copyURL, width: size.width, height: size.height)
    }

    /// What a page shows of an image made by an operation.
    struct Processed: Sendable {
        /// The copy to make.
        let request: ImageRequest
        /// The URL the page names.
        let url: String
        let width: Int
        let height: Int
    }

    /// The copy a request makes.
    func copy(for request: ImageRequest) -> ImageCopy? {
        guard let image = images[request.image], let stem = image.copyStem else { return nil }
        return ImageCopy(width: request.copySize(ofImage: image.width, image.height).width, outputPath: ImageCopyName.made(stem: stem, by: request.operation))
    }

    /// A digest of what pages show of the images (sizes, copies, problems): the outputs a
    /// build keeps from the one before are rendered again when it changes (a fact every output
    /// reads, with the templates).
    var digest: String {
        var hasher = StableHasher()
        hasher.combine(basePath)
        for (path, image) in images.sorted(by: { $0.key < $1.key }) {
            hasher.combine(path)
            hasher.combine(image.width)
            hasher.combine(image.height)
            hasher.combine(image.problem ?? "")
            for copy in image.copies { hasher.combine(copy.outputPath) }
        }
        return String(hasher.finalize(), radix: 16)
    }

    /// Whether an image has a problem a page that shows it warns of.
    var hasProblems: Bool { problems > 0 }


    /// The file extensions of the images that get copies.
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif"]
    /// The file extensions of the images whose size is read; SVG images get no copies.
    static let sizedExtensions = extensions.union(["svg"])

    /// The plan for the images `loaded` publishes, from their headers (a site on disk only:
    /// libvips reads files).
    init(loaded: LoadedSite) {
        let settings = loaded.configuration.images
        defer { basePath = BaseURL.path(of: loaded.configuration.baseURL) }
        guard settings.responsive, let disk = loaded.layout.source.folder else {
            self.init(images: [:], settings: settings, unavailability: nil, published: [])
            return
        }
        let candidates = loaded.files.filter { Self.sizedExtensions.contains(Self.fileExtension(of: $0.outputPath)) }
        guard !candidates.isEmpty else {
            self.init(images: [:], settings: settings, unavailability: nil, published: [])
            return
        }
        let published = Self.published(files: loaded.files.map(\.outputPath) + loaded.pages.map { URLPath.outputFile(for: $0.url) },
                                       in: Set(candidates.map { URLPath.folder(of: $0.outputPath) }))
        // AVIF where the library writes it; else WebP alone, with one warning.
        var formats = settings.formats
        var formatWarning: String?
        if formats.contains(.avif), ImageLibrary.isAvailable, !ImageLibrary.canWrite(.avif) {
            formats.removeAll { $0 == .avif }
            formatWarning = "images get no AVIF copies: libvips here cannot write AVIF (it needs libheif with an AV1 encoder)"
        }
        // Names shared by two images of one folder (`a.jpg`, `a.png`).
        var stems: [String: Int] = [:]
        for file in candidates where Self.extensions.contains(Self.fileExtension(of: file.outputPath)) {
            stems[Self.stem(of: file.outputPath), default: 0] += 1
        }
        var images: [String: PlannedImage] = [:]
        var wantsCopies = false
        for file in candidates {
            let (width, height): (Int, Int)
            let isVector = !Self.extensions.contains(Self.fileExtension(of: file.outputPath))
            switch Self.size(of: disk.diskPath(file.path)) {
            case .size(let shownWidth, let shownHeight): (width, height) = (shownWidth, shownHeight)
            // An SVG sized by its page (`width="100%"`, no `viewBox`) has no size of its own.
            case .unreadable where isVector: continue
            case .unreadable(let problem):
                images[file.outputPath] = PlannedImage(file: file, width: 0, height: 0, problem: problem)
                continue
            }
            var image = PlannedImage(file: file, width: width, height: height)
            let stem = Self.stem(of: file.outputPath)
            if !isVector { image.copyStem = stems[stem, default: 0] > 1 ? stem + "-" + Self.fileExtension(of: file.outputPath) : stem }
            let widths = isVector ? [] : Self.copyWidths(of: width, settings: settings)
            if !widths.isEmpty {
                if width.multipliedReportingOverflow(by: height).partialValue > Limits.imagePixels || width > Limits.imagePixels
                    || height > Limits.imagePixels {
                    image.problem = "is \(width) × \(height) pixels, more than the \(Limits.imagePixels / 1_000_000) million "
                        + "sitegen makes smaller copies of (Limits: image pixels)"
                } else if let name = image.copyStem {
                    image.copies = formats.flatMap { format in
                        widths.map { ImageCopy(width: $0, format: format, outputPath: ImageCopyName.smaller(stem: name, width: $0, format: format)) }
                    }
                        .filter { !published.contains($0.outputPath) }
                    wantsCopies = wantsCopies || !image.copies.isEmpty
                }
            }
            images[file.outputPath] = image
        }
        // Two images whose copies would be named alike (`b.jpg` and `b.JPG`; `a-jpg.jpg` beside `a.jpg` and
        // `a.png`), or one whose copies' names would be too long for a file name, get no copies, with a word why.
        var byStem: [String: [String]] = [:]
        for (path, image) in images { if let stem = image.copyStem { byStem[stem, default: []].append(path) } }
        for (stem, paths) in byStem {
            let tooLong = URLPath.lastComponent(of: stem).utf8.count > Self.longestStem
            guard paths.count > 1 || tooLong else { continue }
            for path in paths {
                let others = paths.filter { $0 != path }.sorted()
                images[path]?.copyStem = nil
                images[path]?.copies = []
                images[path]?.problem = tooLong
                    ? "has a name too long to name copies after (at most \(Self.longestStem) bytes before the extension)"
                    : "would name its copies as \(others.map { URLPath.lastComponent(of: $0) }.joined(separator: " and ")) does (rename one of them)"
            }
        }
        // A path two copies would take is left to neither (`a.jpg` and `a.JPG`; `a-jpg.jpg` beside `a.jpg` and `a.png`).
        var claimed: [String: Int] = [:]
        for image in images.values { for copy in image.copies { claimed[copy.outputPath, default: 0] += 1 } }
        if claimed.values.contains(where: { $0 > 1 }) {
            images = images.mapValues { image in
                var image = image
                image.copies.removeAll { claimed[$0.outputPath, default: 0] > 1 }
                return image
            }
        }
        let unavailability = wantsCopies ? ImageLibrary.unavailability : nil
        if unavailability != nil { images = images.mapValues { image in var image = image; image.copies = []; return image } }
        self.init(images: images, settings: settings, unavailability: unavailability, published: published)
        self.formatWarning = wantsCopies ? formatWarning : nil
    }

    /// Why the copies are not in every format the settings ask for, when they are not.
    private(set) var formatWarning: String?

    /// What the site publishes (`files`, and the folders they are in) in `folders`, where the
    /// images are: no copy, which is named beside its image, takes a path of them. With few
    /// such folders each path is compared with them, not hashed with every folder above it.
    static func published(files: [String], in folders: Set<String>) -> Set<String> {
        var published: Set<String> = []
        guard folders.count <= 16 else {
            published = Set(files)
            for path in files {
                var folder = URLPath.folder(of: path)
                while !folder.isEmpty, published.insert(folder).inserted { folder = URLPath.folder(of: folder) }
            }
            return published
        }
        let prefixes = folders.map { $0.isEmpty ? "" : $0 + "/" }
        for path in files {
            for prefix in prefixes where path.utf8.starts(with: prefix.utf8) {
                // The entry of the folder that `path` is, or is in.
                let rest = path.utf8.dropFirst(prefix.utf8.count)
                let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
                published.insert(String(path[..<end]))
            }
        }
        return published
    }

    /// The image published at `outputPath` (`posts/trip/ridge.jpg`).
    func image(at outputPath: String) -> PlannedImage? {
        images[outputPath]
    }

    /// The size of a share preview's image (`og:image`): what Facebook, LinkedIn and others show
    /// best.
    static let shareSize = (width: 1200, height: 630)

    /// The share copy of the image at `outputPath` (`ridge.jpg` → `ridge.1200x630.jpg`: filled to
    /// ``shareSize``, a JPEG, which every site that shows previews reads), when it is a raster
    /// image at least that large with no problem and the name is free.
    func shareCopy(of outputPath: String) -> ImageCopy? {
        guard unavailability == nil, let image = images[outputPath], image.problem == nil, image.width >= Self.shareSize.width,
              image.height >= Self.shareSize.height, let stem = image.copyStem else { return nil }
        let path = ImageCopyName.share(stem: stem)
        guard images[path] == nil, !published.contains(path) else { return nil }
        return ImageCopy(width: Self.shareSize.width, outputPath: path)
    }

    /// Whether an image could have a share copy.
    var hasShareCandidates: Bool {
        unavailability == nil && images.values.contains { $0.problem == nil && $0.width >= Self.shareSize.width && $0.height >= Self.shareSize.height }
    }

    /// The widths of the copies of an image `width` pixels wide: those of `settings` narrower
    /// than it, and its own when it is narrower than the widest; none when it is no wider than
    /// the narrowest.
    static func copyWidths(of width: Int, settings: ImageSettings) -> [Int] {
        guard let narrowest = settings.widths.first, let widest = settings.widths.last, width > narrowest else { return [] }
        let narrower = settings.widths.filter { $0 < width }
        return width < widest ? narrower + [width] : narrower
    }

    /// The size of the image at `path` on disk, as shown: from its first 64 KB, else as libvips
    /// reads it (a JPEG whose metadata comes first and is larger).
    private static func size(of path: String) -> HeaderRead {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable("cannot be read") }
        let header = (try? handle.read(upToCount: ImageSize.headerBytes)) ?? Data()
        try? handle.close()
        if let size = ImageSize.of(header), size.width > 0, size.height > 0 { return .size(size.width, size.height) }
        let damaged = HeaderRead.unreadable("cannot be read as an image: it does not start as a JPEG, PNG, GIF or WebP file does, "
                                            + "or is cut short")
        guard header.count == ImageSize.headerBytes, header.first != UInt8(ascii: "<"), ImageLibrary.isAvailable else { return damaged }
        do {
            let info = try ImageLibrary.info(ofFileAt: path)
            return .size(info.width, info.height)
        } catch {
            return .unreadable(error.description)
        }
    }

    /// What an image's header gives.
    private enum HeaderRead {
        case size(Int, Int)
        case unreadable(String)
    }

    /// The output path without its extension: `posts/trip/ridge`.
    private static func stem(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    /// The lowercased extension of a path's file name.
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
