import Foundation
import SitegenMarkdown

/// Renders a ``LoadedSite``: parses every page's Markdown and renders it with its template,
/// on all cores, writing each page as soon as it is done; then the list pages
/// (``ListRenderer``).
struct SiteRenderer: Sendable {
    let loaded: LoadedSite
    let theme: Theme
    let site: Site
    let output: any OutputSink
    let observers: BuildObservers

    func render() async throws -> RenderedSite {
        var context = TemplateContext(configuration: loaded.configuration, sections: loaded.sections, data: loaded.data, now: Date())
        let warnings = WarningLog()
        let links = linkResolver(basePath: context.basePath, warnings: warnings)
        let files = PublishedFiles(loaded: loaded, basePath: context.basePath)
        let parsed = try await Parallel.map(loaded.pages.indices) { index in try parse(loaded.pages[index], links: links) }
        if theme.templates.mentions("site.nav") {
            context.navigation = NavigationTree(sections: loaded.sections, pages: parsed.map(\.page))
        }
        let pages = try await renderPages(parsed, context: context, files: files)
        let listPages = try await ListRenderer(loaded: loaded, pages: pages, theme: theme, context: context, output: output) { section in
            guard let source = section.sourcePath else { return "" }
            let relative = loaded.layout.content == loaded.layout.root ? source : String(source.dropFirst("content/".count))
            return parser(for: relative, links: links).parse(section.source).html
        }.render()
        return RenderedSite(loaded: loaded, pages: pages, listPages: listPages, warnings: warnings.all)
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

    /// Two passes on all cores: parse every page (titles and summaries are then known), then
    /// render each with its template, its section neighbours at hand, and write it.
    private func renderPages(_ parsed: [(page: RenderedPage, html: String)], context: TemplateContext,
                             files: PublishedFiles) async throws -> [RenderedPage] {
        let pages = loaded.pages
        let rendered = parsed.map(\.page)
        let neighbours = Self.neighbours(rendered, sections: loaded.sections)
        let done = Counter()
        _ = try await Parallel.map(pages.indices, perTask: { context.site() }) { site, index in
            try write(parsed[index], site: site, neighbours: neighbours[index], context: context, files: files)
            observers.send(.pageRendered(url: pages[index].url, done: done.increment(), total: pages.count))
        }
        return rendered
    }

    private func parse(_ page: Page, links: LinkResolver) throws -> (page: RenderedPage, html: String) {
        let markdown = parser(for: page.sourcePath, links: links).parse(page.source)
        let summary = Self.summary(markdown)
        var rendered = RenderedPage(page: page, title: page.explicitTitle ?? markdown.title ?? page.fileTitle,
                                    description: page.description ?? summary, summary: summary,
                                    headings: markdown.headings, wordCount: markdown.wordCount, content: markdown.html,
                                    data: page.data)
        for provider in site.pageData {
            for entry in provider(rendered).entries { rendered.data[entry.key] = entry.value }
        }
        return (rendered, markdown.html)
    }

    private func write(_ parsed: (page: RenderedPage, html: String), site siteValues: [String: Any],
                       neighbours: (previous: RenderedPage?, next: RenderedPage?), context: TemplateContext,
                       files: PublishedFiles) throws {
        let rendered = parsed.page
        let page = rendered.page
        let template = page.layout ?? "page"
        guard theme.templates.has(template) else {
            throw SiteError(file: display(page.sourcePath), line: 2,
                            "`layout: \(template)` names no template; add templates/\(template).mustache")
        }
        var pageValues = context.page(rendered, html: parsed.html, section: loaded.sections[page.sectionPath])
        if let previous = neighbours.previous { pageValues["previous"] = context.summary(previous) }
        if let next = neighbours.next { pageValues["next"] = context.summary(next) }
        let values = context.top(site: siteValues, ["page": pageValues])
        let html = site.htmlProcessors.reduce(theme.templates.render(template, context: values)) { html, process in
            process(html, rendered, files)
        }
        try output.write(html, to: URLPath.outputFile(for: page.url))
    }

    /// Each page's previous and next page in its section's order.
    static func neighbours(_ pages: [RenderedPage], sections: [String: Section]) -> [(previous: RenderedPage?, next: RenderedPage?)] {
        var result = [(previous: RenderedPage?, next: RenderedPage?)](repeating: (nil, nil), count: pages.count)
        var indexOf: [String: Int] = [:]
        for (index, page) in pages.enumerated() { indexOf[page.page.sourcePath] = index }
        for section in sections.values {
            let ordered = ListRenderer.sorted(section.pageIndices.map { pages[$0] }, by: section.sort)
            for (position, page) in ordered.enumerated() {
                guard let index = indexOf[page.page.sourcePath] else { continue }
                result[index] = (position > 0 ? ordered[position - 1] : nil,
                                 position + 1 < ordered.count ? ordered[position + 1] : nil)
            }
        }
        return result
    }

    /// The text before `<!--more-->` as plain text, else the first paragraph.
    static func summary(_ markdown: Markdown) -> String {
        guard let more = markdown.html.range(of: "<!--more-->") else { return markdown.summary ?? "" }
        var text = ""
        var inTag = false
        for character in markdown.html[..<more.lowerBound] {
            // Tags go without a trace (cmark puts a line break between blocks).
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
    }
}
