import Foundation
import SitegenTemplates

/// `sitegen-bench templates`: the default theme's page, section and term templates rendered
/// for every page, section and tag of a site, with our engine and with swift-mustache (given
/// dictionaries, as sitegen gave it before), in the same run. Speed is measured here, never in tests.
package enum TemplateBenchmark {
    /// Microseconds per rendered page of each template with each engine: the best of `runs`.
    package struct Result: Sendable {
        package let template: String
        package let outputs: Int
        package let ours: Double
        package let swiftMustache: Double
        /// How many outputs the two engines rendered differently (0: byte-identical).
        package let differences: Int
    }

    /// Loads and parses the site at `folder`, then renders each template `runs` times with each engine.
    /// With `onlyOurs`, swift-mustache is skipped (its time is reported as 0), for profiling ours.
    package static func run(folder: URL, runs: Int, onlyOurs: Bool = false) async throws -> [Result] {
        let layout = SiteLayout(root: folder)
        let builder = SiteBuilder(site: Site(), layout: layout)
        let loaded = try await builder.load(memory: nil)
        let walker = FolderWalker(layout: layout, configuration: loaded.configuration)
        let theme = try Theme(name: loaded.configuration.theme, overrides: layout.templates, layout: layout, walker: walker)
        let rendered = try await SiteRenderer(loaded: loaded, theme: theme, site: Site(), output: OutputWriter(MemoryOutput()),
                                              observers: BuildObservers(), memory: .plain).parsedSite()
        let files = Theme.files(of: loaded.configuration.theme).filter { $0.key.hasSuffix(".mustache") }.map {
            TemplateEngine.File(name: String($0.key.dropLast(".mustache".count)), text: $0.value, displayPath: $0.key, fromTheme: true)
        }
        let ours = try TemplateEngine(files: files, useSwiftMustache: false)
        let theirs = try TemplateEngine(files: files, useSwiftMustache: true)
        let context = rendered.context
        let site = context.site()
        let pages: [(String, () -> TemplateValue)] = rendered.pages.indices.map { index in
            let page = rendered.pages[index]
            let (previous, next) = rendered.neighbours[index]
            return ("page", {
                context.top(site: site, ["page": context.page(page, section: loaded.sections[page.page.sectionPath],
                                                              previous: previous, next: next)])
            })
        }
        let sections: [(String, () -> TemplateValue)] = loaded.sections.values.filter { !$0.path.isEmpty }.map { section in
            let items = rendered.orders[section.path] ?? []
            let pager = Pager(items, perPage: loaded.configuration.paginate, url: section.url)
            return ("section", {
                context.top(site: site, ["section": context.section(section, html: "", pages: pager.pages[0].items, subsections: [],
                                                                    pageCounts: [:]),
                                         "pagination": pager.value(for: 1, basePath: context.basePath)])
            })
        }
        let terms: [(String, () -> TemplateValue)] = (rendered.terms["tags"] ?? []).map { term in
            let pager = Pager(term.pages, perPage: loaded.configuration.paginate, url: term.url)
            return ("term", {
                context.top(site: site, ["term": ["name": .text(term.name), "taxonomy": "tags", "taxonomyTitle": "Tags",
                                                  "taxonomyURL": .text(context.basePath + "/tags/"), "count": .int(term.pages.count),
                                                  "pages": .list(pager.pages[0].items.map(context.summary))],
                                         "pagination": pager.value(for: 1, basePath: context.basePath)])
            })
        }
        var results: [Result] = []
        for (name, jobs) in [("page", pages), ("section", sections), ("term", terms)] where !jobs.isEmpty {
            func best(_ engine: TemplateEngine) throws -> Double {
                var best = Double.infinity
                for _ in 0..<runs {
                    let start = DispatchTime.now().uptimeNanoseconds
                    var bytes = 0
                    for (template, values) in jobs { bytes += try engine.renderForBenchmark(template, with: values()).utf8.count }
                    precondition(bytes > 0)
                    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(jobs.count))
                }
                return best
            }
            var differences = 0
            if !onlyOurs {
                for (template, values) in jobs where try ours.renderForBenchmark(template, with: values())
                    != theirs.renderForBenchmark(template, with: values()) {
                    differences += 1
                }
            }
            results.append(Result(template: name, outputs: jobs.count, ours: try best(ours), swiftMustache: onlyOurs ? 0 : try best(theirs),
                                  differences: differences))
        }
        return results
    }
}
