import SitegenTemplates

/// What lists show of a page (`section.pages`, `term.pages`, `recent.pages`, `page.previous`):
/// built once per page and build, and shared by every list that shows it.
struct PageSummary: FactTemplateObject {
    /// The page's source path.
    let source: String
    let title: String
    let url: String
    let description: String
    let date: String?
    let dateISO: String?

    /// The copies of the page's image that `images.copies` names (``TemplateContext/imageCopies(of:)``).
    let imageCopies: ImageCopies?

    /// `page.imageCopies`: each copy's `url`, `width` and `height` by its name, and what makes them.
    struct ImageCopies: Sendable {
        var values = TemplateDictionary()
        var requests: [ImageRequest] = []
    }

    init(_ rendered: RenderedPage, basePath: String, language: String, imageCopies: ImageCopies? = nil) {
        self.imageCopies = imageCopies
        source = rendered.page.sourcePath
        title = rendered.title
        url = basePath + rendered.page.url
        description = rendered.description
        date = rendered.page.date.map { DateText.long($0, language: language) }
        dateISO = rendered.page.date.map(DateText.iso)
    }

    var fact: Fact { .listing(source) }

    var memberNames: [String] { Self.names }

    private static let names = members.keys.sorted()

    func member(_ name: String) -> TemplateValue? {
        noteRead()
        return switch name {
        case "title": .text(title)
        case "url": .text(url)
        case "description": .text(description)
        case "date": date.map(TemplateValue.text)
        case "dateISO": dateISO.map(TemplateValue.text)
        // Empty rather than missing, so that a list's page without copies never shows the
        // section's, which Mustache would find a level up.
        case "imageCopies": .object(imageCopies?.values ?? TemplateDictionary())
        default: nil
        }
    }

    static let members: [String: TemplateShape] = [
        "title": .scalar, "url": .scalar, "description": .scalar, "date": .scalar, "dateISO": .scalar,
        // Named by the site's `images.copies`.
        "imageCopies": .any,
    ]
    static let shape = TemplateShape.object(name: "pageSummary", members: members)
}
