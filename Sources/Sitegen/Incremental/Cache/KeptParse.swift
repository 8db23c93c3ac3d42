/// What a build cache keeps of a page's parse: everything of its ``ParsedPage`` but the page
/// itself, which the next build loads from its file again (a parse is used when the file's
/// revision is the same). The HTML is kept apart (``CachedPageHTML``) and read only when an
/// output that shows it is rendered; the page's details (``RenderedPage/Details``: its
/// description, summary, headings…) are read from the cache's bytes only when first asked for.
///
/// A class: the cache's table of parses hands each one on through several passes, and a copy
/// is then one reference, not one per field.
final class KeptParse: Sendable, CacheCodable {
    /// Where the page's HTML is.
    enum HTML: Sendable {
        /// In the page parsed by this build.
        case page(RenderedPage)
        /// At a place in the cache's file of pages' HTML (`nil` until that file is open).
        case stored(CachedPageHTML.Place, in: SpillFile?)
    }

    /// Where the page's details are.
    private enum Details: Sendable {
        /// In the page parsed by this build (or as a page of the cache gave them).
        case page(RenderedPage.DetailsSource)
        /// At `range` of a cache's bytes, as ``CacheWriter/writeSkippable(_:)`` wrote them.
        case stored([UInt8], range: Range<Int>)
    }

    let revision: Int
    let title: String
    let html: HTML
    private let details: Details
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
        html = .page(page)
        details = .page(page.details)
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
            RenderedPage(page: page, title: title, details: details(damaging: file), spilled: file.map { ($0, place.range, place.digest) })
        }
        return ParsedPage(revision: revision, page: rendered, lookups: lookups, warnings: warnings, includes: includes,
                          templateTags: templateTags, imageRequests: imageRequests.compactMap(ImageRequest.init(encoded:)))
    }

    /// The page's details; kept details that do not read mark `file` (the cache's file of
    /// pages' HTML) damaged, and the build is then made again from nothing (as for HTML).
    private func details(damaging file: SpillFile?) -> RenderedPage.DetailsSource {
        switch details {
        case .page(let source):
            return source
        case .stored(let bytes, let range):
            return .deferred(RenderedPage.DeferredDetails {
                var reader = CacheReader(bytes, range: range)
                if let details = try? reader.read(RenderedPage.Details.self), reader.isAtEnd { return details }
                file?.markDamaged()
                return RenderedPage.Details(description: "", summary: "", headings: [], data: .empty, titleID: nil)
            })
        }
    }

    /// Writes everything but the HTML, then `html`, where the HTML is.
    func write(to writer: inout CacheWriter, html place: CachedPageHTML.Place) {
        writer.write(revision)
        writer.write(title)
        writer.write(place.range.lowerBound)
        writer.write(place.range.upperBound)
        writer.write(place.digest)
        switch details {
        case .page(let source):
            writer.writeSkippable(source.details)
        case .stored(let bytes, let range):
            // As they were read, not read first.
            writer.appendSkippable(bytes[range])
        }
        writer.write(lookups)
        writer.write(warnings)
        writer.write(includes)
        writer.write(templateTags)
        writer.write(imageRequests)
    }

    func write(to writer: inout CacheWriter) {
        let place = if case .stored(let place, _) = html { place } else { CachedPageHTML.Place(range: 0..<0, digest: 0) }
        write(to: &writer, html: place)
    }

    convenience init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        try self.init(from: &reader, htmlIn: nil)
    }

    /// A parse as ``write(to:)`` wrote it, its HTML in `file` (the cache's file of pages' HTML, once open).
    init(from reader: inout CacheReader, htmlIn file: SpillFile?) throws(CacheReader.Malformed) {
        revision = try reader.readInt()
        title = try reader.readString()
        let (lower, upper) = (try reader.readInt(), try reader.readInt())
        guard lower >= 0, lower <= upper else { throw CacheReader.Malformed() }
        html = .stored(CachedPageHTML.Place(range: lower..<upper, digest: try reader.readUInt64()), in: file)
        guard let details = try reader.readSkippable() else { throw CacheReader.Malformed() }
        self.details = .stored(reader.source, range: details)
        lookups = try reader.readStrings()
        warnings = try reader.readArray()
        includes = try reader.readArray()
        templateTags = try reader.read()
        imageRequests = try reader.readStrings()
    }
}
