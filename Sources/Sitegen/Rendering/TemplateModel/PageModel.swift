import SitegenMarkdown
import SitegenTemplates

/// `page` in the page template: what lists show of it (``PageSummary``) and everything else
/// about it, each member worked out when a template reads it, but for the few that themes
/// read more than once (as `{{#page.section}}…{{/page.section}}` and `{{#page.hasToc}}` with
/// `{{#page.toc}}`), worked out once.
struct PageModel: FactTemplateObject {
    let rendered: RenderedPage
    let summary: PageSummary
    let previous: TemplateValue?
    let next: TemplateValue?
    let context: TemplateContext
    private let sectionLink: TemplateValue?
    private let tableOfContents: TableOfContents

    init(rendered: RenderedPage, summary: PageSummary, section: Section?, previous: TemplateValue?, next: TemplateValue?,
         context: TemplateContext) {
        self.rendered = rendered
        self.summary = summary
        self.previous = previous
        self.next = next
        self.context = context
        if let section, !section.path.isEmpty, section.hasListPage {
            sectionLink = ["title": .text(section.title), "url": .text(context.basePath + section.url)]
        } else {
            sectionLink = nil
        }
        tableOfContents = TableOfContents(rendered.headings)
    }

    var fact: Fact { .page(rendered.page.sourcePath) }

    /// Every member of ``shape(taxonomies:)`` but those worked out from the others (and the
    /// configuration): counts and yes/no of the content, the tags and translations, the image
    /// found in the content, the absolute URL.
    var memberNames: [String] { Self.names }

    private static let names: [String] = {
        guard case .object(_, let members) = shape(taxonomies: []) else { return [] }
        let derived: Set = ["wordCount", "readingMinutes", "hasToc", "hasTags", "hasTranslations", "image", "images", "permalink"]
        return members.keys.filter { !derived.contains($0) }.sorted()
    }()

    func member(_ name: String) -> TemplateValue? {
        noteRead()
        let page = rendered.page
        switch name {
        case "title", "url", "description", "date", "dateISO", "imageCopies": return summary.member(name)
        case "content": return .text(rendered.content)
        case "titleID": return rendered.titleID.map(TemplateValue.text)
        case "image": return context.image(of: rendered).map(TemplateValue.text)
        case "images": return .list(context.bundleImages(of: page).values)
        case "permalink": return .text(context.absoluteBase + page.url)
        case "editURL":
            return context.configuration.editURL.map { .text($0.replacingOccurrences(of: "{path}", with: URLPath.encoded(page.sourcePath))) }
        case "tags":
            let hasTagPages = context.configuration.taxonomies.contains("tags")
            return .list(page.tags.map { tag in
                var entry = TemplateDictionary(["name": .text(tag)])
                if hasTagPages { entry["url"] = .text(context.termURL(taxonomy: "tags", term: tag, language: page.language)) }
                return .object(entry)
            })
        case "hasTags": return .bool(!page.tags.isEmpty)
        case "terms":
            var terms = TemplateDictionary()
            for taxonomy in context.configuration.taxonomies {
                terms[taxonomy] = .list((page.terms[taxonomy] ?? []).map {
                    ["name": .text($0), "url": .text(context.termURL(taxonomy: taxonomy, term: $0, language: page.language))]
                })
            }
            return .object(terms)
        case "summary": return .text(rendered.summary)
        case "toc": return tableOfContents.value
        case "hasToc": return .bool(tableOfContents.isWorthShowing)
        case "wordCount": return .int(rendered.wordCount)
        case "readingMinutes": return .int(rendered.readingMinutes)
        case "updated": return page.updated.map { .text(DateText.long($0, language: page.language)) }
        case "updatedISO": return page.updated.map { .text(DateText.iso($0)) }
        case "section": return sectionLink
        case "params": return .object(FrontMatterObject(frontMatter: TemplateContext.params(page.frontMatter),
                                                        language: page.language))
        case "data": return .object(FrontMatterObject(frontMatter: rendered.data, language: page.language))
        case "language": return .text(page.language)
        case "translations":
            return .list(context.translations.translations(of: .page(page.translationKey), besides: page.language, basePath: context.basePath))
        case "hasTranslations":
            return .bool(!context.translations.translations(of: .page(page.translationKey), besides: page.language, basePath: "").isEmpty)
        case "linkTitle": return .text(page.linkTitle ?? rendered.title)
        case "keywords":
            // None, rather than empty text, which a section would show: no empty `<meta name="keywords">`.
            let keywords = TemplateContext.keywords(page.frontMatter)
            return keywords.isEmpty ? nil : .text(keywords)
        case "previous": return previous
        case "next": return next
        default: return nil
        }
    }

    /// The members for checking names, given the site's taxonomies.
    static func shape(taxonomies: [String]) -> TemplateShape {
        let link = TemplateShape.list(.object(name: "term", members: ["name": .scalar, "url": .scalar]))
        var members = PageSummary.members
        members.merge([
            "content": .scalar, "titleID": .scalar, "image": .scalar, "images": .list(.object(name: "image", members: [
                "url": .scalar, "name": .scalar, "title": .scalar, "params": .any, "width": .scalar, "height": .scalar, "srcset": .scalar,
                "imageCopies": .any])), "permalink": .scalar, "editURL": .scalar, "tags": link, "hasTags": .scalar,
            "terms": .object(name: "terms", members: Dictionary(taxonomies.map { ($0, link) }, uniquingKeysWith: { $1 })),
            "summary": .scalar, "toc": TableOfContents.shape, "hasToc": .scalar, "wordCount": .scalar,
            "readingMinutes": .scalar, "updated": .scalar, "updatedISO": .scalar,
            "section": .object(name: "sectionLink", members: ["title": .scalar, "url": .scalar]),
            "params": .any, "data": .any, "linkTitle": .scalar, "keywords": .scalar,
            "previous": PageSummary.shape, "next": PageSummary.shape, "language": .scalar, "hasTranslations": .scalar,
            "translations": .list(.object(name: "translation", members: ["language": .scalar, "name": .scalar, "url": .scalar])),
        ]) { $1 }
        return .object(name: "page", members: members)
    }
}
