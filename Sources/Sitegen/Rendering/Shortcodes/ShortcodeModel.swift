import SitegenMarkdown
import SitegenTemplates

/// The page or the site as shortcode templates see them, under the names each generator's
/// templates use: `title` and Hugo's `Title`, `params` and `Params`, `url`, `RelPermalink`
/// and `Permalink`… A member is found whatever the case of its first letter.
struct ShortcodeModel: TemplateObject {
    let members: [String: TemplateValue]

    func member(_ name: String) -> TemplateValue? {
        if let value = members[name] { return value }
        guard let first = name.first else { return nil }
        return members[first.lowercased() + name.dropFirst()]
    }

    /// The site: `title`, `baseURL` (`BaseURL`), `params` (its other keys), `language`, and
    /// `data` (Hugo's `.Site.Data`, Jekyll's `site.data`): the site's data files, `data`. A
    /// change of a data file parses every page again (``LiveSiteBuilder/changesParses(_:layout:)``).
    static func site(_ configuration: SiteConfiguration, data: FrontMatter) -> ShortcodeModel {
        let params = TemplateValue.object(FrontMatterObject(frontMatter: configuration.params, language: configuration.language))
        return ShortcodeModel(members: [
            "title": .text(configuration.title), "baseURL": .text(configuration.baseURL), "baseurl": .text(configuration.baseURL),
            "url": .text(configuration.baseURL), "params": params, "language": .text(configuration.language),
            "languageCode": .text(configuration.language), "config": params,
            "data": .object(FrontMatterObject(frontMatter: data, language: configuration.language)),
        ])
    }

    /// A page of the site: its front matter under `params` and as members of its own (Jekyll's
    /// `page.x`), `title`, `url` (`RelPermalink`), `permalink`, `lang`, `site`.
    static func page(frontMatter: FrontMatter, title: String?, url: String, site: ShortcodeModel,
                     configuration: SiteConfiguration) -> ShortcodeModel {
        var members: [String: TemplateValue] = [:]
        for (key, value) in frontMatter.entries { members[key] = FrontMatterObject.value(value, language: configuration.language) }
        let permalink = configuration.baseURL.hasSuffix("/") ? String(configuration.baseURL.dropLast()) + url : configuration.baseURL + url
        members["params"] = .object(FrontMatterObject(frontMatter: frontMatter, language: configuration.language))
        members["title"] = title.map { .text($0) } ?? members["title"] ?? .null
        members["url"] = .text(url)
        members["relPermalink"] = .text(url)
        members["permalink"] = .text(permalink)
        members["lang"] = .text(configuration.language)
        members["language"] = .text(configuration.language)
        members["site"] = .object(site)
        return ShortcodeModel(members: members)
    }
}
