import SitegenMarkdown

extension Plugin {
    /// The plugins `sitegen.yml` can name.
    public static let builtIn: [Plugin] = BuiltInPluginName.allCases.map(builtIn)

    /// A built-in plugin by name.
    static func named(_ name: String) -> Plugin? {
        BuiltInPluginName(rawValue: name).map(builtIn)
    }

    private static func builtIn(_ name: BuiltInPluginName) -> Plugin {
        switch name {
        case .headingAnchors: headingAnchors
        case .externalLinks: externalLinks
        case .lazyImages: lazyImages
        case .readingTime: readingTime
        }
    }

    /// A `#` link after every heading's text, to its own id, for copying links to sections.
    public static let headingAnchors = Plugin(name: "headingAnchors") { site in
        site.addModifier(Modifier(target: .headings) { input in
            guard case .heading(let level, _, let id) = input.node else { return input.html }
            let anchor = "<a class=\"anchor\" href=\"#\(HTMLText.escapeAttribute(id))\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a>"
            return input.html.replacingOccurrences(of: "</h\(level)>", with: " \(anchor)</h\(level)>")
        })
    }

    /// Links to other sites open in a new tab, with `rel="noopener noreferrer"`.
    public static let externalLinks = Plugin(name: "externalLinks") { site in
        site.addModifier(Modifier(target: .links) { input in
            guard case .link(let url, _) = input.node, url.hasPrefix("http://") || url.hasPrefix("https://"),
                  !input.html.contains(" rel=\"") else { return input.html }
            return input.html.replacingOccurrences(of: "<a ", with: "<a target=\"_blank\" rel=\"noopener noreferrer\" ",
                                                   options: [], range: input.html.range(of: "<a "))
        })
    }

    /// Images load lazily but a page's first (which the browser fetches at once) and decode off
    /// the main thread, and local images get `width` and `height` read from the file (as shown:
    /// a JPEG's EXIF orientation followed), so the page does not jump while they load.
    public static let lazyImages = Plugin(name: "lazyImages") { site in
        site.htmlProcessors.append { html, page, files in
            ImageTags.completed(html, outputPath: URLPath.outputFile(for: page.page.url), files: files, copies: false)
        }
    }

    /// `page.data.readingTime` (`4 min read`, at 220 words or 500 Chinese or Japanese characters
    /// a minute), which the default theme shows.
    public static let readingTime = Plugin(name: "readingTime") { site in
        site.pageData.append { page in
            FrontMatter([("readingTime", .string("\(page.readingMinutes) min read"))])
        }
    }
}
