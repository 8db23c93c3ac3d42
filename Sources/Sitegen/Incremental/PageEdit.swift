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
        let contentFolder = layout.content.standardizedFileURL.path + "/"
        let loader = ContentLoader(layout: layout, configuration: site.configuration, options: options)
        let walker = FolderWalker(layout: layout, configuration: site.configuration)
        let bundleFolders = Set(site.loaded.pages.filter(\.isBundle).map { URLPath.folder(of: $0.sitePath) })
        let placement = LanguagePlacement(configuration: site.configuration)
        let known = memory.sources()
        // Parsed as the render stage parses, with fingerprints made.
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
                try ContentLoader.source(of: String(decoding: try walker.contents(of: path), as: UTF8.self))
            }) else { return nil }
            guard var page = try? loader.pageReader.page(path: relative, source: source, bundleFolders: bundleFolders,
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
        let shownElsewhere = edits.contains { edit in
            edit.parsed.listingFingerprint != site.parsed[edit.index].listingFingerprint
                || !(record.readers[.page(edit.parsed.page.page.sourcePath)] ?? []).allSatisfy { $0 == edit.path }
        }
        if !shownElsewhere {
            // Only the pages' own outputs show what changed: those are rendered, whatever the record says.
            let updated = edits.reduce(last) { $0.replacing($1.parsed, at: $1.index) }
            let renderer = RenderStage(continuing: updated.site).renderer(
                output: output.writer, observers: BuildObservers(),
                memory: LiveRendering(memory: memory, plan: OutputPlan(previous: nil, recording: false)))
            try await renderer.writePages(of: updated.site, only: edits.map(\.index))
            try commit(output)
            for edit in edits { memory.replace(edit.parsed, in: updated) }
            return edits.count
        }
        guard edits.count == 1, let edit = edits.first, site.context.navigation == nil else { return nil }
        return try await renderShowing(edit, in: last, record: record, steps: steps, into: output)
    }

    /// Renders one edited page and every output that shows it: its neighbours, its lists and feeds.
    private func renderShowing(_ edit: (index: Int, parsed: ParsedPage, path: String), in last: LastBuild,
                               record: DependencyRecord, steps: [BuildStep], into output: Output) async throws -> Int? {
        let page = edit.parsed.page
        let source = page.page.sourcePath
        let updated = last.replacing(edit.parsed, at: edit.index)
        let site = updated.site
        // Every list must keep its order (a new title can reorder a list sorted by title).
        guard let section = site.loaded.sections[page.page.sectionPath],
              ListRenderer.sorted(site.orders[section.path] ?? [], by: section.sort).map(\.page.sourcePath)
                == (last.site.orders[section.path] ?? []).map(\.page.sourcePath),
              ListRenderer.newest(site.pages).map(\.page.sourcePath) == last.site.newest.map(\.page.sourcePath)
        else { return nil }
        let plan = OutputPlan(previous: record, recording: true)
        plan.set(.page(source), edit.parsed.fingerprint)
        plan.set(.listing(source), edit.parsed.listingFingerprint)
        let rendering = LiveRendering(memory: memory, plan: plan)
        let (previous, next) = site.neighbours[edit.index]
        let shown = [edit.index] + [previous, next].compactMap { $0.flatMap { updated.index[$0.page.sourcePath] } }
        try await RenderStage(continuing: site).renderer(output: output.writer, observers: BuildObservers(), memory: rendering)
            .writePages(of: site, only: shown)
        _ = try await ListRenderer(site: site, output: output.writer, memory: rendering).render()
        if steps.contains(where: { if case .generateFeeds = $0.action { true } else { false } }) {
            try SiteIndexes(site: site)?.writeFeeds(plan: rendering, output: output.writer)
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
    /// Whether what places the page in the site is the same as in `other`: its file, URL,
    /// section, dates, weight, layout, terms and aliases (title, description, other front
    /// matter and text may differ).
    func hasSameStructure(as other: Page) -> Bool {
        sourcePath == other.sourcePath && url == other.url && sectionPath == other.sectionPath && isBundle == other.isBundle
            && date == other.date && updated == other.updated && isDraft == other.isDraft && weight == other.weight
            && layout == other.layout && terms == other.terms && aliases == other.aliases && translationKey == other.translationKey
    }
}
