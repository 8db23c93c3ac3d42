/// What a build cache keeps of a page's parse: everything of its ``ParsedPage`` but the page
/// itself, which the next build loads from its file again (a parse is used when the file's
/// revision is the same).
struct KeptParse: Sendable, CacheCodable {
    let revision: Int
    let title: String
    let description: String
    let summary: String
    let headings: [Heading]
    let content: String
    let data: FrontMatter
    let titleID: String?
    let lookups: [String]
    let warnings: [SiteError]
    let includes: [MdBookIncludes.File]
    let templateTags: ForeignTemplateTags
    /// Where this parse is in the cache file it was read from (its path, its length and its
    /// bytes): a cache written for the next build copies those bytes instead of writing them
    /// anew. `nil` for a parse made in this build.
    var stored: Range<Int>?

    init(_ parsed: ParsedPage) {
        let page = parsed.page
        revision = parsed.revision
        title = page.title
        description = page.description
        summary = page.summary
        headings = page.headings
        content = page.content
        data = page.data
        titleID = page.titleID
        lookups = parsed.lookups.sorted()
        warnings = parsed.warnings
        includes = parsed.includes
        templateTags = parsed.templateTags
    }

    /// The parse of `page`, which was loaded from the file at the revision this was kept for.
    func parsed(of page: Page) -> ParsedPage {
        ParsedPage(revision: revision,
                   page: RenderedPage(page: page, title: title, description: description, summary: summary, headings: headings,
                                      content: content, data: data, titleID: titleID),
                   lookups: Set(lookups), warnings: warnings, includes: includes, templateTags: templateTags)
    }

    func write(to writer: inout CacheWriter) {
        writer.write(revision)
        writer.write(title)
        writer.write(description)
        writer.write(summary)
        writer.write(headings)
        writer.write(content)
        writer.write(data)
        writer.write(titleID)
        writer.write(lookups)
        writer.write(warnings)
        writer.write(includes)
        writer.write(templateTags)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        revision = try reader.readInt()
        title = try reader.readString()
        description = try reader.readString()
        summary = try reader.readString()
        headings = try reader.readArray()
        content = try reader.readString()
        data = try reader.read()
        titleID = try reader.readOptionalString()
        lookups = try reader.readStrings()
        warnings = try reader.readArray()
        includes = try reader.readArray()
        templateTags = try reader.read()
    }
}
