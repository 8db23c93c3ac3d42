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
    /// last build left nothing to work from or the new templates or data do not load.
    func render(_ paths: Set<String>) async -> [String] {
        guard !paths.isEmpty, let last = memory.lastBuild, let record = memory.record,
              case let walker = FolderWalker(layout: layout, configuration: last.loaded.configuration),
              let theme = try? Theme(name: last.loaded.configuration.theme, overrides: layout.templates, layout: layout, walker: walker),
              let data = try? DataFiles.load(layout.data, layout: layout, walker: walker) else { return [] }
        var context = TemplateContext(configuration: last.loaded.configuration, sections: last.loaded.sections, data: data,
                                      now: Date())
        context.navigation = last.context.navigation
        context.remember(last.parsed.map(\.page))
        let plan = OutputPlan(previous: record, recording: true)
        plan.render(paths)
        let live = LiveOutput(destination: layout.output, memory: memory)
        let output = OutputWriter(live)
        let renderer = SiteRenderer(loaded: last.loaded, theme: theme, site: last.site, output: output, observers: BuildObservers(),
                                    plan: plan, memory: nil)
        do {
            let site = context.site()
            for (index, parsed) in last.parsed.enumerated() where paths.contains(URLPath.outputFile(for: parsed.page.page.url)) {
                try renderer.write(parsed, to: URLPath.outputFile(for: parsed.page.page.url), site: site,
                                   neighbours: last.neighbours[index], context: context, files: last.files)
            }
            _ = try await ListRenderer(loaded: last.loaded, pages: last.parsed.map(\.page), orders: last.orders, newest: last.newest,
                                       terms: last.terms, theme: theme, context: context, output: output, plan: plan,
                                       sectionHTML: last.sectionHTML).render()
            live.keepEverythingElse()
            try output.commit()
            return live.changedPaths
        } catch {
            return []
        }
    }
}
