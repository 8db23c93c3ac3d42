import SitegenMarkdown

/// Jekyll's site configuration (`_config.yml`), as sitegen reads it.
///
/// | Jekyll | sitegen |
/// |---|---|
/// | `title` | `title` |
/// | `url` + `baseurl` | `baseURL` (`https://example.org` + `/blog` is `https://example.org/blog/`) |
/// | `lang` | `language` |
/// | `description` | `description` |
/// | `author` (text, or a table with `name`) | `author` |
/// | `paginate` | `paginate` |
/// | `show_drafts`, `future` | drafts and future posts published, as with `--drafts`, `--future` |
/// | `header_pages` (Minima's list of page files) | the `main` menu (with `_data/navigation.yml`: ``JekyllNavigation``) |
/// | `permalink`, `collections`, `defaults` (their `permalink`s) | the pages' URLs (``JekyllPermalinkRules``), and `params` |
/// | `markdown` (kramdown, the default) | curly quotes, dashes and ellipses in the text, as kramdown makes them |
/// | every key, as written | `params`, as Jekyll gives every key to templates as `site.KEY` |
enum JekyllConfiguration {
    static func read(_ values: inout ForeignConfigurationValues, defaultTitle: String) throws(SiteError) -> SiteConfiguration {
        var configuration = SiteConfiguration(title: try values.text("title") ?? defaultTitle)
        let url = try values.text("url") ?? ""
        let host = withoutTrailingSlashes(url)
        if !host.isEmpty { try values.checkBaseURL(host + "/", from: "url") }
        let base = baseURL(url: url, baseurl: try values.text("baseurl") ?? "")
        if base != "/" {
            configuration.baseURL = base
            try values.checkBaseURL(configuration.baseURL, from: host.isEmpty ? "baseurl" : "url")
        }
        if let language = try values.languageCode("lang") { configuration.language = language }
        configuration.publishes = (try values.flag("show_drafts"), try values.flag("future"), false)
        configuration.description = try values.text("description") ?? ""
        configuration.author = ForeignConfigurationValues.author(values.value("author"))
        if let size = try values.wholeNumber("paginate", range: WholeNumber.paginate) {
            configuration.paginate = size
            // A `paginate_path` without `:num` (which jekyll-paginate refuses) pages nothing.
            let path = values.values["paginate_path"]?.string ?? "/page:num/"
            configuration.jekyllPaginatePath = path.contains(":num") ? path : nil
        }
        // kramdown, Jekyll's Markdown unless `markdown` names another, makes quotes and dashes typographic.
        configuration.smartPunctuation = (values.values["markdown"]?.string ?? "kramdown").lowercased() == "kramdown"
        // kramdown links no bare URL.
        configuration.linksBareURLs = !configuration.smartPunctuation
        // Read without being marked as used: templates still see them as `site.params`.
        configuration.jekyllPermalinks = JekyllPermalinkRules(values.values)
        // Minima's `header_pages`: the pages of the header's menu, in order, titled by their pages.
        if let pages = values.values["header_pages"] {
            guard let files = pages.list?.compactMap(\.string), files.count == pages.list?.count else {
                throw values.problem("header_pages", "must be a list of page files, such as [about.md]")
            }
            configuration.menus["main"] = files.enumerated().map { index, page in
                MenuEntry(name: "", url: "", pageRef: page, weight: index + 1, file: values.file, line: values.values.line(of: "header_pages"))
            }
        }
        // Every key, also those read above (`author`, `lang`, `paginate`, `url`…), as Jekyll gives them to templates.
        configuration.params = values.values
        return configuration
    }

    /// The base URL of Jekyll's `url` and `baseurl` as written: `https://example.org` and
    /// `/blog` give `https://example.org/blog/`; with neither, `/`.
    static func baseURL(url: String, baseurl: String) -> String {
        var path = withoutTrailingSlashes(baseurl)
        if !path.isEmpty && !path.hasPrefix("/") { path = "/" + path }
        return withoutTrailingSlashes(url) + path + "/"
    }

    private static func withoutTrailingSlashes(_ text: String) -> String {
        var text = Substring(text)
        while text.hasSuffix("/") { text.removeLast() }
        return String(text)
    }
}
