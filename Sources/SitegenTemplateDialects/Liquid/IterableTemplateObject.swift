import SitegenTemplates

/// An object whose members a template may visit in order: a Jekyll data file
/// (`site.data.versions`), `site.categories`, a Zola `extra` table.
///
/// Liquid's `{% for pair in site.categories %}` and `| sort` see each member as a two-item
/// list `[name, value]`, in the order of ``memberNames``; Tera's `{% for key, value in map %}`
/// sees the same pairs. A plain ``TemplateDictionary`` is visited in the order of its names
/// sorted, as it keeps none of its own; any other object has no members to visit.
public protocol IterableTemplateObject: TemplateObject {
    /// The names of the members, in the order a loop visits them.
    var memberNames: [String] { get }
}

extension TemplateValue {
    /// The members of an object in the order a loop visits them, or `nil` for an object that
    /// cannot be visited.
    static func orderedMembers(of object: any TemplateObject) -> [(name: String, value: TemplateValue)]? {
        if let iterable = object as? any IterableTemplateObject {
            return iterable.memberNames.compactMap { name in object.member(name).map { (name, $0) } }
        }
        if let dictionary = object as? TemplateDictionary {
            return dictionary.members.keys.sorted().compactMap { name in dictionary.members[name].map { (name, $0) } }
        }
        return nil
    }
}
