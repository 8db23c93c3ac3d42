import Foundation

/// The files a build publishes, found by the URL pages link them with.
public struct PublishedFiles: Sendable {
    private let byURL: [String: URL]

    init(loaded: LoadedSite, basePath: String) {
        var byURL: [String: URL] = [:]
        // Keys decoded, as lookups are: `/my%20file.pdf` finds `my file.pdf`.
        let base = URLPath.decoded(basePath)
        for file in loaded.files { byURL[base + "/" + file.outputPath] = file.source }
        self.byURL = byURL
    }

    /// The file on disk behind a root-relative URL such as `/posts/trip/ridge.png`.
    public func file(at url: String) -> URL? {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        return byURL[String(path).removingPercentEncoding ?? String(path)]
    }
}
