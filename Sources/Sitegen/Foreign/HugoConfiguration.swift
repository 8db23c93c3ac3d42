import SitegenMarkdown

/// Hugo's site configuration (`hugo.toml`, `config.yaml`, …), as sitegen reads it.
///
/// | Hugo | sitegen |
/// |---|---|
/// | `title` | `title` |
/// | `baseURL` | `baseURL` |
/// | `languageCode`, else `defaultContentLanguage` | `language` |
/// | `params.description`, else `description` | `description` |
/// | `params.author`, else `author` (text, or a table with `name`) | `author` |
/// | `taxonomies` (`tag = "tags"`; Hugo's default: tags and categories) | `taxonomies` (the plural names) |
/// | `pagination.pagerSize`, else `paginate` | `paginate` |
/// | `params` | `params` |
/// | `[markup.highlight] codeFences = false` | `highlight: false` |
/// | `[markup.highlight] lineNos = true`, `lineNoStart` | every code block in a language has its lines numbered (but for `linenos=false`) |
/// | `[markup.goldmark.extensions.typographer]` (on unless `disable = true`) | curly quotes, dashes and ellipses in the text |
/// | `languages` (`languageName` or `label`, `title`, `weight`, `params.description`, `languageDirection` or `direction`) | `languages` (`name`, `title`, `weight`, `description`, `direction`) |
/// | `defaultContentLanguageInSubdir` | `prefixDefaultLanguage` |
/// | `[menu.NAME]`, `[menus.NAME]` (`name`, `url`, `pageRef`, `weight`, `identifier`, `parent`, `pre`, `post`) | `menus` |
/// | `permalinks`, `uglyURLs`, `disablePathToLower`, `contentDir` | ``HugoURLRules`` |
/// | `buildDrafts`, `buildFuture`, `buildExpired` | drafts, future and expired pages published, as with `--drafts`, `--future`, `--expired` |
///
/// Keys are read in any case, as Hugo reads them (`baseurl` is `baseURL`). A site in several
/// languages may keep its title and description under `languages.<defaultContentLanguage>`.
enum HugoConfiguration {
    static func read(_ values: inout ForeignConfigurationValues, defaultTitle: String) throws(SiteError) -> SiteConfiguration {
        let defaultLanguage = try values.languageCode("defaultContentLanguage")
        let highlight = values.nested("markup", in: values.values)?.map.flatMap { values.nested("highlight", in: $0)?.map }
        let codeFences = highlight.flatMap { values.nested("codeFences", in: $0) }
        let languages = try values.table("languages")
        if let languages { try values.checkLanguageCodes(languages, from: "languages") }
        let home = languages.flatMap { languages in
            (defaultLanguage.flatMap { values.nested($0, in: languages) } ?? languages.entries.first?.value)?.map
        }
        let homeParams = home.flatMap { values.nested("params", in: $0)?.map }
        let params = try values.table("params")
        let title = try values.text("title") ?? home.flatMap { values.nested("title", in: $0)?.string }
        var configuration = SiteConfiguration(title: title ?? defaultTitle)
        if codeFences == .bool(false) {
            _ = values.value("markup")
            configuration.highlight = false
        }
        if highlight.flatMap({ values.nested("lineNos", in: $0) }) == .bool(true) {
            _ = values.value("markup")
            let start = highlight.flatMap { values.nested("lineNoStart", in: $0)?.int } ?? 1
            configuration.codeLineNumbers = (0..<1_000_000_000).contains(start) ? start : 1
        }
        // Goldmark's typographer is on unless turned off (`disable = true`, or `typographer = false` before Hugo 0.112).
        let markup = values.nested("markup", in: values.values)?.map
        let typographer = markup.flatMap { values.nested("goldmark", in: $0)?.map }.flatMap { values.nested("extensions", in: $0)?.map }
            .flatMap { values.nested("typographer", in: $0) }
        configuration.smartPunctuation = !(typographer == .bool(false) || typographer?.map.flatMap { values.nested("disable", in: $0) } == .bool(true))
        if typographer != nil { _ = values.value("markup") }
        if let url = try values.text("baseURL"), !url.isEmpty {
            try values.checkBaseURL(url, from: "baseURL")
            configuration.baseURL = url
        }
        let languageCode = try values.languageCode("languageCode") ?? home.flatMap { values.nested("languageCode", in: $0)?.string }
            .flatMap { SiteLanguage.isCode($0) ? $0 : nil }
        configuration.language = [languageCode, defaultLanguage].compactMap { $0 }.first { !$0.isEmpty } ?? configuration.language
        let description = try values.text("description")
        configuration.description = params.flatMap { values.nested("description", in: $0)?.string } ?? description
            ?? homeParams.flatMap { values.nested("description", in: $0)?.string } ?? ""
        configuration.author = ForeignConfigurationValues.author(params.flatMap { values.nested("author", in: $0) })
            ?? ForeignConfigurationValues.author(values.value("author"))
        if let taxonomies = try values.table("taxonomies") {
            configuration.taxonomies = try values.taxonomies(taxonomies.entries.map(\.value.string), from: "taxonomies",
                                                             example: "tag = \"tags\"")
        } else {
            configuration.taxonomies = ["tags", "categories"]
        }
        if let pagination = try values.table("pagination"), let size = values.nested("pagerSize", in: pagination) {
            guard let size = size.int, WholeNumber.paginate.contains(size) else {
                throw values.problem("pagination", "pagerSize must be a whole number from 0 to \(WholeNumber.paginate.upperBound)")
            }
            configuration.paginate = size
        } else if let size = try values.wholeNumber("paginate", range: WholeNumber.paginate) {
            configuration.paginate = size
        }
        configuration.params = params ?? .empty
        for key in ["menus", "menu"] {
            guard let menus = try values.table(key) else { continue }
            configuration.menus.merge(try MenuEntry.menus(in: menus, file: values.file, line: values.values.line(of: key)), uniquingKeysWith: +)
        }
        configuration.hugo = try HugoURLRules.read(&values)
        configuration.publishes = (try values.flag("buildDrafts"), try values.flag("buildFuture"), try values.flag("buildExpired"))
        if let languages {
            let found = languages.entries.compactMap { code, value -> SiteLanguage? in
                guard let table = value.map else { return nil }
                var language = SiteLanguage(code: code, name: (values.nested("languageName", in: table) ?? values.nested("label", in: table))?.string
                                            ?? SiteLanguage.nativeName(of: code), path: code)
                let direction = (values.nested("direction", in: table) ?? values.nested("languageDirection", in: table))?.string?.lowercased()
                language.direction = direction == "rtl" || direction == "ltr" ? direction : nil
                language.title = values.nested("title", in: table)?.string
                language.description = values.nested("params", in: table)?.map.flatMap { values.nested("description", in: $0)?.string }
                    ?? values.nested("description", in: table)?.string
                language.weight = values.nested("weight", in: table)?.int ?? 0
                return language
            }
            let prefixes = values.value("defaultContentLanguageInSubdir") == .bool(true)
            if let ordered = SiteLanguage.foreign(found, defaultCode: defaultLanguage ?? found.first?.code ?? "", prefixesDefault: prefixes) {
                configuration.languages = ordered
                configuration.language = defaultLanguage ?? found[0].code
            }
        }
        return configuration
    }
}
