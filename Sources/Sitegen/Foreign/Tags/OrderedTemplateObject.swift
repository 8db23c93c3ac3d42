import SitegenTemplateDialects
import SitegenTemplates

/// An object whose members keep their order, for Liquid's loops over objects.
struct OrderedTemplateObject: IterableTemplateObject {
    let memberNames: [String]
    private let members: [String: TemplateValue]

    init(_ pairs: [(String, TemplateValue)]) {
        memberNames = pairs.map(\.0)
        members = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    func member(_ name: String) -> TemplateValue? { members[name] }
}
