import Foundation
import SitegenTemplates

/// One page of a feed (`feed.entries`), standing for what feeds show of the page
/// (``Fact/feedEntry(_:)``): a feed whose template reads an entry is rendered again when that
/// changes, and only then.
struct FeedEntry: FactTemplateObject {
    let source: String
    let title: String
    let permalink: String
    /// What identifies the entry to feed readers: its permalink, or in a Jekyll site the id
    /// jekyll-feed gives it (so that readers do not show its posts again as new).
    let id: String
    /// RFC 3339.
    let updated: String
    /// RFC 822.
    let published: String
    /// The whole page, or its description, by `feedContent`.
    let content: String

    /// The entry of a dated page of `configuration`'s site, whose URLs start with `base` (the
    /// absolute `baseURL` without its trailing slash); by `feedContent`, its content is the
    /// whole page.
    init(_ page: RenderedPage, base: String, configuration: SiteConfiguration) {
        source = page.page.sourcePath
        title = page.title
        permalink = XMLText.percentEncoded(base + page.page.url)
        id = configuration.jekyllPermalinks == nil ? permalink : XMLText.percentEncoded(base + JekyllPermalink.documentID(of: page.page))
        let full = configuration.feedContent == .full
        let date = page.page.date ?? Date(timeIntervalSince1970: 0)
        updated = DateText.rfc3339(page.page.updated ?? date)
        published = DateText.rfc822(date)
        content = full ? page.content : page.description
    }

    var fact: Fact { .feedEntry(source) }

    var memberNames: [String] { ["content", "id", "permalink", "published", "title", "updated"] }

    func member(_ name: String) -> TemplateValue? {
        noteRead()
        return switch name {
        case "title": .text(title)
        case "permalink": .text(permalink)
        case "id": .text(id)
        case "updated": .text(updated)
        case "published": .text(published)
        case "content": .text(content)
        default: nil
        }
    }
}
