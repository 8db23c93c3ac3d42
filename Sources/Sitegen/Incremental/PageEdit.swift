import Foundation
import SitegenMarkdown

/// The quickest live build: some pages changed and nothing else did — not which pages exist,
/// not their URLs, sections, dates, weights, terms or aliases. Then only outputs that show
/// those pages can differ, and the record says which: for a change of text alone, just the
/// page's own output; for a new title or summary, also its neighbours, the list pages and
/// term pages it is on, and the feeds. Those are rendered again with what the last build gave
/// their templates, and the rest of the site is left as it is.
///
/// Anything else — a new page, a changed date, a change that reorders a list, a template, a
/// theme with a navigation tree when a title changes — returns `nil`, and the build goes the
/// general way (``LiveRendering``, ``OutputPlan``), which gives the same output, only slower.
struct PageEdit {
    let layout: SiteLayout
    let options: BuildOptions
    let memory: BuildMemory

    /// Renders what the edited pages at `paths` (absolute) change into `output`, or returns
    /// `nil` when the edit is not of that kind. Returns how many outputs it rendered.
    ///
    /// The memory's last build and record are changed in place, each step in a function of its
    /// own so that no other reference to them is alive then: a one-page edit of 100,000 pages
    /// would otherwise copy (and free) every list of the site and the whole record.
    func apply(_ paths: Set<String>, steps: [BuildStep], into live: LiveOutput) async throws -> Int? {
        guard !paths.isEmpty, memory.lastBuild != nil, memory.record != nil, steps.allSatisfy(\.isBuiltIn) else { return nil }
        let output = Output(live: live, writer: OutputWriter(live))
        guard let edits = try parse(paths, output: output), !edits.isEmpty else { return nil }
        guard let before = memory.changeLastBuild({ last in
            edits.map { edit in
                defer { last.replace(edit.parsed, at: edit.index) }
                return (index: edit.index, parsed: last.site.parsed[edit.index])
            }
        }) else { return nil }
        let restore = {
            memory.changeLastBuild { last in for old in before.reversed() { last.replace(old.parsed, at: old.index) } }
        }
        let outcome: (rendered: Int, reads: OutputPlan.Reads)?
        do {
            outcome = try await render(edits, before: Dictionary(before.map { ($0.index, $0.parsed.page) }, uniquingKeysWith: { first, _ in first }),
                                       steps: steps, output: output)
        } catch {
            restore()
            throw error
        }
        guard let outcome else {
            restore()
            return nil
        }
        memory.keepEdit(edits.map(\.parsed), reads: outcome.reads)
        return outcome.rendered
    }

