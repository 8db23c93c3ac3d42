import SitegenTemplateDialects
import SitegenTemplates

/// An object of the template model that stands for a fact as a whole, such as `t` (the
/// interface's words) or `data`. A loop visits its members as the object it stands for lists them
/// (`{% for pair in site.data %}`).
struct FactValue: FactTemplateObject, IterableTemplateObject {
    let fact: Fact
    let base: any ListedTemplateObject

    var memberNames: [String] { base.memberNames }

    func member(_ name: String) -> TemplateValue? {
        noteRead()
        return base.member(name)
    }

    /// `value` standing for `fact`; a value that is not a listed object is handed on as it is
    /// (it cannot be compared: an output holding it renders in every live build).
    static func standing(for fact: Fact, _ value: TemplateValue) -> TemplateValue {
        guard case .object(let object) = value, let listed = object as? any ListedTemplateObject else { return value }
        return .object(FactValue(fact: fact, base: listed))
    }
}
