import SitegenTemplates

/// A template object that can list its members, so that what templates can see of it can be
/// fingerprinted (``FactFingerprint``). An object that cannot (a plugin's own) makes the output
/// that holds it render in every live build.
protocol ListedTemplateObject: TemplateObject {
    /// Every member's name, in an order that is the same in every build; a member whose value
    /// is worked out from other members of the object alone (a word count from the content)
    /// may be left out.
    var memberNames: [String] { get }
    /// The fact the object stands for, if it does (``FactTemplateObject``).
    var standsFor: Fact? { get }
}

extension ListedTemplateObject {
    var standsFor: Fact? { nil }
}

/// A template object that stands for a ``Fact``: a template that reads one of its members has
/// read the fact, and a fingerprint of an output's values shows the fact by its name only (its
/// content is the fact's own fingerprint).
protocol FactTemplateObject: ListedTemplateObject {
    var fact: Fact { get }
}

extension FactTemplateObject {
    var standsFor: Fact? { fact }
}

extension TemplateDictionary: ListedTemplateObject {
    var memberNames: [String] { members.keys.sorted() }
}

extension FrontMatterObject: ListedTemplateObject {}
