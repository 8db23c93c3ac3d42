import Foundation
import SitegenMarkdown

/// Where a Hugo site's rules put its pages and sections, which takes the site's languages and
/// taxonomies from its configuration.
extension HugoURLRules {
    /// The URL (percent-encoded) of the page at `sitePath`, in `language`, when these rules
    /// place it otherwise than sitegen would: by a permalink pattern of its top section, as an
    /// ugly URL, or keeping the case of its path; `nil` to keep sitegen's URL.
    func pageURL(sitePath: String, language: String, isBundle: Bool, frontMatter: FrontMatter, date: Date?,
                 in configuration: SiteConfiguration) -> String? {
        let languagePath = configuration.publishedLanguages.first { $0.code == language }?.path ?? ""
        let below = languagePath.isEmpty ? sitePath : String(sitePath.dropFirst(languagePath.count + 1))
        let folder = URLPath.folder(of: below)
        let name = URLPath.lastComponent(of: below)
        let baseName = isBundle ? URLPath.lastComponent(of: folder) : String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
        let parent = isBundle ? URLPath.folder(of: folder) : folder
        let sections = parent.split(separator: "/").map(String.init)
        let top = sections.first?.lowercased() ?? "/"
        let slug = frontMatter["slug"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let ugly = uglyURLSections[top] ?? uglyURLs
        if let pattern = pagePermalinks[top] {
            let facts = HugoPermalink.Facts(date: date, sections: sections, title: frontMatter["title"]?.string ?? baseName,
                                            slug: slug, contentBaseName: baseName)
            let path = pattern.path(for: facts, lowercased: lowercasesPaths)
            guard !path.isEmpty else { return nil }
            return Self.url(URLPath.path(path, in: languagePath), ugly: ugly)
        }
        let datedName = keepsDatePrefix && slug == nil && FileName.splitDatePrefix(baseName).0 != nil
        let named = renamed(sections, in: languagePath)
        // sitegen's own URL is Hugo's unless a name slugs otherwise (`Notes & Thoughts`), a section has a
        // slug, or the name keeps its case or a date.
        let differs = named != sections || (sections + [slug ?? baseName]).contains { component($0) != Slug.make($0) }
        guard ugly || datedName || differs || (!lowercasesPaths && parent.contains(where: \.isUppercase) || baseName.contains(where: \.isUppercase))
        else { return nil }
        let components = (languagePath.isEmpty ? [] : [languagePath]) + named + [slug ?? baseName]
        return Self.url(components.map(component).joined(separator: "/"), ugly: ugly)
    }

    /// The sections after these rules: section permalinks applied; the folders of taxonomies and
    /// terms (`content/tags/_index.md`, `content/tags/swift/_index.md`, the text of those list
    /// pages in Hugo) taken out, returned by site path; the default language's `/en/` kept as a
    /// redirect to the home page, as Hugo writes it.
    func settle(_ sections: inout [String: Section], configuration: SiteConfiguration) -> [String: Section] {
        let roots = Dictionary(configuration.publishedLanguages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let taxonomies = Set(configuration.taxonomies.map { $0.lowercased() })
        var taken: [String: Section] = [:]
        for section in sections.values.sorted(by: { $0.path.count > $1.path.count }) {
            let parts = section.path.split(separator: "/").map(String.init)
            let below = roots[parts.first ?? ""].map { $0.path.isEmpty ? parts : Array(parts.dropFirst()) } ?? parts
            guard let first = below.first, taxonomies.contains(first.lowercased()), below.count <= 2,
                  section.pageIndices.isEmpty, section.subsectionPaths.allSatisfy({ taken[$0] != nil }) else { continue }
            taken[section.path] = section
            sections[section.path] = nil
            let parent = URLPath.folder(of: section.path)
            sections[parent]?.subsectionPaths.removeAll { $0 == section.path }
        }
        // A section's slug names its folder in its own URL and in those of the sections below it.
        if !sectionSlugs.isEmpty {
            for (path, section) in sections where !path.isEmpty {
                let parts = path.split(separator: "/").map(String.init)
                let root = roots[parts.first ?? ""]
                let below = root.map { $0.path.isEmpty ? parts : Array(parts.dropFirst()) } ?? parts
                let named = renamed(below, in: root?.path ?? "")
                guard named != below, !named.isEmpty else { continue }
                sections[path] = section.moved(to: Self.url(URLPath.path(named.map(component).joined(separator: "/"), in: root?.path ?? ""),
                                                            ugly: false))
            }
        }
        if !sectionPermalinks.isEmpty {
            for (path, section) in sections {
                let parts = path.split(separator: "/").map(String.init)
                let root = roots[parts.first ?? ""]
                let below = root.map { $0.path.isEmpty ? parts : Array(parts.dropFirst()) } ?? parts
                guard let top = below.first, let pattern = sectionPermalinks[top.lowercased()] else { continue }
                let facts = HugoPermalink.Facts(date: nil, sections: below, title: section.title,
                                                slug: section.source.frontMatter["slug"]?.string, contentBaseName: below.last ?? top)
                let decoded = pattern.path(for: facts, lowercased: lowercasesPaths)
                guard !decoded.isEmpty else { continue }
                sections[path] = section.moved(to: Self.url(URLPath.path(decoded, in: root?.path ?? ""), ugly: false))
            }
        }
        if configuration.isMultilingual, !configuration.redirectsRoot {
            let alias = "/" + URLPath.component(configuration.language) + "/"
            if sections[configuration.language] == nil, sections[""]?.aliases.contains(alias) == false {
                sections[""]?.aliases.append(alias)
            }
        }
        return taken
    }

    /// The top sections whose pages the home page lists: ``mainSections``, else the top section
    /// (of the default language) with most pages.
    func homeSections(_ sections: [String: Section], configuration: SiteConfiguration) -> Set<String> {
        if !mainSections.isEmpty { return Set(mainSections.map { $0.lowercased() }) }
        let defaultPath = configuration.defaultLanguage.path
        var counts: [String: Int] = [:]
        for section in sections.values {
            var parts = section.path.split(separator: "/").map(String.init)
            if !defaultPath.isEmpty {
                guard parts.first == defaultPath else { continue }
                parts.removeFirst()
            } else if let first = parts.first, configuration.languages.contains(where: { $0.path == first }) {
                continue
            }
            guard let top = parts.first else { continue }
            counts[top.lowercased(), default: 0] += section.pageIndices.count
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { [$0.key] } ?? []
    }
}

private extension Section {
    /// The same section at another URL.
    func moved(to url: String) -> Section {
        var moved = Section(path: path, url: url, title: title, weight: weight, paginate: paginate, sort: sort,
                            sourcePath: sourcePath, source: source)
        moved.aliases = aliases
        moved.language = language
        moved.translationKey = translationKey
        moved.pageIndices = pageIndices
        moved.subsectionPaths = subsectionPaths
        return moved
    }
}
