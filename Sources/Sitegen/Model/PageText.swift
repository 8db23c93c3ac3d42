import SitegenMarkdown

/// A page's front matter and Markdown body. The body is held in memory, or, past the first
/// ``BuildOptions/heldMarkdownBytes`` of a site's Markdown, left in its file and read again
/// when the page is parsed: a build of a very large site then never holds every page's text at
/// once (100,000 pages have 0.9 GB of Markdown).
final class PageText: Sendable {
    /// Reads a content file's text again (by its content path), line ends as the first read
    /// made them (`\r\n` read as `\n`), and names a file as errors show it.
    struct Reader: Sendable {
        let text: @Sendable (_ path: String) throws(SiteError) -> String
        let shown: @Sendable (_ path: String) -> String
    }

    private enum Body: Sendable {
        case held(Substring)
        /// The file, the reader, and the size and hash of what comes before the body in its
        /// text: a file whose front matter changed since is cut again.
        case inFile(path: String, read: Reader, headBytes: Int, headDigest: UInt64)
    }

    /// What a build cache keeps of a text, to leave its body in the file the next build:
    /// the front matter, and the size and digest of what comes before the body.
    struct Kept: Sendable {
        let frontMatter: FrontMatter
        let bodyLineOffset: Int
        let byteCount: Int
        let headBytes: Int
        let headDigest: UInt64
    }

    /// The front matter as written.
    let frontMatter: FrontMatter
    /// How many lines of the file come before the body.
    let bodyLineOffset: Int
    /// The body's size in bytes (UTF-8), as first read.
    let byteCount: Int
    private let body: Body

    /// A text held in memory.
    init(holding source: MarkdownSource) {
        frontMatter = source.frontMatter
        bodyLineOffset = source.bodyLineOffset
        byteCount = source.body.utf8.count
        body = .held(source.body)
    }

    /// A text whose body is left in the file at content path `path` (the front matter kept), read
    /// by `read` when asked for.
    init(leaving source: MarkdownSource, in path: String, read: Reader) {
        frontMatter = source.frontMatter
        bodyLineOffset = source.bodyLineOffset
        byteCount = source.body.utf8.count
        let head = source.body.base.utf8[..<source.body.startIndex]
        body = .inFile(path: path, read: read, headBytes: head.count, headDigest: Self.digest(head))
    }

    /// The text a build cache kept, its body left in the file at content path `path`.
    init(kept: Kept, in path: String, read: Reader) {
        frontMatter = kept.frontMatter
        bodyLineOffset = kept.bodyLineOffset
        byteCount = kept.byteCount
        body = .inFile(path: path, read: read, headBytes: kept.headBytes, headDigest: kept.headDigest)
    }

    /// What a build cache keeps of this text.
    var kept: Kept {
        switch body {
        case .held(let text):
            let head = text.base.utf8[..<text.startIndex]
            return Kept(frontMatter: frontMatter, bodyLineOffset: bodyLineOffset, byteCount: byteCount, headBytes: head.count,
                        headDigest: Self.digest(head))
        case .inFile(_, _, let headBytes, let headDigest):
            return Kept(frontMatter: frontMatter, bodyLineOffset: bodyLineOffset, byteCount: byteCount, headBytes: headBytes,
                        headDigest: headDigest)
        }
    }

    /// The front matter and the body, read again from the file if it was left there. A file
    /// changed since it was first read gives its new body (the page keeps the place its first
    /// front matter gave it); one gone or unreadable is an error naming it.
    func source() throws(SiteError) -> MarkdownSource {
        switch body {
        case .held(let text):
            return MarkdownSource(frontMatter: frontMatter, body: text, bodyLineOffset: bodyLineOffset)
        case .inFile(let path, let read, let headBytes, let headDigest):
            let text = try read.text(path)
            let utf8 = text.utf8
            // The same bytes before the body end where they ended: at the start of a line.
            if utf8.count >= headBytes {
                let start = utf8.index(utf8.startIndex, offsetBy: headBytes)
                if Self.digest(text[..<start].utf8) == headDigest {
                    return MarkdownSource(frontMatter: frontMatter, body: text[start...], bodyLineOffset: bodyLineOffset)
                }
            }
            do {
                let split = try MarkdownSource(text: text)
                return MarkdownSource(frontMatter: frontMatter, body: split.body, bodyLineOffset: split.bodyLineOffset)
            } catch {
                throw SiteError(file: read.shown(path), line: error.line, "changed while the site was built: " + error.message)
            }
        }
    }

    /// A digest that is the same in every process (a build cache keeps it).
    private static func digest(_ bytes: Substring.UTF8View) -> UInt64 {
        var hasher = StableHasher()
        if bytes.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            hasher.combine(String(Substring(bytes)))
        }
        return hasher.finalize()
    }
}
