import SitegenTemplates

/// One language of a language switcher (`head.languages`, `site.languages`), or one
/// `hreflang` alternate (`head.alternates`, `page.translations`): a typed object, as every page
/// of a site in several languages carries a few of them.
struct LanguageLink: ListedTemplateObject {
    /// The language's code (`x-default` for an alternate's default).
    let code: String
    /// The language's own name; empty for `x-default`.
    var name: String = ""
    /// Where the link leads.
    let url: String
    /// Whether it is the output's own language.
    var isCurrent = false
    /// Whether it leads to the output's translation (else to the language's home page).
    var isTranslation = true

    var memberNames: [String] { ["code", "language", "name", "url", "isCurrent", "isTranslation"] }

    func member(_ name: String) -> TemplateValue? {
        switch name {
        case "code", "language": .text(code)
        case "name": .text(self.name)
        case "url": .text(url)
        case "isCurrent": .bool(isCurrent)
        case "isTranslation": .bool(isTranslation)
        default: nil
        }
    }
}
