/// Which Markdown file is each folder's own page: the front matter and text of the folder's
/// list page, as other generators and GitHub place it.
///
/// A folder's candidates, first one wins: `_index.md` (Hugo, Zola); `index.md` when the folder
/// holds other Markdown, directly or in a subfolder (Jekyll, GitHub docs) — an `index.md`
/// alone with other files is a page bundle instead (Hugo's leaf bundle); `name.md` beside the
/// folder `name/` (Eleventy, Jekyll); `README.md` (GitHub). At the top, `index.md` is the home
/// page's text even without other pages. An `index.md` that a `SUMMARY.md` lists as a chapter
/// stays a page (as mdBook renders it) when only its folder, not a subfolder, holds other Markdown. A losing `README.md` stays an ordinary page at its own
/// URL (`/name/readme/`); any other losing file would be published at the folder's URL too, so
/// it is left out with a warning naming the winner.
struct SectionIndexes {
    /// The file of each folder's own page, by folder path (`""` for the home page).
    private(set) var files: [String: String] = [:]
    /// Folders whose `index.md` is a page bundle: no other Markdown file is in or below them.
    private(set) var bundleFolders: Set<String> = []
    /// Files that are neither a page nor a folder's own page, because another file won.
    private(set) var leftOut: Set<String> = []
    /// One for each file left out, naming the file that won.
    private(set) var warnings: [SiteError] = []

    /// Sorts out the Markdown files at `paths` (relative to the content folder); `chapters`
    /// are those a `SUMMARY.md` lists; `display` gives a path as messages show it.
    init(markdown paths: [String], chapters: Set<String> = [], display: (String) -> String) {
        // How many Markdown files are in or below each folder, and directly in it.
        var below: [String: Int] = [:]
        var inside: [String: Int] = [:]
        for path in paths {
            inside[URLPath.folder(of: path), default: 0] += 1
            var folder = URLPath.folder(of: path)
            while !folder.isEmpty {
                below[folder, default: 0] += 1
                folder = URLPath.folder(of: folder)
            }
        }
        var candidates: [String: [(rank: Int, path: String)]] = [:]
        for path in paths {
            let name = URLPath.lastComponent(of: path)
            let folder = URLPath.folder(of: path)
            switch Self.kind(of: name) {
            case .underscoreIndex:
                candidates[folder, default: []].append((0, path))
            case .index where chapters.contains(path) && !folder.isEmpty && below[folder] == inside[folder]:
                // A book's chapter: a page, its folder's other pages in the section above, as for a bundle.
                bundleFolders.insert(folder)
                candidates[folder, default: []].append((1, path))
            case .index where folder.isEmpty || below[folder, default: 0] > 1:
                candidates[folder, default: []].append((1, path))
            case .index:
                bundleFolders.insert(folder)
                candidates[folder, default: []].append((1, path))
            case .readme:
                candidates[folder, default: []].append((3, path))
            case .other(let stem):
                let named = folder.isEmpty ? stem : folder + "/" + stem
                if below[named, default: 0] > 0 { candidates[named, default: []].append((2, path)) }
            }
        }
        for (folder, found) in candidates {
            let ordered = found.sorted { ($0.rank, $0.path) < ($1.rank, $1.path) }
            let winner = ordered[0]
            // A bundle's index.md is a page, not a list's text; a folder whose _index.md wins is no bundle.
            if winner.rank != 1 { bundleFolders.remove(folder) }
            if !bundleFolders.contains(folder) { files[folder] = winner.path }
            for loser in ordered.dropFirst() where loser.rank != 3 {
                leftOut.insert(loser.path)
                let place = folder.isEmpty ? "the home page" : "the page of the folder \(display(folder))/"
                warnings.append(SiteError(file: display(loser.path), "not published: \(display(winner.path)) is already \(place) "
                                          + "(first of _index.md, index.md, the .md file beside the folder, README.md); "
                                          + "merge the two or rename one"))
            }
        }
    }

    private enum Kind {
        case underscoreIndex, index, readme
        case other(stem: String)
    }

    private static func kind(of name: String) -> Kind {
        let dot = name.lastUTF8Index(of: UInt8(ascii: ".")) ?? name.endIndex
        let stem = String(name[..<dot])
        switch stem {
        case "_index": return .underscoreIndex
        case "index": return .index
        default: return stem.utf8.count == 6 && stem.lowercased() == "readme" ? .readme : .other(stem: stem)
        }
    }
}
