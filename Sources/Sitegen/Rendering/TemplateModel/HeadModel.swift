import SitegenTemplates

/// `head` in every HTML template: what the `<head>` says of the output for search engines and
/// share previews (the canonical link, OpenGraph and Twitter card tags), worked out once so that
/// a theme writes each tag without fallbacks of its own.
struct HeadModel: TemplateObject {
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
        default: nil
        }
    }

    static let shape = TemplateShape.object(name: "head", members: [
        "title": .scalar, "description": .scalar, "url": .scalar, "type": .scalar, "image": .scalar, "card": .scalar,
        "published": .scalar, "modified": .scalar,
    ])
}
