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
    func apply(_ paths: Set<String>, steps: [BuildStep], into live: LiveOutput) async throws -> Int? {
        guard !paths.isEmpty, let last = memory.lastBuild, let record = memory.record,
              steps.allSatisfy(\.isBuiltIn) else { return nil }
        let site = last.site
        let output = Output(live: live, writer: OutputWriter(live))
        guard let contentOnDisk = layout.contentOnDisk else { return nil }
        let contentFolder = contentOnDisk.standardizedFileURL.path + "/"
        let loader = ContentLoader(layout: layout, configuration: site.configuration, options: options)
        let walker = FolderWalker(layout: layout, configuration: site.configuration)
        let bundleFolders = Set(site.loaded.pages.filter(\.isBundle).map { URLPath.folder(of: $0.sitePath) })
        let placement = LanguagePlacement(configuration: site.configuration)
        let known = memory.sources()
        // Parsed as the render stage parses.
        let parser = RenderStage(continuing: site).renderer(output: output.writer, observers: BuildObservers(),
                                                            memory: LiveRendering(memory: memory, plan: OutputPlan(previous: nil, recording: true)))
        var edits: [(index: Int, parsed: ParsedPage, path: String)] = []
        let publishedFiles = Set(site.loaded.files.compactMap(\.contentPath))
        for path in paths {
            guard path.hasPrefix(contentFolder) else { return nil }
            let relative = String(path.dropFirst(contentFolder.count))
            // A top-level README's heading may be the site's title, which every output shows.
            if relative.lowercased() == "readme.md" { return nil }
            guard let index = last.index[relative] else {
                // A file that came and went between two looks (an editor's or sed's temporary file) changes nothing.
                if known[relative] == nil, !publishedFiles.contains(relative), !FileManager.default.fileExists(atPath: path) { continue }
                return nil
            }
            // A file that is gone or whose front matter does not read is for the general build to report.
            guard let (source, revision) = try? memory.source(at: path, path: relative, known: known[relative], read: {
                PageText(holding: try ContentLoader.source(of: walker.source.text(of: layout.sourcePath(ofContentPath: relative),
                                                                                  maximumSize: ContentLoader.maximumMarkdownBytes)))
            }) else { return nil }
            guard var page = try? loader.pageReader.page(path: relative, text: source, bundleFolders: bundleFolders,
                                                                place: placement.place(relative)) else { return nil }
            page = try site.site.pageProcessors.reduce(page) { page, process in try process(page) }
            page.revision = revision
            guard page.hasSameStructure(as: site.parsed[index].page.page) else { return nil }
            // A page in a menu is shown by every output: the general build renders what changed.
            if ["menu", "menus"].contains(where: { page.frontMatter[$0] != nil || site.parsed[index].page.page.frontMatter[$0] != nil })
                || site.loaded.menus.leads(to: page.url) { return nil }
            edits.append((index, try parser.parse(page, links: site.links), URLPath.outputFile(for: page.url)))
        }
        guard !edits.isEmpty else { return nil }
        let updated = edits.reduce(last) { $0.replacing($1.parsed, at: $1.index) }
        let facts = FactValues(updated.site)
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
        let renderer = RenderStage(continuing: updated.site).renderer(output: output.writer, observers: BuildObservers(), memory: rendering)
        if affected == own {
            // Only the pages' own outputs show what changed.
            try await renderer.writePages(of: updated.site, only: edits.map(\.index), facts: facts)
        } else {
            // Other outputs show the pages: every list must keep its order (a new title can reorder a list sorted by title).
            for edit in edits {
                let sectionPath = edit.parsed.page.page.sectionPath
                guard let section = updated.site.loaded.sections[sectionPath],
                      ListRenderer.sorted(updated.site.orders[sectionPath] ?? [], by: section.sort).map(\.page.sourcePath)
                        == (last.site.orders[sectionPath] ?? []).map(\.page.sourcePath) else { return nil }
            }
            guard ListRenderer.newest(updated.site.pages).map(\.page.sourcePath) == last.site.newest.map(\.page.sourcePath) else {
                return nil
            }
            let pages = updated.site.pages.indices.filter { affected.contains(URLPath.outputFile(for: updated.site.pages[$0].page.url)) }
            try await renderer.writePages(of: updated.site, only: pages, facts: facts)
            _ = try await ListRenderer(site: updated.site, output: output.writer, memory: rendering, facts: facts).render()
            if steps.contains(where: { if case .generateFeeds = $0.action { true } else { false } }) {
                try SiteIndexes(site: updated.site)?.writeFeeds(memory: rendering, facts: facts, output: output.writer)
            }
        }
        try commit(output)
        memory.replace(edits.map(\.parsed), in: updated, record: plan.record)
        return plan.counts.rendered
    }

    /// The live output, and the writer every file reaches it through.
    private struct Output {
        let live: LiveOutput
        let writer: OutputWriter
    }

    /// Writes what was rendered (unless two outputs claimed one path); every other file stays as
    /// the last build left it.
    private func commit(_ output: Output) throws {
        output.live.keepEverythingElse()
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
        var hasher = StableHasher()
        for text in [sourcePath, url, sectionPath, layout ?? "\0", translationKey, explicitTitle ?? "\0", linkTitle ?? "\0"] {
            hasher.combine(text)
        }
        for flag in [isBundle, isDraft, layout != nil, explicitTitle != nil, linkTitle != nil] { hasher.combine(flag) }
        hasher.combine(weight)
        for date in [date, updated] { hasher.combine(date?.timeIntervalSinceReferenceDate ?? .nan) }
        hasher.combine(aliases.count)
        for alias in aliases { hasher.combine(alias) }
        hasher.combine(terms.count)
        for taxonomy in terms.keys.sorted() {
            hasher.combine(taxonomy)
            hasher.combine(terms[taxonomy]?.count ?? 0)
            for term in terms[taxonomy] ?? [] { hasher.combine(term) }
        }
        return hasher.finalize()
    }

    /// Whether what places the page in the site is the same as in `other`: its file, URL,
    /// section, dates, weight, layout, terms and aliases (title, description, other front
    /// matter and text may differ).
    func hasSameStructure(as other: Page) -> Bool {
        sourcePath == other.sourcePath && url == other.url && sectionPath == other.sectionPath && isBundle == other.isBundle
            && date == other.date && updated == other.updated && isDraft == other.isDraft && weight == other.weight
            && layout == other.layout && terms == other.terms && aliases == other.aliases && translationKey == other.translationKey
    }
}
