import Foundation

/// Where the files a site publishes as they are (its ``LoadedSite/StaticFile``s) go in the
/// output, one job of loading: the files of `static/` at their own paths, and the content
/// folder's files that are not pages: a bundle's files beside its page (at the page's URL),
/// any other file at its own path.
struct StaticFilePlacement {
    let layout: SiteLayout

    /// The files of `static/` (`staticFiles`, relative to it) and the content folder's other
    /// files (`otherFiles`, relative to it); `bundleFolders` are the folders of page bundles
    /// (relative to the content folder), whose files follow their page in `pages`.
    func files(_ otherFiles: [String], staticFiles: [String], bundleFolders: Set<String>,
               pages: [Page]) -> [LoadedSite.StaticFile] {
        var bundleURLs: [String: String] = [:]
        for page in pages where page.isBundle { bundleURLs[URLPath.folder(of: page.sourcePath)] = page.url }
        var files: [LoadedSite.StaticFile] = []
        if let staticFolder = layout.staticFiles {
            for path in staticFiles {
                files.append(.init(source: staticFolder.appendingPathComponent(path), outputPath: path, contentPath: nil))
            }
        }
        for path in otherFiles {
            var folder = URLPath.folder(of: path)
            var inBundle: String?
            while true {
                if bundleFolders.contains(folder) { inBundle = folder; break }
                if folder.isEmpty { break }
                folder = URLPath.folder(of: folder)
            }
            let source = layout.content.appendingPathComponent(path)
            if let bundle = inBundle {
                // Drafts' bundles are left out with their page.
                guard let url = bundleURLs[bundle] else { continue }
                let inside = String(path.dropFirst(bundle.isEmpty ? 0 : bundle.count + 1))
                files.append(.init(source: source, outputPath: String(URLPath.decoded(url).dropFirst()) + inside, contentPath: path))
            } else {
                files.append(.init(source: source, outputPath: path, contentPath: path))
            }
        }
        return files
    }
}
