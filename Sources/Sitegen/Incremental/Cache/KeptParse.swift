/// What a build cache keeps of a page's parse: everything of its ``ParsedPage`` but the page
/// itself, which the next build loads from its file again (a parse is used when the file's
/// revision is the same). The HTML is kept apart (``CachedPageHTML``) and read only when an
/// output that shows it is rendered.
struct KeptParse: Sendable, CacheCodable {
    /// Where the page's HTML is.
    enum HTML: Sendable {
        /// In the page parsed by this build.
        case page(RenderedPage)
        /// At a place in the cache's file of pages' HTML (`nil` until that file is open).
        case stored(CachedPageHTML.Place, in: SpillFile?)
    }

    let revision: Int
    let title: String
    let description: String
    let summary: String
    let headings: [Heading]
    var html: HTML
    let data: FrontMatter
    let titleID: String?
    let lookups: [String]
    let warnings: [SiteError]
    let includes: [MdBookIncludes.File]
    let templateTags: ForeignTemplateTags
    /// ``ImageRequest/encoded``.
    let imageRequests: [String]
    init(_ parsed: ParsedPage) {
        let page = parsed.page
        revision = parsed.revision
        title = page.title
        description = page.description
        summary = page.summary
        headings = page.headings
        html = .page(page)
        data = page.data
        titleID = page.titleID
        lookups = parsed.lookups
        warnings = parsed.warnings
        includes = parsed.includes
        templateTags = parsed.templateTags
        imageRequests = parsed.imageRequests.map(\.encoded)
    }

    /// The parse of `page`, which was loaded from the file at the revision this was kept for.
    func parsed(of page: Page) -> ParsedPage {
        let rendered = switch html {
        case .page(let made):
            made.with(page: page)
        case .stored(let place, let file):
            RenderedPage(page: page, title: title, description: description, summary: summary, headings: headings,
                         spilled: file.map { ($0, place.range, place.digest) }, data: data, titleID: titleID)
        }
        return ParsedPage(revision: revision, page: rendered, lookups: lookups, warnings: warnings, includes: includes,
                          templateTags: templateTags, imageRequests: imageRequests.compactMap(ImageRequest.init(encoded:)))
    }

    /// Writes everything but the HTML, then `html`, where the HTML is.
    func write(to writer: inout CacheWriter, html place: CachedPageHTML.Place) {
        var parse = self
        parse.html = .stored(place, in: nil)
        parse.write(to: &writer)
    }

    func write(to writer: inout CacheWriter) {
        writer.write(revision)
        writer.write(title)
        writer.write(description)
        writer.write(summary)
        writer.write(headings)
        let place = if case .stored(let place, _) = html { place } else { CachedPageHTML.Place(range: 0..<0, digest: 0) }
        writer.write(place.range.lowerBound)
        writer.write(place.range.upperBound)
        writer.write(place.digest)
        writer.write(data)
        writer.write(titleID)
        writer.write(lookups)
        writer.write(warnings)
        writer.write(includes)
        writer.write(templateTags)
        writer.write(imageRequests)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        revision = try reader.readInt()
        title = try reader.readString()
        description = try reader.readString()
        summary = try reader.readString()
        headings = try reader.readArray()
        let (lower, upper) = (try reader.readInt(), try reader.readInt())
        guard lower >= 0, lower <= upper else { throw CacheReader.Malformed() }
        html = .stored(CachedPageHTML.Place(range: lower..<upper, digest: try reader.readUInt64()), in: nil)
        data = try reader.read()
        titleID = try reader.readOptionalString()
        lookups = try reader.readStrings()
        warnings = try reader.readArray()
        includes = try reader.readArray()
        templateTags = try reader.read()
        imageRequests = try reader.readStrings()
    }
}
