import Foundation
import SitegenMarkdown

/// A Markdown file of the content folder, loaded and placed at its URL, not yet rendered.
/// Page processors (``Site/pageProcessors``) may change what is `var`; the URL and file stay.
///
/// A page is a value kept in one shared, immutable box (a change makes a new one), so that
/// lists of thousands of pages pass around without copying every field.
public struct Page: Sendable {
    /// The fields of a page, as one value.
    private struct Fields: Sendable {
        let sourcePath: String
        let language: String
        let sitePath: String
        let translationKey: String
        let url: String
        let sectionPath: String
        let isBundle: Bool
        var frontMatter: FrontMatter
        var explicitTitle: String?
        let fileTitle: String
        var date: Date?
        var updated: Date?
        let isDraft: Bool
        var weight: Int
        var layout: String?
        var terms: [String: [String]]
        var aliases: [String]
        var description: String?
        var summary: String?
        var linkTitle: String?
        var data: FrontMatter
        let text: PageText
        var revision: Int
    }

    /// The box pages share; a change makes a new one.
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    init(sourcePath: String, language: String, sitePath: String, translationKey: String, url: String, sectionPath: String,
         isBundle: Bool, frontMatter: FrontMatter, explicitTitle: String?, fileTitle: String, date: Date?, updated: Date?, isDraft: Bool, weight: Int, layout: String?, terms: [String: [String]],
         aliases: [String], description: String?, summary: String? = nil, linkTitle: String? = nil, data: FrontMatter = .empty,
         text: PageText) {
        storage = Storage(Fields(sourcePath: sourcePath, language: language, sitePath: sitePath, translationKey: translationKey, url: url, sectionPath: sectionPath, isBundle: isBundle, frontMatter: frontMatter,
                                 explicitTitle: explicitTitle, fileTitle: fileTitle, date: date, updated: updated, isDraft: isDraft,
                                 weight: weight, layout: layout, terms: terms, aliases: aliases, description: description,
                                 summary: summary, linkTitle: linkTitle, data: data,
                                 text: text, revision: 0))
    }

    /// Changes the fields in a new box (page processors change pages rarely; lists copy them often).
    private mutating func change(_ update: (inout Fields) -> Void) {
        var fields = storage.fields
        update(&fields)
        storage = Storage(fields)
    }

    /// The file, relative to the content folder (`posts/hello.md`, `posts/trip/index.md`).
    public var sourcePath: String { _read { yield storage.fields.sourcePath } }
    /// The code of the page's language (`en`, `fr`): its file's suffix (`hello.fr.md`) or
    /// top-level folder (`fr/hello.md`) in a site with `languages:`, else the site's `language`.
    public var language: String { _read { yield storage.fields.language } }
    /// The file's path without its language code, below its language's folder (`fr/posts/hello.md`
    /// for `posts/hello.fr.md`): where it sits in its language's tree of sections.
    var sitePath: String { _read { yield storage.fields.sitePath } }
    /// What the page shares with its translations: its `translationKey`, else its path without
    /// any language (`posts/hello.md`).
    public var translationKey: String { _read { yield storage.fields.translationKey } }
    /// The page's URL path in the site, such as `/posts/hello/`, percent-encoded for links
    /// (`/posts/c%23-tips/` for `C# tips.md`, written at `posts/c#-tips/index.html`).
    public var url: String { _read { yield storage.fields.url } }
    /// The path of the section the page belongs to (`posts`; empty for the top level).
    public var sectionPath: String { _read { yield storage.fields.sectionPath } }
    /// Whether the page is a bundle (`folder/index.md`) whose other files are published beside it.
    public var isBundle: Bool { storage.fields.isBundle }
    /// The front matter as written.
    public var frontMatter: FrontMatter {
        _read { yield storage.fields.frontMatter }
        set { change { $0.frontMatter = newValue } }
    }
    /// `title` from the front matter, if given.
    public var explicitTitle: String? {
        _read { yield storage.fields.explicitTitle }
        set { change { $0.explicitTitle = newValue } }
    }
    /// The title from the file name, for pages with neither a `title` nor a `#` heading.
    public var fileTitle: String { _read { yield storage.fields.fileTitle } }
    /// `date`, or the `YYYY-MM-DD-` prefix of the file name.
    public var date: Date? {
        _read { yield storage.fields.date }
        set { change { $0.date = newValue } }
    }
    /// `updated`.
    public var updated: Date? {
        _read { yield storage.fields.updated }
        set { change { $0.updated = newValue } }
    }
    /// `draft: true`.
    public var isDraft: Bool { storage.fields.isDraft }
    /// `weight`, for ordering (lower first). Default 0.
    public var weight: Int {
        _read { yield storage.fields.weight }
        set { change { $0.weight = newValue } }
    }
    /// `layout`: the template to render with instead of `page`.
    public var layout: String? {
        _read { yield storage.fields.layout }
        set { change { $0.layout = newValue } }
    }
    /// `tags`.
    public var tags: [String] { terms["tags"] ?? [] }
    /// The page's terms of every taxonomy (`tags`, and any in `taxonomies:` of sitegen.yml).
    public var terms: [String: [String]] {
        _read { yield storage.fields.terms }
        set { change { $0.terms = newValue } }
    }
    /// `aliases`: old URLs that redirect to this page.
    public var aliases: [String] {
        _read { yield storage.fields.aliases }
        set { change { $0.aliases = newValue } }
    }
    /// `description` (else Hugo's `summary`, Jekyll's `excerpt`), if given.
    public var description: String? {
        _read { yield storage.fields.description }
        set { change { $0.description = newValue } }
    }
    /// Hugo's `summary` or Jekyll's `excerpt`, if given: the page's summary in lists and feeds,
    /// instead of its text before `<!--more-->` or its first paragraph.
    public var summary: String? {
        _read { yield storage.fields.summary }
        set { change { $0.summary = newValue } }
    }
    /// Hugo's `linkTitle`, if given: a short title for navigation (the menu, `site.nav`).
    public var linkTitle: String? {
        _read { yield storage.fields.linkTitle }
        set { change { $0.linkTitle = newValue } }
    }
    /// Values plugins add for templates, as `page.data.KEY`.
    public var data: FrontMatter {
        _read { yield storage.fields.data }
        set { change { $0.data = newValue } }
    }
    /// The front matter and the Markdown body (``PageText/source()`` reads it).
    var text: PageText { _read { yield storage.fields.text } }
    /// Which read of the file this is, in a live build (0 otherwise): a page parsed from the same
    /// revision parses the same.
    var revision: Int {
        get { storage.fields.revision }
        set { change { $0.revision = newValue } }
    }

    /// Whether `sitemap.xml` lists the page: not when its front matter says `sitemap: false`
    /// (as jekyll-sitemap reads it), nor a 404 page.
    var isInSitemap: Bool {
        frontMatter["sitemap"] != .bool(false) && URLPath.lastComponent(of: url) != "404.html"
    }
}
