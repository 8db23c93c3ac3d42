import Foundation

/// The files a build publishes, found by the URL pages link them with.
public struct PublishedFiles: Sendable {
    /// Each file's path in the source, by URL.
    private let byURL: [String: String]
    /// Where the files are read.
    private let source: any SiteSource
    /// The site's path as URLs hold it (`/blog`, or empty).
    let basePath: String
    /// The images' sizes and smaller copies.
    let images: ImagePlan

    init(loaded: LoadedSite, basePath: String, images: ImagePlan = .none) {
        var byURL: [String: String] = [:]
        // Keys decoded, as lookups are: `/my%20file.pdf` finds `my file.pdf`.
        let base = URLPath.decoded(basePath)
        for file in loaded.files { byURL[base + "/" + file.outputPath] = file.path }
        self.byURL = byURL
        self.basePath = basePath
        self.images = images
        source = loaded.layout.source
    }

    /// The path in the site's source of the file behind a root-relative URL such as
    /// `/posts/trip/ridge.png` (`content/posts/trip/ridge.png`).
    public func path(at url: String) -> String? {
        byURL[Self.decodedPath(url)]
    }

    /// The image behind a root-relative URL, as the plan has it.
    func image(at url: String) -> PlannedImage? {
        images.image(atURL: url)
    }

    /// A URL's path without query and fragment, percent-decoded.
    private static func decodedPath(_ url: String) -> String {
        let path = String(url.prefix { $0 != "?" && $0 != "#" })
        return path.removingPercentEncoding ?? path
    }

    /// The file on disk behind a root-relative URL, when the site is read from a folder on disk.
    public func file(at url: String) -> URL? {
        guard let disk = source.folder else { return nil }
        return path(at: url).map(disk.url)
    }

    /// The bytes of the file behind a root-relative URL, if it holds at most `maximumSize`.
    public func contents(at url: String, maximumSize: Int) -> Data? {
        path(at: url).flatMap { try? source.contents(of: $0, maximumSize: maximumSize) }
    }

    /// The first `count` bytes (or fewer) of the file behind a URL: a header, read without
    /// reading a large file whole.
    func header(at url: String, count: Int) -> Data? {
        guard source.folder != nil else { return contents(at: url, maximumSize: .max)?.prefix(count) }
        guard let file = file(at: url), let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: count)
    }
}
