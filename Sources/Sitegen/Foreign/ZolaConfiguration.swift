import SitegenMarkdown

/// Zola's site configuration (`config.toml`), as sitegen reads it.
///
/// | Zola | sitegen |
/// |---|---|
/// | `title` | `title` |
/// | `base_url` | `baseURL` |
/// | `default_language` | `language` |
/// | `description` | `description` |
/// | `author` | `author` |
/// | `taxonomies` (`[{name = "tags"}, …]`) | `taxonomies` |
/// | `[markdown] highlight_code = false` | `highlight: false` |
/// | `[markdown] smart_punctuation = true` | curly quotes, dashes and ellipses in the text |
/// | `[extra]` | `params` |
/// | (always) | a page's `path` is its URL (from its language's root) |
/// | `[extra]` `menu`, `main_menu`, `menu_items`, `navbar_items`, `nav_links` (lists of `name`/`url`) | the `main` menu |
/// | `[languages.fr]` (`title`, `description`) | `languages` (beside `default_language`) |
enum ZolaConfiguration {
    static func read(_ values: inout ForeignConfigurationValues, defaultTitle: String) throws(SiteError) -> SiteConfiguration {
        var configuration = SiteConfiguration(title: try values.text("title") ?? defaultTitle)
        if let url = try values.text("base_url"), !url.isEmpty {
            try values.checkBaseURL(url, from: "base_url")
            configuration.baseURL = url
        }
        if let language = try values.languageCode("default_language") { configuration.language = language }
        configuration.description = try values.text("description") ?? ""
        configuration.author = try values.text("author")
        if let taxonomies = values.value("taxonomies") {
            guard let list = taxonomies.list else {
                throw values.problem("taxonomies", "must be a list of tables, as in taxonomies = [{name = \"tags\"}]")
            }
            configuration.taxonomies = try values.taxonomies(list.map { $0.map?["name"]?.string }, from: "taxonomies",
                                                             example: "taxonomies = [{name = \"tags\"}]")
        }
        if let markdown = values.values["markdown"]?.map, markdown["highlight_code"] == .bool(false) {
            _ = values.value("markdown")
            configuration.highlight = false
        }
        if let markdown = values.values["markdown"]?.map, markdown["smart_punctuation"] == .bool(true) {
            _ = values.value("markdown")
            configuration.smartPunctuation = true
        }
        configuration.params = try values.table("extra") ?? .empty
        configuration.menus = ZolaMenus.menus(in: configuration.params, file: values.file)
        configuration.readsZolaPaths = true
        // Zola's pulldown-cmark links no bare URL.
        configuration.linksBareURLs = false
        if let others = try values.table("languages") {
            try values.checkLanguageCodes(others, from: "languages")
            let native = { (code: String) in SiteLanguage(code: code, name: SiteLanguage.nativeName(of: code), path: code) }
            var found = [native(configuration.language)]
            for (code, value) in others.entries where code != configuration.language {
                var language = native(code)
                language.title = value.map?["title"]?.string
                language.description = value.map?["description"]?.string
                found.append(language)
            }
            if let ordered = SiteLanguage.foreign(found, defaultCode: configuration.language, prefixesDefault: false) {
                configuration.languages = ordered
            }
        }
        return configuration
    }
}
