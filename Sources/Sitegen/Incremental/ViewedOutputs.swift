import Foundation

/// After a change that renders every output again (a template, a data file), the pages open
/// in a browser first: rendered with the new templates and data and the rest of the last
/// build's state, and written at once, so that the person editing sees the change before the
/// whole site is rendered again. The full build that follows writes the same bytes for them
/// (and anything this quick pass got wrong, it puts right).
struct ViewedOutputs {
    let layout: SiteLayout
    let memory: BuildMemory

    /// Renders and writes `paths` (output paths); returns those that changed, or `[]` when the
    /// last build left nothing to work from or the new templates, data or strings do not load.
    func render(_ paths: Set<String>) async -> [String] {
        guard !paths.isEmpty, let lastBuild = memory.lastBuild, let record = memory.record, let destination = layout.output,
              let files = try? ThemeFiles(configuration: lastBuild.site.configuration, layout: layout),
              let data = try? DataFiles.load(layout.data,
                                             walker: FolderWalker(layout: layout, configuration: lastBuild.site.configuration)) else { return [] }
        let site = lastBuild.site.with(theme: files.theme, data: data, strings: files.strings)
        let plan = OutputPlan(previous: record, recording: true, forced: paths, limitedTo: paths)
        let facts = FactValues(site, index: lastBuild.index)
        let rendering = LiveRendering(memory: memory, plan: plan)
        let live = LiveOutput(destination: destination, memory: memory)
        let output = OutputWriter(live)
        live.keepEverythingElse()
        let viewed = paths.compactMap { lastBuild.pageOfOutput[$0] }.sorted()
        do {
            try await RenderStage(continuing: site).renderer(output: output, observers: BuildObservers(), memory: rendering)
                .writePages(of: site, only: viewed, facts: facts)
            _ = try await ListRenderer(site: site, output: output, memory: rendering, facts: facts).render()
            try output.commit()
            return live.changedPaths
        } catch {
            return []
        }
    }
}
