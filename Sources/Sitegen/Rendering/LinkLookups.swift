import Synchronization

/// What one page's links and images were looked up at: content paths, and (as ``urlKey(_:)``
/// and ``readKey(_:)`` make them) pages' URLs and files whose text the page's parse used, so
/// that the parse is made again when one of them changes.
final class LinkLookups: Sendable {
    private let paths = Mutex<Set<String>>([])

    func add(_ path: String) { _ = paths.withLock { $0.insert(path) } }

    var all: Set<String> { paths.withLock { $0 } }

    /// The lookup of a page's URL as a link written from the root names it (`docs/guide`: the
    /// URL's path decoded, without its slashes at either end). No content path starts with NUL.
    static func urlKey(_ path: String) -> String {
        "\u{0}/" + path
    }

    /// ``urlKey(_:)`` of a page's `url` (`/docs/guide/`), when links written from the root can name it.
    static func urlKey(ofURL url: String) -> String? {
        url.hasSuffix("/") && url.count > 1 ? urlKey(URLPath.decoded(String(url.dropFirst().dropLast()))) : nil
    }

    /// The lookup of a page by a scan of every page's URL or file (a Docusaurus blog route
    /// matched by its end, a Hugo reference by its path's end): made again when any page
    /// comes, goes or moves, or an alias changes.
    static let scanKey = "\u{0}*"

    /// The lookup of the text of the content file at `contentPath`: a `readfile` of it, a
    /// Zola link's fragment matched to its headings.
    static func readKey(_ contentPath: String) -> String {
        "\u{0}:" + contentPath
    }

    /// Whether `key` is a ``readKey(_:)``.
    static func isReadKey(_ key: String) -> Bool {
        var bytes = key.utf8.makeIterator()
        return bytes.next() == 0 && bytes.next() == UInt8(ascii: ":")
    }
}
