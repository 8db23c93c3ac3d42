import SitegenMarkdown

/// A page's front matter and Markdown body. The body is held in memory, or, past the first
/// ``BuildOptions/heldMarkdownBytes`` of a site's Markdown, left in its file and read again
/// when the page is parsed: a build of a very large site then never holds every page's text at
/// once (100,000 pages have 0.9 GB of Markdown).
struct PageText: Sendable {
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
        case inFile(path: String, read: Reader, headBytes: Int, headHash: Int)
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
        body = .inFile(path: path, read: read, headBytes: head.count, headHash: Self.hash(head))
    }

    /// The front matter and the body, read again from the file if it was left there. A file
    /// changed since it was first read gives its new body (the page keeps the place its first
    /// front matter gave it); one gone or unreadable is an error naming it.
    func source() throws(SiteError) -> MarkdownSource {
        switch body {
        case .held(let text):
            return MarkdownSource(frontMatter: frontMatter, body: text, bodyLineOffset: bodyLineOffset)
        case .inFile(let path, let read, let headBytes, let headHash):
            let text = try read.text(path)
            let utf8 = text.utf8
            // The same bytes before the body end where they ended: at the start of a line.
            if utf8.count >= headBytes {
                let start = utf8.index(utf8.startIndex, offsetBy: headBytes)
                if Self.hash(text[..<start].utf8) == headHash {
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

    private static func hash(_ bytes: Substring.UTF8View) -> Int {
        var hasher = Hasher()
        if bytes.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in bytes { hasher.combine(byte) }
        }
        return hasher.finalize()
    }
}
