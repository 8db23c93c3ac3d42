import SitegenTemplates

/// `site` in every template of a language: the same values for each output, but for the
/// menus, which mark the entry of the output being rendered (``marked``).
struct SiteModel: FactTemplateObject {
    let language: String
    let values: [String: TemplateValue]
    /// The menu members marked for one output (`site.menus`, `site.menu`), laid over ``values``.
    var marked: [String: TemplateValue] = [:]

    var fact: Fact { .site(language) }

    var memberNames: [String] { values.keys.sorted() }

    func member(_ name: String) -> TemplateValue? {
        noteRead()
        return marked[name] ?? values[name]
    }
}
