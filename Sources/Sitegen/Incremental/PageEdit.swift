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
/// general way (``OutputPlan``), which gives the same output, only slower.
struct PageEdit {
    let layout: SiteLayout
    let options: BuildOptions
    let memory: BuildMemory

    /// Renders what the edited pages at `paths` (absolute) change into `output`, or returns
    /// `nil` when the edit is not of that kind. Returns how many outputs it rendered.
    func apply(_ paths: Set<String>, steps: [BuildStep], into live: LiveOutput) async throws -> Int? {
        guard !paths.isEmpty, var last = memory.lastBuild, let record = memory.record,
              steps.allSatisfy(\.isBuiltIn) else { return nil }
        let output = Output(live: live, writer: OutputWriter(live))
        let contentFolder = layout.content.standardizedFileURL.path + "/"
        let loader = ContentLoader(layout: layout, configuration: last.loaded.configuration, options: options)
        let walker = FolderWalker(layout: layout, configuration: last.loaded.configuration)
        let bundleFolders = Set(last.loaded.pages.filter(\.isBundle).map { URLPath.folder(of: $0.sourcePath) })
        let known = memory.sources()
        var edits: [(index: Int, parsed: BuildMemory.ParsedPage, path: String)] = []
        let publishedFiles = Set(last.loaded.files.compactMap(\.contentPath))
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
                try MarkdownSource(text: String(decoding: try walker.contents(of: path), as: UTF8.self))
            }) else { return nil }
            guard var page = try? loader.makePage(path: relative, source: source, bundleFolders: bundleFolders) else { return nil }
            page = try last.site.pageProcessors.reduce(page) { page, process in try process(page) }
            page.revision = revision
            guard page.hasSameStructure(as: last.parsed[index].page.page) else { return nil }
            let parsed = try renderer(last, output: output, plan: OutputPlan(previous: nil, recording: true)).parse(page, links: last.links)
            edits.append((index, parsed, URLPath.outputFile(for: page.url)))
        }
        guard !edits.isEmpty else { return nil }
        let shownElsewhere = edits.contains { edit in
            edit.parsed.listingFingerprint != last.parsed[edit.index].listingFingerprint
                || !(record.readers[Dependency.page(edit.parsed.page.page.sourcePath)] ?? []).allSatisfy { $0 == edit.path }
        }
        if !shownElsewhere {
            // Only the pages' own outputs show what changed.
            let renderer = renderer(last, output: output, plan: OutputPlan(previous: nil, recording: false))
            let site = last.context.site()
            for edit in edits {
                try renderer.write(edit.parsed, to: edit.path, site: site, neighbours: last.neighbours[edit.index],
                                   context: last.context, files: last.files)
            }
            try commit(output)
            for edit in edits {
                last = last.replacing(edit.parsed, at: edit.index)
                memory.replace(edit.parsed, in: last)
            }
            return edits.count
        }
        guard edits.count == 1, let edit = edits.first, last.context.navigation == nil else { return nil }
        return try await renderShowing(edit, in: last, record: record, steps: steps, into: output)
    }

    /// Renders one edited page and every output that shows it: its neighbours, its lists and feeds.
    private func renderShowing(_ edit: (index: Int, parsed: BuildMemory.ParsedPage, path: String), in last: LastBuild,
                               record: DependencyRecord, steps: [BuildStep], into output: Output) async throws -> Int? {
        let page = edit.parsed.page
        let source = page.page.sourcePath
        let updated = last.replacing(edit.parsed, at: edit.index)
        // Every list must keep its order (a new title can reorder a list sorted by title).
        guard let section = last.loaded.sections[page.page.sectionPath],
              ListRenderer.sorted(updated.orders[section.path] ?? [], by: section.sort).map(\.page.sourcePath)
                == (last.orders[section.path] ?? []).map(\.page.sourcePath),
              ListRenderer.newest(updated.parsed.map(\.page)).map(\.page.sourcePath) == last.newest.map(\.page.sourcePath)
        else { return nil }
        let plan = OutputPlan(previous: record, recording: true)
        plan.set(Dependency.page(source), edit.parsed.fingerprint)
        plan.set(Dependency.listing(source), edit.parsed.listingFingerprint)
        let renderer = renderer(updated, output: output, plan: plan)
        let site = updated.context.site()
        let (previous, next) = updated.neighbours[edit.index]
        for index in [edit.index] + [previous, next].compactMap({ $0.flatMap { updated.index[$0.page.sourcePath] } }) {
            let shown = updated.parsed[index]
            let path = URLPath.outputFile(for: shown.page.page.url)
            let (before, after) = updated.neighbours[index]
            if plan.needsRendering(path, reading: SiteRenderer.pageDependencies(shown.page.page.sourcePath, previous: before, next: after,
                                                                               usesNavigation: false)) {
                try renderer.write(shown, to: path, site: site, neighbours: updated.neighbours[index], context: updated.context,
                                   files: updated.files)
            }
        }
        let pages = updated.parsed.map(\.page)
        _ = try await ListRenderer(loaded: updated.loaded, pages: pages, orders: updated.orders, newest: updated.newest,
                                   terms: updated.terms, theme: updated.theme, context: updated.context, output: output.writer,
                                   plan: plan, sectionHTML: updated.sectionHTML).render()
        if steps.contains(where: { if case .generateFeeds = $0.action { true } else { false } }) {
            let site = RenderedSite(loaded: updated.loaded, pages: pages, listPages: 0, warnings: [], newest: updated.newest,
                                    terms: updated.terms)
            try SiteIndexes(site: site)?.writeFeeds(plan: plan, output: output.writer)
        }
        try commit(output)
        memory.replace(edit.parsed, in: updated)
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

    private func renderer(_ last: LastBuild, output: Output, plan: OutputPlan) -> SiteRenderer {
        SiteRenderer(loaded: last.loaded, theme: last.theme, site: last.site, output: output.writer, observers: BuildObservers(),
                     plan: plan, memory: nil)
    }
}

extension BuildStep {
    /// Whether this is one of the steps whose outputs the dependency record covers.
    var isBuiltIn: Bool {
        switch action {
        case .loadContent, .renderPages, .copyStaticFiles, .generateSitemap, .generateFeeds, .installPlugin, .addModifier: true
        case .custom, .group, .conditional, .optional: false
        }
    }
}

extension Page {
    /// Whether what places the page in the site is the same as in `other`: its file, URL,
    /// section, dates, weight, layout, terms and aliases (title, description, other front
    /// matter and text may differ).
    func hasSameStructure(as other: Page) -> Bool {
        sourcePath == other.sourcePath && url == other.url && sectionPath == other.sectionPath && isBundle == other.isBundle
            && date == other.date && updated == other.updated && isDraft == other.isDraft && weight == other.weight
            && layout == other.layout && terms == other.terms && aliases == other.aliases
    }
}
