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
        let context = TemplateContext(configuration: loaded.configuration, sections: loaded.sections, data: loaded.data, now: Date())
        let warnings = WarningLog()
        let links = linkResolver(basePath: context.basePath, warnings: warnings)
        let files = PublishedFiles(loaded: loaded, basePath: context.basePath)
        let pages = try await renderPages(context: context, links: links, files: files)
        let listPages = try await ListRenderer(loaded: loaded, pages: pages, theme: theme, context: context, output: output) { section in
            guard let source = section.sourcePath else { return "" }
            let relative = loaded.layout.content == loaded.layout.root ? source : String(source.dropFirst("content/".count))
            return parser(for: relative, links: links).parse(section.source).html
        }.render()
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
        let summary = Self.summary(markdown)
        var rendered = RenderedPage(page: page, title: page.explicitTitle ?? markdown.title ?? page.fileTitle,
                                    description: page.description ?? summary, summary: summary,
                                    headings: markdown.headings, wordCount: markdown.wordCount, data: page.data)
        for provider in site.pageData {
            for entry in provider(rendered).entries { rendered.data[entry.key] = entry.value }
        }
        let template = page.layout ?? "page"
        guard theme.templates.has(template) else {
            throw SiteError(file: display(page.sourcePath), line: 2,
                            "`layout: \(template)` names no template; add templates/\(template).mustache")
        }
        let values = context.top(site: siteValues, [
            "page": context.page(rendered, html: markdown.html, section: loaded.sections[page.sectionPath]),
        ])
        let html = site.htmlProcessors.reduce(theme.templates.render(template, context: values)) { html, process in
            process(html, rendered, files)
        }
        try output.write(html, to: URLPath.outputFile(for: page.url))
        return rendered
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
