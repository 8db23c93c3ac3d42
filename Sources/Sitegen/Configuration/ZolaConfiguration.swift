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
/// | `[extra]` | `params` |
enum ZolaConfiguration {
    static func read(_ values: inout ForeignConfigurationValues, defaultTitle: String) throws(SiteError) -> SiteConfiguration {
        var configuration = SiteConfiguration(title: try values.text("title") ?? defaultTitle)
        if let url = try values.text("base_url"), !url.isEmpty {
            try values.checkBaseURL(url, from: "base_url")
            configuration.baseURL = url
        }
        if let language = try values.text("default_language"), !language.isEmpty { configuration.language = language }
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
        configuration.params = try values.table("extra") ?? .empty
        return configuration
    }
}
