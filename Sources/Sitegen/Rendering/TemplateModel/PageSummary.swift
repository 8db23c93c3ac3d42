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

    init(_ rendered: RenderedPage, basePath: String, language: String) {
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
        default: nil
        }
    }

    static let members: [String: TemplateShape] = [
        "title": .scalar, "url": .scalar, "description": .scalar, "date": .scalar, "dateISO": .scalar,
    ]
    static let shape = TemplateShape.object(name: "pageSummary", members: members)
}
