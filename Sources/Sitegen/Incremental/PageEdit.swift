import Foundation
import SitegenMarkdown

/// The quickest live build: some pages' text changed and nothing else did — not their front
/// matter, title, summary or dates, not which pages exist. Then only outputs that show those
/// pages' full content can differ, and when each such output is the page's own (the record
/// says who reads what), the pages are parsed and rendered again with what the last build
/// gave their templates, and the rest of the site is left as it is.
///
/// Anything else — a changed title or summary, a new page, a template — returns `nil`, and the
/// build goes the general way (``OutputPlan``), which gives the same output, only slower.
struct PageEdit {
    let layout: SiteLayout
    let options: BuildOptions
    let memory: BuildMemory

    /// Renders the edited pages at `paths` (absolute) into `output`, or returns `nil` when
    /// the edit is not only page text. Returns how many pages it rendered.
    func apply(_ paths: Set<String>, steps: [BuildStep], into output: LiveOutput) throws -> Int? {
        guard !paths.isEmpty, let last = memory.lastBuild, let record = memory.record,
              steps.allSatisfy(\.isBuiltIn) else { return nil }
        let contentFolder = layout.content.standardizedFileURL.path + "/"
        let loader = ContentLoader(layout: layout, configuration: last.loaded.configuration, options: options)
        let bundleFolders = Set(last.loaded.pages.filter(\.isBundle).map { URLPath.folder(of: $0.sourcePath) })
        let known = memory.sources()
        var edits: [(index: Int, parsed: BuildMemory.ParsedPage, path: String)] = []
        for path in paths {
            guard path.hasPrefix(contentFolder) else { return nil }
            let relative = String(path.dropFirst(contentFolder.count))
            guard let index = last.index[relative] else { return nil }
            let before = last.parsed[index]
            // A file that is gone or whose front matter does not read is for the general build to report.
            guard let (source, revision) = try? memory.source(at: path, path: relative, known: known[relative], read: {
                try MarkdownSource(text: String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
            }) else { return nil }
            guard var page = try? loader.makePage(path: relative, source: source, bundleFolders: bundleFolders) else { return nil }
            page = try last.site.pageProcessors.reduce(page) { page, process in try process(page) }
            page.revision = revision
                guard page.hasSameFacts(as: before.page.page) else { return nil }
            let renderer = renderer(last, output: output)
            let parsed = try renderer.parse(page, links: last.links)
            // Lists, neighbours and feeds show the listing; it must be the same.
                guard parsed.listingFingerprint == before.listingFingerprint else { return nil }
            let outputPath = URLPath.outputFile(for: page.url)
            guard (record.readers[Dependency.page(relative)] ?? []).allSatisfy({ $0 == outputPath }) else { return nil }
            edits.append((index, parsed, outputPath))
        }
        let renderer = renderer(last, output: output)
        let site = last.context.site()
        for edit in edits {
            try renderer.write(edit.parsed, to: edit.path, site: site, neighbours: last.neighbours[edit.index], context: last.context,
                               files: last.files)
        }
        output.keepEverythingElse()
        try output.commit()
        for edit in edits { memory.replace(edit.parsed, at: edit.index) }
        return edits.count
    }

    private func renderer(_ last: LastBuild, output: LiveOutput) -> SiteRenderer {
        // A recording plan, so that parses carry their fingerprints.
        SiteRenderer(loaded: last.loaded, theme: last.theme, site: last.site, output: output, observers: BuildObservers(),
                     plan: OutputPlan(previous: nil, recording: true), memory: nil)
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
    /// Whether everything but the text is the same as in `other`.
    func hasSameFacts(as other: Page) -> Bool {
        sourcePath == other.sourcePath && url == other.url && sectionPath == other.sectionPath && isBundle == other.isBundle
            && frontMatter == other.frontMatter && explicitTitle == other.explicitTitle && fileTitle == other.fileTitle
            && date == other.date && updated == other.updated && isDraft == other.isDraft && weight == other.weight
            && layout == other.layout && terms == other.terms && aliases == other.aliases && description == other.description
            && data == other.data
    }
}
