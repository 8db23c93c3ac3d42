import Foundation
import Sitegen
import SitegenCLI

/// The site's own plugins, registered in Swift.
@main
struct PluginsSite {
    static func main() async throws {
        var site = Site()
        site.install(codeCaptions, headingLinks, figures, badges)
        site.steps = BuildStep.defaultSteps + [searchIndex]
        try await SitegenCLI.main(site: site)
    }

    /// A caption above code blocks whose info string has `title="…"`: ```` ```swift title="main.swift" ````.
    static let codeCaptions = Plugin(name: "codeCaptions") { site in
        site.addModifier(Modifier(target: .codeBlocks) { input in
            guard case .codeBlock(_, let info, _) = input.node,
                  let start = info.range(of: "title=\""), let end = info[start.upperBound...].firstIndex(of: "\"") else {
                return input.html
            }
            let title = info[start.upperBound..<end]
            return "<figure class=\"code\"><figcaption>\(title)</figcaption>\n" + input.html + "</figure>"
        })
    }

    /// A `¶` link at the end of every level-2 and level-3 heading.
    static let headingLinks = Plugin(name: "headingLinks") { site in
        site.addModifier(Modifier(target: .headings) { input in
            guard case .heading(let level, _, let id) = input.node, level == 2 || level == 3 else { return input.html }
            return input.html.replacingOccurrences(of: "</h\(level)>", with: " <a class=\"permalink\" href=\"#\(id)\">¶</a></h\(level)>")
        })
    }

    /// Images with a title become figures with a caption; a paragraph holding only a figure
    /// gives way to it (the paragraph sees its image already modified).
    static let figures = Plugin(name: "figures") { site in
        site.addModifier(Modifier(target: .images) { input in
            guard case .image(_, let title, _) = input.node, !title.isEmpty else { return input.html }
            return "<figure>" + input.html + "<figcaption>\(title)</figcaption></figure>"
        })
        site.addModifier(Modifier(target: .paragraphs) { html, _ in
            guard html.hasPrefix("<p><figure>"), html.hasSuffix("</figure></p>") else { return html }
            return String(html.dropFirst(3).dropLast(4))
        })
    }

    /// `page.data.badge`: "Quick read" or "Long read" by word count, shown by templates/footer.mustache.
    static let badges = Plugin(name: "badges") { site in
        site.pageData.append { page in
            FrontMatter([("badge", .string(page.wordCount < 150 ? "Quick read" : "Long read"))])
        }
    }

    /// `search.json`: every page's title, URL and description, for a client-side search box.
    static let searchIndex = BuildStep.step(named: "searchIndex") { context in
        let site = try context.renderedSite()
        let entries = site.pages.sorted { $0.page.url < $1.page.url }.map { page in
            ["title": page.title, "url": page.page.url, "description": page.description]
        }
        let data = try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try context.write(String(decoding: data, as: UTF8.self) + "\n", to: "search.json")
    }
}
