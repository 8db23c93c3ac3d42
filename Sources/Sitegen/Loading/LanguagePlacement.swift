/// Which language each file of the content folder is in, and where it sits in the site, one
/// job of loading a site with `languages:`: a file whose name ends in a language's code
/// (`post.fr.md`, `_index.ja.md`, `photo.fr.jpg`) or that lies in a top-level folder named by
/// a code (`fr/post.md`, as Hugo's `contentDir` per language) is in that language; any other
/// file is in the default language. A file's *site path* is its path without the code, below
/// its language's folder: `posts/hello.fr.md` → `fr/posts/hello.md`, `en/posts/hello.md` →
/// `posts/hello.md`. Sections, bundles and URLs are then worked out from site paths, so each
/// language gets its own tree of sections.
struct LanguagePlacement: Sendable {
    /// Where a file is placed.
    struct Place: Sendable, Hashable {
        /// The language's code.
        let language: String
        /// The path as if the site were in one language, below the language's folder.
        let sitePath: String
        /// The path without any language: the same for a page and its translations.
        let sharedPath: String
    }

    private let byCode: [String: SiteLanguage]
    /// Each language by its own content folder (Hugo's `contentDir` per language).
    private let byFolder: [String: SiteLanguage]
    /// The site's languages.
    let languages: [SiteLanguage]
    let defaultLanguage: SiteLanguage
    /// Whether the site has languages at all.
    let isMultilingual: Bool
    /// Whether files are placed by their language: with languages, or with a language's own
    /// content folder (Hugo's `contentDir` of a site's one language); else every path is its
    /// own site path.
    var placesByLanguage: Bool { isMultilingual || !byFolder.isEmpty }

    init(configuration: SiteConfiguration) {
        languages = configuration.publishedLanguages
        let byCode = Dictionary(languages.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        self.byCode = byCode
        byFolder = (configuration.hugo?.contentFolders ?? [:]).compactMapValues { byCode[$0] }
        defaultLanguage = configuration.defaultLanguage
        isMultilingual = !configuration.languages.isEmpty
    }

    /// The language and site path of the file at `path` (relative to the content folder).
    func place(_ path: String) -> Place {
        guard placesByLanguage else { return Place(language: defaultLanguage.code, sitePath: path, sharedPath: path) }
        var language = defaultLanguage
        var shared = path
        // A top-level folder per language.
        if let slash = path.firstIndex(of: "/"), let folder = byFolder[String(path[..<slash])] ?? byCode[String(path[..<slash])] {
            language = folder
            shared = String(path[path.index(after: slash)...])
        }
        // A code before the extension: `hello.fr.md`; `index.fr.md`.
        let name = URLPath.lastComponent(of: shared)
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count >= 3, let suffixed = byCode[String(parts[parts.count - 2])], !parts[0].isEmpty {
            language = suffixed
            let folder = URLPath.folder(of: shared)
            let stripped = (parts.dropLast(2) + [parts[parts.count - 1]]).joined(separator: ".")
            shared = folder.isEmpty ? stripped : folder + "/" + stripped
        }
        return Place(language: language.code, sitePath: URLPath.path(shared, in: language.path), sharedPath: shared)
    }

    /// The site path of `sharedPath` in `language`.
    func sitePath(_ sharedPath: String, in language: String) -> String {
        URLPath.path(sharedPath, in: byCode[language]?.path ?? "")
    }
}
