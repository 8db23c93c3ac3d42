import Foundation
import SitegenMarkdown
import SitegenLimits

/// Where a Hugo site without a `content/` folder keeps its content: the folders its
/// configuration names with `contentDir`, for the whole site or per language
/// (`[languages.zh] contentDir = 'content.zh'`).
struct HugoContentFolders: Sendable, Hashable {
    /// The site's one content folder (`contentDir = 'docs'`), relative to the site folder, if
    /// no language has its own.
    let single: String?
    /// Each language's content folder, relative to the site folder, by folder.
    let byLanguage: [String: String]
    /// Whether the configuration names content folders of which none is a folder of the site.
    let missing: Bool

    /// The content folders of the Hugo site in `source`, or `nil` when it has no Hugo
    /// configuration naming one that exists. A file that cannot be read is left to the
    /// configuration's own reading, which says why: a `hugo.*` file, which is Hugo's by its
    /// name, is then read (as a site whose content folders are missing), never passed over
    /// for a folder of bare Markdown.
    init?(source: any SiteSource) {
        let names = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"]
        let entries = (try? source.entries(in: "")) ?? []
        let file = names.first { entries.contains(SiteSourceEntry(name: $0, kind: .file)) } ?? HugoConfigFolder.mainFile(in: source)
        guard let file else { return nil }
        guard var values = Self.values(of: file, in: source.followingLinksOutside) else {
            guard URLPath.lastComponent(of: file).hasPrefix("hugo.") else { return nil }
            (single, byLanguage, missing) = (nil, [:], true)
            return
        }
        if HugoConfigFolder.isMainFile(file) {
            values = (try? HugoConfigFolder.merged(values, besides: file, in: source, displayFolder: HugoConfigFolder.folder)) ?? values
        }
        // Zola spells its base URL `base_url` and has no `contentDir`.
        let reader = ForeignConfigurationValues(values, file: "", ignoresCase: true)
        var byLanguage: [String: String] = [:]
        if let languages = reader.nested("languages", in: values)?.map {
            for (code, value) in languages.entries {
                guard let table = value.map, let folder = reader.nested("contentDir", in: table)?.string.flatMap(Self.folder),
                      source.isFolder(folder) else { continue }
                byLanguage[folder] = code
            }
        }
        let named = reader.nested("contentDir", in: values)?.string
        let single = named.flatMap(Self.folder).flatMap { source.isFolder($0) ? $0 : nil }
        guard single != nil || !byLanguage.isEmpty else {
            // A `contentDir` that is not a folder of the site (or none of the languages' is) is the
            // configuration's error to report (``HugoURLRules``), never a reason to read the site folder as content.
            guard named != nil || values.keys.contains(where: { $0.lowercased() == "languages" }) && Self.namesContentDir(values) else { return nil }
            self.single = nil
            self.byLanguage = [:]
            self.missing = true
            return
        }
        self.single = byLanguage.isEmpty ? single : nil
        self.byLanguage = byLanguage
        self.missing = false
    }

    /// Whether a language of `values` names a `contentDir`.
    private static func namesContentDir(_ values: FrontMatter) -> Bool {
        let languages = values.entries.first { $0.key.lowercased() == "languages" }?.value.map
        return languages?.entries.contains { $0.value.map?.keys.contains { $0.lowercased() == "contentdir" } == true } == true
    }

    /// A folder inside the site, as a relative path without `./` and end slashes; `nil` for one outside it.
    static func folder(_ given: String) -> String? {
        let parts = given.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains(".."), !given.hasPrefix("/") else { return nil }
        return parts.joined(separator: "/")
    }



    private static func values(of file: String, in source: any SiteSource) -> FrontMatter? {
        guard let text = try? source.text(of: file, maximumSize: Limits.configurationBytes) else { return nil }
        switch URLPath.fileExtension(of: file) {
        case "toml": return try? FrontMatter(toml: text)
        case "json": return try? FrontMatter(json: text)
        default: return try? FrontMatter(yaml: text)
        }
    }
}