    /// The edited pages parsed, each with its index and output path; `nil` when the edit is
    /// not of the kind this build makes.
    private func parse(_ paths: Set<String>, output: Output) throws -> [(index: Int, parsed: ParsedPage, path: String)]? {
        guard let last = memory.lastBuild, let contentOnDisk = layout.contentOnDisk else { return nil }
        let site = last.site
        let contentFolder = contentOnDisk.standardizedFileURL.path + "/"
        let loader = ContentLoader(layout: layout, configuration: site.configuration, options: options)
        let walker = FolderWalker(layout: layout, configuration: site.configuration)
        let placement = LanguagePlacement(configuration: site.configuration)
        // Read as the loader reads.
        let reader = ContentLoader.textReader(layout: layout, source: walker.source)
        // Parsed as the render stage parses.
        let parser = RenderStage(continuing: site).renderer(output: output.writer, observers: BuildObservers(),
                                                            memory: LiveRendering(memory: memory, plan: OutputPlan(previous: nil, recording: true)))
        // A page that includes a file that changed (mdBook's `{{#include}}` of another chapter) is parsed again by the general build.
        if site.parsed.contains(where: { $0.includes.contains { !$0.isUnchanged } }) { return nil }
        var edits: [(index: Int, parsed: ParsedPage, path: String)] = []
        for path in paths {
            guard path.hasPrefix(contentFolder) else { return nil }
            let relative = String(path.dropFirst(contentFolder.count))
            // A top-level README's heading may be the site's title, which every output shows.
            // A book's first chapter is its home page's text too (and a list page's text may include the file), which the general build renders again.
            if relative.lowercased() == "readme.md" || site.loaded.mayChangeListText(relative) { return nil }
            // So are pages and list pages whose parse read the page's text (a `readfile` of it, a Zola link's fragment matched to its headings).
            if last.readTexts.contains(LinkLookups.readKey(relative)) { return nil }
            guard let index = last.index[relative] else {
                // A file that came and went between two looks (an editor's or sed's temporary file) changes nothing.
                if memory.knownSource(relative) == nil, !last.publishedFiles.contains(relative),
                   !FileManager.default.fileExists(atPath: path) { continue }
                return nil
            }
            // A file that is gone, not UTF-8, or whose front matter does not read is for the general build to report.
            guard let (source, revision) = try? memory.source(at: path, path: relative, read: {
                PageText(holding: try MarkdownSource(text: reader.text(relative)))
            }) else { return nil }
            guard var page = try? loader.pageReader.page(path: relative, text: source, bundleFolders: last.bundleFolders,
                                                                place: placement.place(relative)) else { return nil }
            page = try site.site.pageProcessors.reduce(page) { page, process in try process(page) }
            page.revision = revision
            guard page.hasSameStructure(as: site.parsed[index].page.page) else { return nil }
            // A page in a menu is shown by every output: the general build renders what changed.
            if ["menu", "menus"].contains(where: { page.frontMatter[$0] != nil || site.parsed[index].page.page.frontMatter[$0] != nil })
                || site.loaded.menus.leads(to: page.url) { return nil }
            edits.append((index, try parser.parse(page, links: site.links), URLPath.outputFile(for: page.url)))
        }
        // An edited page whose parse read an edited page's text (its own headings, for a Zola link's fragment) read it as the
        // last build had it: the general build reads it anew.
        let edited = Set(edits.map { LinkLookups.readKey($0.parsed.page.page.sourcePath) })
        if edits.contains(where: { $0.parsed.lookups.contains(where: edited.contains) }) { return nil }
        return edits
    }

    /// Renders and commits what the edits (already in the memory's last build) change: how many
    /// outputs it rendered and what they read; `nil` when the edit turns out not to be of the
    /// kind this build makes (it changes `site`, or the order of a list).
    private func render(_ edits: [(index: Int, parsed: ParsedPage, path: String)], before: [Int: RenderedPage], steps: [BuildStep],
                        output: Output) async throws -> (rendered: Int, reads: OutputPlan.Reads)? {
        guard let updated = memory.lastBuild, let record = memory.record else { return nil }
        let site = updated.site
        let facts = FactValues(site, index: updated.index)
        // What changed of the edited pages, as the outputs that read them saw it.
        var changed: Set<Fact> = []
        for edit in edits {
            let source = edit.parsed.page.page.sourcePath
            changed.formUnion(record.changed(Fact.facts(ofPage: source), now: facts))
        }
        // `site` shows pages too (a navigation tree of titles): when it changes, every output does, which the general build does.
        for language in site.configuration.publishedLanguages {
            if record.hasChanged(.site(language.code), now: facts) { return nil }
        }
        let own = Set(edits.map(\.path))
        let affected = record.readers(of: changed).union(own)
        let plan = OutputPlan(previous: record, recording: true, forced: own, limitedTo: affected)
        let rendering = LiveRendering(memory: memory, plan: plan)
        let renderer = RenderStage(continuing: site).renderer(output: output.writer, observers: BuildObservers(), memory: rendering)
        if affected != own {
            // Other outputs show the pages: every list must keep its order (a new title can reorder a list sorted by title).
            for edit in edits {
                let source = edit.parsed.page.page.sourcePath, sectionPath = edit.parsed.page.page.sectionPath
                let order = site.orders[sectionPath] ?? []
                guard let section = site.loaded.sections[sectionPath],
                      ListRenderer.isInOrder(order, by: section.sort, at: order.indices.filter { order[$0].page.sourcePath == source })
                else { return nil }
            }
            // And every term's list, which orders pages without a date by title.
            for edit in edits {
                guard let old = before[edit.index] else { return nil }
                for (language, taxonomy, term) in updated.termPlaces(of: edit.parsed.page.page) {
                    guard let pages = site.terms[language]?[taxonomy]?[term].pages,
                          ListRenderer.keepsTermOrder(pages, changing: old, to: edit.parsed.page) else { return nil }
                }
            }
            let newest = edits.compactMap { updated.newestPosition(of: $0.parsed.page.page.sourcePath) }
            guard ListRenderer.isNewestOrder(site.newest, at: newest, index: { updated.index[$0.page.sourcePath] ?? 0 }) else { return nil }
        }
        // Every other file stays as the last build left it (set once no general build can follow with this output).
        output.live.keepEverythingElse()
        if affected == own {
            // Only the pages' own outputs show what changed.
            try await renderer.writePages(of: site, only: edits.map(\.index), facts: facts)
        } else {
            let pages = affected.compactMap { updated.pageOfOutput[$0] }.sorted()
            try await renderer.writePages(of: site, only: pages, facts: facts)
            _ = try await ListRenderer(site: site, output: output.writer, memory: rendering, facts: facts).render()
            if steps.contains(where: { if case .generateFeeds = $0.action { true } else { false } }) {
                try SiteIndexes(site: site)?.writeFeeds(memory: rendering, facts: facts, output: output.writer)
            }
        }
        try commit(output)
        return (plan.counts.rendered, plan.reads())
    }

