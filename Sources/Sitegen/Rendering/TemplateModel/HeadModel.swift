import SitegenTemplates

/// `head` in every HTML template: what the `<head>` says of the output for search engines and
/// share previews (the canonical link, OpenGraph and Twitter card tags), worked out once so that
/// a theme writes each tag without fallbacks of its own.
struct HeadModel: ListedTemplateObject {
    /// The output's own title, without the site's (`og:title`).
    let title: String
    /// Never empty: the page's description, else its summary, else the site's description, else its title.
    let description: String
    /// The output's absolute URL; `nil` when the site has no absolute `baseURL`, and on the 404 page.
    let url: String?
    /// `article` for a page, `website` for the home page and the lists.
    let type: String
    /// The absolute URL of the page's image (``ShareImage``).
    let image: String?
    /// The page's date, in RFC 3339 (`article:published_time`).
    let published: String?
    /// The page's `updated`, in RFC 3339 (`article:modified_time`).
    let modified: String?
    /// The output's language and its translations.
    let languages: Languages

    /// The output's language, the `<link rel="alternate" hreflang>` links of its translations and
    /// a language switcher (empty for a site in one language).
    struct Languages: Sendable {
        /// `<html lang>`.
        let code: String
        /// Each language the output is in, with its URL, and `x-default`.
        var alternates: [LanguageLink] = []
        /// Every language of the site, each with the output's translation or its home page.
        var switcher: TemplateValue = .list([])
    }

    var memberNames: [String] { Self.names }

    private static let names: [String] = {
        guard case .object(_, let members) = shape else { return [] }
        return members.keys.sorted()
    }()

    func member(_ name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "description": .text(description)
        case "url": url.map(TemplateValue.text)
        case "type": .text(type)
        case "image": image.map(TemplateValue.text)
        case "card": .text(image == nil ? "summary" : "summary_large_image")
        case "published": published.map(TemplateValue.text)
        case "modified": modified.map(TemplateValue.text)
        case "language": .text(languages.code)
        case "alternates": .list(languages.alternates.map { .object($0) })
        case "languages": languages.switcher
        default: nil
        }
    }

    static let shape = TemplateShape.object(name: "head", members: [
        "title": .scalar, "description": .scalar, "url": .scalar, "type": .scalar, "image": .scalar, "card": .scalar,
        "published": .scalar, "modified": .scalar, "language": .scalar,
        "alternates": .list(.object(name: "alternate", members: ["language": .scalar, "url": .scalar])),
        "languages": .list(.object(name: "languageLink", members: [
            "code": .scalar, "name": .scalar, "url": .scalar, "isCurrent": .scalar, "isTranslation": .scalar,
        ])),
    ])
}
