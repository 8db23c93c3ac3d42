import SitegenMarkdown

/// What jekyll-seo-tag's `{% seo %}` writes in a Jekyll site's own layout (``JekyllLayouts``):
/// the page's `<title>` (but for `{% seo title=false %}`), description, canonical URL, and
/// its Open Graph and Twitter card tags, as the plugin writes them. In a page's text the tag
/// writes nothing: sitegen's theme writes its own head.
struct JekyllSEOTag: Sendable {
    /// The page's title (`nil` for a page titled by the site alone: one whose front matter gives
    /// none, but a post).
    var title: String?
    var siteTitle: String
    /// What the site's title is followed by on a page titled by the site alone: its `tagline`,
    /// else its `description`.
    var siteTagline: String
    var description: String
    /// The page's absolute URL, when the site has a host.
    var url: String?
    /// The absolute URL of the page's image, if any.
    var image: String?
    var author: String?
    /// The page's date, in RFC 3339 (a post's): the page is an article.
    var published: String?

    /// The tags, for the tag's argument `argument` (`title=false` leaves the `<title>` out).
    func html(_ argument: String) -> String {
        let showsTitle = !argument.split(whereSeparator: \.isWhitespace).contains { $0 == "title=false" }
        let headline = title ?? siteTitle
        var lines: [String] = []
        func meta(_ attribute: String, _ name: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("<meta \(attribute)=\"\(name)\" content=\"\(HTMLText.escapeAttribute(value))\" />")
        }
        if showsTitle {
            // The page's title and the site's; the site's and its tagline on a page titled by the site alone.
            let full = if !siteTitle.isEmpty, headline != siteTitle { headline + " | " + siteTitle }
                else if !siteTitle.isEmpty, !siteTagline.isEmpty { siteTitle + " | " + siteTagline }
                else { headline }
            lines.append("<title>\(HTMLText.escapeAttribute(full))</title>")
        }
        meta("property", "og:title", headline)
        meta("name", "author", author)
        meta("name", "description", description)
        meta("property", "og:description", description)
        if let url {
            lines.append("<link rel=\"canonical\" href=\"\(HTMLText.escapeAttribute(url))\" />")
            meta("property", "og:url", url)
        }
        meta("property", "og:site_name", siteTitle)
        meta("property", "og:image", image)
        meta("property", "og:type", published == nil ? "website" : "article")
        meta("property", "article:published_time", published)
        meta("name", "twitter:card", image == nil ? "summary" : "summary_large_image")
        meta("property", "twitter:image", image)
        meta("property", "twitter:title", headline)
        return lines.joined(separator: "\n") + "\n"
    }
}