    /// The live output, and the writer every file reaches it through.
    private struct Output {
        let live: LiveOutput
        let writer: OutputWriter
    }

    /// Writes what was rendered (unless two outputs claimed one path); every other file stays as
    /// the last build left it (``LiveOutput/keepEverythingElse()``).
    private func commit(_ output: Output) throws {
        try output.writer.commit()
    }
}

extension BuildStep {
    /// Whether this is one of the steps whose outputs the dependency record covers.
    var isBuiltIn: Bool {
        switch action {
        case .loadContent, .renderPages, .copyStaticFiles, .generateSitemap, .generateFeeds, .indexSearch, .installPlugin,
             .addModifier: true
        case .custom, .group, .conditional, .optional: false
        }
    }
}

extension Page {
    /// A digest of what places the page in the site, as ``hasSameStructure(as:)`` compares it,
    /// and of the titles it gives itself, which lists may be sorted by and menus show: what a
    /// build cache keeps of each page to know, in the next build, that an edit of it changed
    /// its text alone.
    var placeDigest: UInt64 {
        // Made for every page of a cached build: no array or sort for the common page.
        var hasher = StableHasher()
        hasher.combine(sourcePath)
        hasher.combine(url)
        hasher.combine(sectionPath)
        hasher.combine(layout ?? "\0")
        hasher.combine(translationKey)
        hasher.combine(explicitTitle ?? "\0")
        hasher.combine(linkTitle ?? "\0")
        hasher.combine(isBundle)
        hasher.combine(isDraft)
        hasher.combine(layout != nil)
        hasher.combine(explicitTitle != nil)
        hasher.combine(linkTitle != nil)
        hasher.combine(weight)
        hasher.combine(date?.timeIntervalSinceReferenceDate ?? .nan)
        hasher.combine(updated?.timeIntervalSinceReferenceDate ?? .nan)
        hasher.combine(isInSitemap)
        hasher.combine(aliases.count)
        for alias in aliases { hasher.combine(alias) }
        hasher.combine(terms.count)
        for taxonomy in terms.count > 1 ? terms.keys.sorted() : Array(terms.keys) {
            hasher.combine(taxonomy)
            hasher.combine(terms[taxonomy]?.count ?? 0)
            for term in terms[taxonomy] ?? [] { hasher.combine(term) }
        }
        return hasher.finalize()
    }

    /// Whether what places the page in the site is the same as in `other`: its file, URL,
    /// section, dates, weight, layout, terms, aliases and place in the sitemap (title,
    /// description, other front matter and text may differ).
    func hasSameStructure(as other: Page) -> Bool {
        sourcePath == other.sourcePath && url == other.url && sectionPath == other.sectionPath && isBundle == other.isBundle
            && date == other.date && updated == other.updated && isDraft == other.isDraft && weight == other.weight
            && layout == other.layout && terms == other.terms && aliases == other.aliases && translationKey == other.translationKey
            && isInSitemap == other.isInSitemap
    }
}
