import SitegenTemplates

/// A template object that can list every member a template may read of it, so that what
/// templates can see of it can be fingerprinted (``FactFingerprint``). An object that cannot
/// (a plugin's own) makes the output that holds it render in every live build.
protocol ListedTemplateObject: TemplateObject {
    /// Every member's name, in an order that is the same in every build.
    var memberNames: [String] { get }
}

/// A template object that stands for a ``Fact``: a template that reads one of its members has
/// read the fact, and a fingerprint of an output's values shows the fact by its name only (its
/// content is the fact's own fingerprint).
protocol FactTemplateObject: ListedTemplateObject {
    var fact: Fact { get }
}

extension TemplateDictionary: ListedTemplateObject {
    var memberNames: [String] { members.keys.sorted() }
}

extension FrontMatterObject: ListedTemplateObject {
    var memberNames: [String] { frontMatter.keys }
}
