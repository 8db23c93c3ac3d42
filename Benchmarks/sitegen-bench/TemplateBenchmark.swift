import Foundation
import Sitegen
import SitegenTemplates
import Synchronization

/// `sitegen-bench templates`: the default theme's page, section and term templates rendered
/// for every page, section and tag of a site, as a build renders them. Speed is measured here,
/// never in tests. (Until swift-mustache left the package, it ran beside ours: the numbers of
/// that comparison are in `Benchmarks/README.md`.)
enum TemplateBenchmark {
    /// Microseconds per rendered output of each template: the best of `runs`.
    struct Result: Sendable {
        let template: String
        let outputs: Int
        let microseconds: Double
        /// The bytes one run writes, all outputs together.
        let bytes: Int
    }

    /// Builds the site at `folder` in memory, then renders each template's outputs `runs` times.
    static func run(folder: URL, runs: Int) async throws -> [Result] {
        let kept = KeptSite()
        var building = Site()
        building.steps = [.loadContent(), .renderPages(), .step(named: "keepRenderedSite") { context in kept.keep(try context.renderedSite()) }]
        _ = try await SiteBuilder(site: building, layout: SiteLayout(root: folder)).buildInMemory()
        guard let rendered = kept.site else { throw SiteError("the site was not rendered") }
        let loaded = rendered.loaded
        let files = Theme.files(of: loaded.configuration.theme).filter { $0.key.hasSuffix(".mustache") }.map {
            TemplateEngine.File(name: String($0.key.dropLast(".mustache".count)), text: $0.value, displayPath: $0.key, fromTheme: true)
        }
        let engine = try TemplateEngine(files: files)
        let context = rendered.context
        let site = context.site(rendered.configuration.language)
        let pages: [(String, () -> TemplateValue)] = rendered.pages.indices.map { index in
            let page = rendered.pages[index]
            let (previous, next) = rendered.neighbours[index]
            return ("page", {
                context.top(site: site, ["page": context.page(page, section: loaded.sections[page.page.sectionPath],
                                                              previous: previous, next: next),
                                         "head": context.head(of: page)])
            })
        }
        let sections: [(String, () -> TemplateValue)] = loaded.sections.values.filter { !$0.path.isEmpty }.map { section in
            let items = rendered.orders[section.path] ?? []
            let pager = Pager(items, perPage: loaded.configuration.paginate, url: section.url)
            return ("section", {
                context.top(site: site, ["section": context.section(section, html: "", pages: pager.pages[0].items, subsections: [],
                                                                    pageCounts: [:]),
                                         "pagination": pager.value(for: 1, basePath: context.basePath),
                                         "head": context.listHead(title: section.title, url: section.url, section: section,
                                                                 language: section.language, translation: nil)])
            })
        }
        let terms: [(String, () -> TemplateValue)] = (rendered.terms[rendered.configuration.language]?["tags"] ?? []).map { term in
            let pager = Pager(term.pages, perPage: loaded.configuration.paginate, url: term.url)
            return ("term", {
                context.top(site: site, ["term": ["name": .text(term.name), "taxonomy": "tags", "taxonomyTitle": "Tags",
                                                  "taxonomyURL": .text(context.basePath + "/tags/"), "count": .int(term.pages.count),
                                                  "pages": .list(pager.pages[0].items.map(context.summary))],
                                         "pagination": pager.value(for: 1, basePath: context.basePath),
                                         "head": context.listHead(title: term.name, url: term.url, language: site.language, translation: nil)])
            })
        }
        var results: [Result] = []
        for (name, jobs) in [("page", pages), ("section", sections), ("term", terms)] where !jobs.isEmpty {
            var best = Double.infinity
            var bytes = 0
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                bytes = 0
                for (template, values) in jobs { bytes += try engine.render(template, with: values()).utf8.count }
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(jobs.count))
            }
            results.append(Result(template: name, outputs: jobs.count, microseconds: best, bytes: bytes))
        }
        return results
    }
}

/// The rendered site a build step hands out of the build.
private final class KeptSite: Sendable {
    private let kept = Mutex<RenderedSite?>(nil)

    var site: RenderedSite? { kept.withLock { $0 } }

    func keep(_ site: RenderedSite) {
        kept.withLock { $0 = site }
    }
}
