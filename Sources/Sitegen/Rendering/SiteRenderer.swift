import Foundation
import SitegenMarkdown

/// Renders a ``LoadedSite``: parses every page's Markdown and renders it with its template,
/// on all cores, writing each page as soon as it is done; then the section lists and the
/// home page.
struct SiteRenderer: Sendable {
    let loaded: LoadedSite
    let theme: Theme
    let site: Site
    let output: any OutputSink
    let observers: BuildObservers

    func render() async throws -> RenderedSite {
        let context = TemplateContext(configuration: loaded.configuration, sections: loaded.sections, now: Date())
        let warnings = WarningLog()
        let links = linkResolver(basePath: context.basePath, warnings: warnings)
        let files = PublishedFiles(loaded: loaded, basePath: context.basePath)
        let pages = try await renderPages(context: context, links: links, files: files)
        let listPages = try await renderLists(pages: pages, context: context, links: links)
        return RenderedSite(loaded: loaded, pages: pages, listPages: listPages, warnings: loaded.warnings + warnings.all)
    }

    private func linkResolver(basePath: String, warnings: WarningLog) -> LinkResolver {
        var pageURLs: [String: String] = [:]
        for page in loaded.pages { pageURLs[page.sourcePath] = page.url }
        for section in loaded.sections.values {
            guard let source = section.sourcePath else { continue }
            let relative = loaded.layout.content == loaded.layout.root ? source : String(source.dropFirst("content/".count))
            pageURLs[relative] = section.url
        }
        var fileURLs: [String: String] = [:]
        for file in loaded.files { if let path = file.contentPath { fileURLs[path] = "/" + file.outputPath } }
        return LinkResolver(pageURLs: pageURLs, fileURLs: fileURLs, basePath: basePath, warnings: warnings)
    }

    private func parser(for sourcePath: String, links: LinkResolver) -> MarkdownParser {
        MarkdownParser(options: site.markdownParser.options,
                       modifiers: links.modifiers(for: sourcePath, displayPath: display(sourcePath)) + site.markdownParser.modifiers)
    }

    private func display(_ contentPath: String) -> String {
        loaded.layout.content == loaded.layout.root ? contentPath : "content/" + contentPath
    }

    private func renderPages(context: TemplateContext, links: LinkResolver, files: PublishedFiles) async throws -> [RenderedPage] {
        let pages = loaded.pages
        let done = Counter()
        let results = try await withThrowingTaskGroup(of: [(Int, RenderedPage)].self) { group in
            for chunk in Parallel.chunks(pages.count) {
                group.addTask {
                    var rendered: [(Int, RenderedPage)] = []
                    // The same for every page; built once a task (dictionaries cannot cross tasks).
                    let site = context.site()
                    for index in chunk {
                        rendered.append((index, try renderPage(pages[index], site: site, context: context, links: links, files: files)))
                        observers.send(.pageRendered(url: pages[index].url, done: done.increment(), total: pages.count))
                    }
                    return rendered
                }
            }
            var results = [RenderedPage?](repeating: nil, count: pages.count)
            for try await chunk in group { for (index, page) in chunk { results[index] = page } }
            return results
        }
        return results.compactMap { $0 }
    }

    private func renderPage(_ page: Page, site siteValues: [String: Any], context: TemplateContext, links: LinkResolver,
                            files: PublishedFiles) throws -> RenderedPage {
        let markdown = parser(for: page.sourcePath, links: links).parse(page.source)
        var rendered = RenderedPage(page: page, title: page.explicitTitle ?? markdown.title ?? page.fileTitle,
                                    description: page.description ?? markdown.summary ?? "",
                                    headings: markdown.headings, wordCount: markdown.wordCount, data: page.data)
        for provider in site.pageData {
            for entry in provider(rendered).entries { rendered.data[entry.key] = entry.value }
        }
        let template = page.layout ?? "page"
        guard theme.templates.has(template) else {
            throw SiteError(file: display(page.sourcePath), line: 2,
                            "`layout: \(template)` names no template; add templates/\(template).mustache")
        }
        let values: [String: Any] = [
            "site": siteValues,
            "page": context.page(rendered, html: markdown.html, section: loaded.sections[page.sectionPath]),
        ]
        let html = site.htmlProcessors.reduce(theme.templates.render(template, context: values)) { html, process in
            process(html, rendered, files)
        }
        try output.write(html, to: URLPath.outputFile(for: page.url))
        return rendered
    }

    /// Writes every section's list page and the home page; returns how many.
    private func renderLists(pages: [RenderedPage], context: TemplateContext, links: LinkResolver) async throws -> Int {
        let sections = Array(loaded.sections.values)
        let pageCounts = Dictionary(sections.map { ($0.path, $0.pageIndices.count) }, uniquingKeysWith: { $1 })
        let recent = Array(pages.filter { $0.page.date != nil }.sorted(by: Self.newestFirst)
            .prefix(loaded.configuration.recentPages))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for section in sections {
                group.addTask {
                    let sectionPages = Self.sorted(section.pageIndices.map { pages[$0] })
                    let subsections = section.subsectionPaths.compactMap { loaded.sections[$0] }
                        .sorted { ($0.weight, $0.title) < ($1.weight, $1.title) }
                    let html: String
                    if let source = section.sourcePath {
                        let relative = loaded.layout.content == loaded.layout.root ? source : String(source.dropFirst("content/".count))
                        html = parser(for: relative, links: links).parse(section.source).html
                    } else {
                        html = ""
                    }
                    var values: [String: Any] = [
                        "site": context.site(),
                        "section": context.section(section, html: html, pages: sectionPages, subsections: subsections,
                                                   pageCounts: pageCounts),
                    ]
                    let template: String
                    if section.path.isEmpty {
                        values["recent"] = ["pages": recent.map(context.summary)]
                        values["hasRecentPages"] = !recent.isEmpty
                        template = "home"
                    } else {
                        template = "section"
                    }
                    try output.write(theme.templates.render(template, context: values), to: URLPath.outputFile(for: section.url))
                }
            }
            try await group.waitForAll()
        }
        return sections.count
    }

    /// Newest first when pages have dates; otherwise by weight, then file name.
    static func sorted(_ pages: [RenderedPage]) -> [RenderedPage] {
        pages.contains { $0.page.date != nil } ? pages.sorted(by: newestFirst)
            : pages.sorted { ($0.page.weight, $0.page.sourcePath) < ($1.page.weight, $1.page.sourcePath) }
    }

    static func newestFirst(_ a: RenderedPage, _ b: RenderedPage) -> Bool {
        switch (a.page.date, b.page.date) {
        case let (x?, y?) where x != y: x > y
        case (_?, nil): true
        case (nil, _?): false
        default: (a.page.weight, a.title) < (b.page.weight, b.title)
        }
    }
}
