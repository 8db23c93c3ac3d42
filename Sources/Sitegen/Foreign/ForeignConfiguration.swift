import Foundation
import SitegenMarkdown
import SitegenLimits

/// Another generator's configuration file, read when a site has no `sitegen.yml`: what it was
/// and which of its keys were used.
///
/// The files, in order of preference: mdBook's `book.toml`, MkDocs' `mkdocs.yml` (each also
/// names the site's content folder: ``ForeignContentFolder``), Hugo's `hugo.toml`, `hugo.yaml`, `hugo.yml`,
/// `hugo.json`, then `config.toml` (Hugo's, or Zola's when it spells the base URL `base_url`),
/// Hugo's `config.yaml`, `config.yml`, `config.json` — these only beside a `content/` folder (or
/// the folders Hugo's `contentDir` names), as Hugo and Zola keep them — then Jekyll's
/// `_config.yml` or `_config.yaml`, then Hugo's split `config/_default/` (``HugoConfigFolder``).
public struct ForeignConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// A generator whose configuration sitegen reads.
    public enum Generator: String, Sendable, Hashable {
        /// Hugo: `hugo.toml`, `config.toml`, … (`.toml`, `.yaml`, `.yml`, `.json`).
        case hugo = "Hugo"
        /// Zola: `config.toml`.
        case zola = "Zola"
        /// Jekyll: `_config.yml`.
        case jekyll = "Jekyll"
        /// mdBook: `book.toml`.
        case mdBook = "mdBook"
        /// MkDocs: `mkdocs.yml`.
        case mkDocs = "MkDocs"
    }

    /// Whose file it is.
    public let generator: Generator
    /// The file, relative to the site folder.
    public let file: String
    /// The keys that were read, as the file spells them.
    public let keysRead: [String]
    /// The keys sitegen has no use for, as the file spells them.
    public let keysNotUsed: [String]

    /// `using Hugo's config.toml (title, baseURL, languageCode; not used: theme, menus)`.
    public var description: String {
        var used = keysRead.joined(separator: ", ")
        if generator == .jekyll { used += used.isEmpty ? "every key as site.params" : "; the others as site.params" }
        var line = "using \(generator.rawValue)'s \(file) (\(used.isEmpty ? "no keys sitegen uses" : used)"
        if !keysNotUsed.isEmpty {
            let shown = keysNotUsed.prefix(6).joined(separator: ", ")
            line += "; not used: " + shown + (keysNotUsed.count > 6 ? " and \(keysNotUsed.count - 6) more" : "")
        }
        return line + ")"
    }

    /// The names sitegen looks for, in order of preference, and whether each is only taken
    /// beside a `content/` folder.
    static let fileNames: [(name: String, needsContentFolder: Bool)] = [
        ("book.toml", false), ("mkdocs.yml", false), ("mkdocs.yaml", false),
        ("hugo.toml", true), ("hugo.yaml", true), ("hugo.yml", true), ("hugo.json", true),
        ("config.toml", true), ("config.yaml", true), ("config.yml", true), ("config.json", true),
        ("_config.yml", false), ("_config.yaml", false),
    ]

    /// The first of ``fileNames`` in `root` that is a file.
    static func find(in source: any SiteSource, hasContentFolder: Bool) -> String? {
        let entries = (try? source.entries(in: "")) ?? []
        for (name, needsContentFolder) in fileNames where hasContentFolder || !needsContentFolder {
            if entries.contains(SiteSourceEntry(name: name, kind: .file)) { return name }
        }
        // Hugo's split configuration, read as one file.
        return hasContentFolder ? HugoConfigFolder.mainFile(in: source) : nil
    }

    /// Reads `file` into a site configuration; `defaultTitle` is used when it sets no title.
    ///
    /// - Throws: ``SiteError`` naming the file and line of text that is not valid YAML, TOML or
    ///   JSON, or of a key sitegen uses whose value is of the wrong kind.
    static func read(_ file: String, in source: any SiteSource, displayPath: String,
                     defaultTitle: String) throws(SiteError) -> (configuration: SiteConfiguration, read: ForeignConfiguration) {
        let text = try source.readText(file, maximumSize: Limits.configurationBytes, shownAs: displayPath)
        var values: FrontMatter
        do {
            switch URLPath.fileExtension(of: file) {
            case "toml": values = try FrontMatter(toml: text)
            case "json": values = try FrontMatter(json: text)
            default: values = try FrontMatter(yaml: text)
            }
        } catch {
            throw SiteError(file: displayPath, line: error.line, error.message)
        }
        if HugoConfigFolder.isMainFile(file) {
            values = try HugoConfigFolder.merged(values, besides: file, in: source, displayFolder: HugoConfigFolder.folder)
        }
        let name = URLPath.lastComponent(of: file)
        let generator: Generator = name == "book.toml" ? .mdBook : name.hasPrefix("mkdocs.") ? .mkDocs
            : name.hasPrefix("_config.") ? .jekyll : name == "config.toml" && isZola(values) ? .zola : .hugo
        var reader = ForeignConfigurationValues(values, file: displayPath, ignoresCase: generator == .hugo)
        let configuration = switch generator {
        case .hugo: try HugoConfiguration.read(&reader, defaultTitle: defaultTitle)
        case .zola: try ZolaConfiguration.read(&reader, defaultTitle: defaultTitle)
        case .jekyll: try JekyllConfiguration.read(&reader, defaultTitle: defaultTitle)
        case .mdBook: try MdBookConfiguration.read(&reader, defaultTitle: defaultTitle, root: URLPath.folder(of: file), in: source)
        case .mkDocs: try MkDocsConfiguration.read(&reader, defaultTitle: defaultTitle, root: URLPath.folder(of: file), in: source)
        }
        let notUsed = generator == .jekyll ? [] : reader.unused
        return (configuration, ForeignConfiguration(generator: generator, file: displayPath, keysRead: values.keys.filter(reader.used.contains),
                                                       keysNotUsed: notUsed))
    }

    /// Whether a `config.toml` is Zola's: it spells the base URL `base_url` (Hugo: `baseURL`), or
    /// has no base URL but keys only Zola has.
    private static func isZola(_ values: FrontMatter) -> Bool {
        if values["base_url"] != nil { return true }
        if values.keys.contains(where: { $0.lowercased() == "baseurl" }) { return false }
        return ["default_language", "compile_sass", "build_search_index", "generate_feeds", "generate_feed", "extra", "markdown"]
            .contains { values[$0] != nil }
    }
}
