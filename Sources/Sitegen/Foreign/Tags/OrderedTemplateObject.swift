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

    /// The object with the member `name` (last, or in its place) of `value`.
    func adding(_ name: String, _ value: TemplateValue) -> OrderedTemplateObject {
        OrderedTemplateObject(memberNames.filter { $0 != name }.map { ($0, members[$0] ?? .null) } + [(name, value)])
    }
}
