import Foundation

/// Where the files a site publishes as they are (its ``LoadedSite/StaticFile``s) go in the
/// output, one job of loading: the files of `static/` at their own paths, and the content
/// folder's files that are not pages: a bundle's files beside its page (at the page's URL),
/// any other file at its own path.
struct StaticFilePlacement {
    let layout: SiteLayout
    /// The languages of the content's files: in a site with `languages:`, a bundle's files are
    /// published beside each translation of its page too, unless the translation has its own
    /// (`photo.fr.jpg` beside `photo.jpg`).
    var placement: LanguagePlacement?

    /// The files of `static/` (`staticFiles`, relative to it) and the content folder's other
    /// files (`otherFiles`, relative to it); `bundleFolders` are the folders of page bundles
    /// (site paths), whose files follow their page in `pages`.
    func files(_ otherFiles: [String], staticFiles: [String], bundleFolders: Set<String>,
               pages: [Page]) -> [LoadedSite.StaticFile] {
        var bundleURLs: [String: String] = [:]
        for page in pages where page.isBundle { bundleURLs[URLPath.folder(of: page.sitePath)] = page.url }
        var files: [LoadedSite.StaticFile] = []
        if let staticFolder = layout.staticFiles {
            for path in staticFiles {
                files.append(.init(path: FolderWalker.join(staticFolder, path), outputPath: path, contentPath: nil))
            }
        }
        let places = otherFiles.map { placement?.place($0) ?? .init(language: "", sitePath: $0, sharedPath: $0) }
        let sitePaths = Set(places.map(\.sitePath))
        // The language whose file of a bundle stands in for the languages without their own:
        // the default language's, else that of the first language (in the site's order) that has one.
        var standIns: [String: String] = [:]
        if let placement, placement.isMultilingual {
            let order = Dictionary(placement.languages.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
            let rank = { (code: String) in code == placement.defaultLanguage.code ? -1 : order[code] ?? Int.max }
            for place in places where standIns[place.sharedPath].map({ rank(place.language) < rank($0) }) ?? true {
                standIns[place.sharedPath] = place.language
            }
        }
        for (path, place) in zip(otherFiles, places) {
            // A file of a bundle in one language is the bundle's file in the others that lack their own.
            var sitePathsOfFile = [place.sitePath]
            if let placement, placement.isMultilingual, standIns[place.sharedPath] == place.language {
                for language in placement.languages where language.code != place.language {
                    let translated = placement.sitePath(place.sharedPath, in: language.code)
                    if !sitePaths.contains(translated) && bundle(of: translated, in: bundleFolders) != nil {
                        sitePathsOfFile.append(translated)
                    }
                }
            }
            let source = layout.sourcePath(ofContentPath: path)
            for sitePath in sitePathsOfFile {
                if let bundle = bundle(of: sitePath, in: bundleFolders) {
                    // Drafts' bundles are left out with their page.
                    guard let url = bundleURLs[bundle] else { continue }
                    let inside = String(sitePath.dropFirst(bundle.isEmpty ? 0 : bundle.count + 1))
                    files.append(.init(path: source, outputPath: String(URLPath.decoded(url).dropFirst()) + inside, contentPath: path))
                } else {
                    files.append(.init(path: source, outputPath: sitePath, contentPath: path))
                }
            }
        }
        return files
    }

    /// The bundle folder `sitePath` is in, if any.
    private func bundle(of sitePath: String, in bundleFolders: Set<String>) -> String? {
        var folder = URLPath.folder(of: sitePath)
        while true {
            if bundleFolders.contains(folder) { return folder }
            if folder.isEmpty { return nil }
            folder = URLPath.folder(of: folder)
        }
    }
}
