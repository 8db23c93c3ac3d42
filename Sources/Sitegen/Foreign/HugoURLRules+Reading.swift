import SitegenMarkdown

/// The rules as a Hugo configuration gives them.
extension HugoURLRules {
    /// Reads the keys of the rules from a Hugo configuration.
    ///
    /// - Throws: ``SiteError`` at the key's line when `permalinks` or `uglyURLs` is not of a kind Hugo takes.
    static func read(_ values: inout ForeignConfigurationValues) throws(SiteError) -> HugoURLRules {
        var rules = HugoURLRules()
        if let permalinks = try values.table("permalinks") {
            for (key, value) in permalinks.entries {
                switch (key.lowercased(), value) {
                case (_, .string(let pattern)):
                    rules.pagePermalinks[key.lowercased()] = HugoPermalink(pattern: pattern)
                case ("page", .map(let table)), ("section", .map(let table)), ("taxonomy", .map(let table)), ("term", .map(let table)):
                    var patterns: [String: HugoPermalink] = [:]
                    for (name, pattern) in table.entries {
                        guard let pattern = pattern.string else {
                            throw values.problem("permalinks", "(\(key).\(name)) must be a URL pattern, such as '/:section/:slug/'")
                        }
                        patterns[name.lowercased()] = HugoPermalink(pattern: pattern)
                    }
                    switch key.lowercased() {
                    case "page": rules.pagePermalinks.merge(patterns) { _, new in new }
                    case "section": rules.sectionPermalinks = patterns
                    case "taxonomy": rules.taxonomyPermalinks = patterns
                    default: rules.termPermalinks = patterns
                    }
                default:
                    throw values.problem("permalinks", "(\(key)) must be a URL pattern, such as '/:section/:slug/', or a table by section")
                }
            }
        }
        switch values.value("uglyURLs") {
        case nil: break
        case .bool(let flag)?: rules.uglyURLs = flag
        case .map(let table)?:
            for (section, flag) in table.entries { rules.uglyURLSections[section.lowercased()] = flag.bool ?? false }
        default: throw values.problem("uglyURLs", "must be true or false, or a table of them by section")
        }
        if values.value("disablePathToLower") == .bool(true) { rules.lowercasesPaths = false }
        // RSS feeds: gone for a kind `disableKinds` names (or `rss` itself), or whose `[outputs]` list leaves RSS out.
        let kinds = values.value("disableKinds")
        let disabled = Set((kinds?.list ?? [kinds].compactMap(\.self)).compactMap { $0.string?.lowercased() })
        if let outputs = try values.table("outputs") {
            for (kind, formats) in outputs.entries where feedKinds.contains(kind.lowercased()) {
                if !(formats.list ?? []).contains(where: { $0.string?.lowercased() == "rss" }) { rules.rssKinds.remove(kind.lowercased()) }
            }
        }
        rules.rssKinds.subtract(disabled.contains("rss") ? feedKinds : disabled)
        if let menu = try values.text("sectionPagesMenu"), !menu.isEmpty { rules.sectionPagesMenu = menu }
        if values.value("capitalizeListTitles") == .bool(false) { rules.capitalizesListTitles = false }
        rules.themes = values.value("theme").map { $0.list?.compactMap(\.string) ?? [$0.string].compactMap(\.self) } ?? []
        if let frontMatter = values.nested("frontmatter", in: values.values)?.map {
            let dateKeys = ["date", "publishDate", "lastmod"].compactMap { values.nested($0, in: frontMatter)?.list }.joined()
            if dateKeys.contains(where: { $0.string?.lowercased() == ":filename" }) { rules.keepsDatePrefix = false }
            _ = values.value("frontmatter")
        }
        if let params = values.nested("params", in: values.values)?.map,
           let main = values.nested("mainSections", in: params)?.list {
            rules.mainSections = main.compactMap(\.string)
        }
        if let languages = values.nested("languages", in: values.values)?.map {
            for (code, value) in languages.entries {
                guard let table = value.map, let given = values.nested("contentDir", in: table)?.string else { continue }
                guard let folder = HugoContentFolders.folder(given) else {
                    throw SiteError(file: values.file, line: table.line(of: "contentDir") ?? values.values.line(of: "languages"),
                                    "`languages.\(code).contentDir` (\(given)) must be a folder inside the site's folder, such as content.\(code)")
                }
                rules.contentFolders[folder] = code
            }
        }
        if let given = values.value("contentDir")?.string, HugoContentFolders.folder(given) == nil {
            throw values.problem("contentDir", "(\(given)) must be a folder inside the site's folder, such as content")
        }
        return rules
    }
}
