/// Settles which aliases get a redirect page, as Hugo goes on where two claims meet: a page or
/// list page always wins over an alias at its URL, and of two pages that give the same alias
/// the first (by file path) keeps it. Each alias left out is a warning naming both files.
enum AliasClaims {
    /// Drops from `pages` and `sections` the aliases that another page, list page or earlier
    /// alias holds; returns a warning for each. `display` gives a content path as messages show it.
    static func settle(pages: inout [Page], sections: inout [String: Section], display: (String) -> String) -> [SiteError] {
        guard pages.contains(where: { !$0.aliases.isEmpty }) || sections.values.contains(where: { !$0.aliases.isEmpty }) else { return [] }
        // What is published at each URL: a page's file (by index), or a folder's list.
        var sectionHolders: [String: String] = [:]
        for section in sections.values.sorted(by: { $0.path < $1.path }) {
            sectionHolders[section.url] = section.sourcePath ?? (section.path.isEmpty ? "the home page" : "the list of \(display(section.path))/")
        }
        var pageHolders: [String: Int] = [:]
        for (index, page) in pages.enumerated() { pageHolders[page.url] = index }
        let pagesNow = pages
        func holder(_ url: String) -> String? { pageHolders[url].map { display(pagesNow[$0].sourcePath) } ?? sectionHolders[url] }
        var warnings: [SiteError] = []
        var claimed: [String: String] = [:]
        /// The aliases of the file shown as `file` that no one else holds.
        func settle(_ aliases: [String], of file: String, url: String, line: Int?) -> [String] {
            aliases.filter { alias in
                let shown = URLPath.decoded(alias)
                if alias == url {
                    warnings.append(SiteError(file: file, line: line, "the alias \(shown) is this page's own URL; it is left out"))
                    return false
                }
                if let holder = holder(alias) {
                    warnings.append(SiteError(file: file, line: line, "the alias \(shown) is the URL of \(holder), which is published "
                                              + "there; the alias is left out"))
                    return false
                }
                if let earlier = claimed[alias] {
                    warnings.append(SiteError(file: file, line: line, "the alias \(shown) is also an alias of \(earlier), "
                                              + "which keeps it; this one is left out"))
                    return false
                }
                claimed[alias] = file
                return true
            }
        }
        // Pages and lists in file order, so that the first file keeps an alias whatever it is.
        var owners: [(file: String, page: Int?, section: String?)] = pages.indices.filter { !pagesNow[$0].aliases.isEmpty }
            .map { (display(pagesNow[$0].sourcePath), $0, nil) }
        for section in sections.values where !section.aliases.isEmpty {
            owners.append((section.sourcePath ?? display(section.path), nil, section.path))
        }
        for owner in owners.sorted(by: { $0.file < $1.file }) {
            if let index = owner.page, !pages[index].aliases.isEmpty {
                let page = pages[index]
                let kept = settle(page.aliases, of: owner.file, url: page.url, line: page.frontMatter.line(of: "aliases"))
                if kept != page.aliases { pages[index].aliases = kept }
            } else if let path = owner.section, let section = sections[path] {
                let kept = settle(section.aliases, of: owner.file, url: section.url, line: section.source.frontMatter.line(of: "aliases"))
                sections[path]?.aliases = kept
            }
        }
        return warnings
    }
}
