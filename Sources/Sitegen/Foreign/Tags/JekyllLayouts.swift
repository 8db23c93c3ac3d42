import SitegenLimits
import SitegenMarkdown

/// A Jekyll site's own layouts, `_layouts/NAME.html`, with which its pages are rendered as
/// Jekyll renders them: a page whose `layout:` (its own, or one `defaults:` gives it) names
/// one is that layout's Liquid run with `content` (the page's HTML), `page`, `layout` (the
/// layout's front matter, over that of the layouts it is put into) and `site`; a layout whose front matter names a `layout:` in turn
/// is put into that one, and so on. `layout: null` (or `none`) is no layout: the page is its
/// HTML alone, as Jekyll writes it.
///
/// Only layouts the pages name (and those they name) are read. One whose front matter cannot
/// be read, whose Liquid sitegen cannot run, or that is in a loop of layouts is a warning,
/// once, and its pages are rendered with sitegen's theme.
struct JekyllLayouts: Sendable {
    /// A layout as read: its file, body and front matter.
    struct Layout: Sendable {
        /// The file, from the site folder (`_layouts/post.html`).
        let file: String
        let body: String
        /// The file's line the body starts at.
        let firstLine: Int
        let frontMatter: FrontMatter

        /// The layout this one is put into, if any.
        var parent: String? { JekyllPageFiles.layoutName(frontMatter["layout"]?.string) }
    }

    /// The readable layouts, by name.
    private let layouts: [String: Layout]
    /// One for each layout that cannot be read.
    let problems: [SiteError]
    /// The names of the layouts whose front matter cannot be read (each told in ``problems``).
    private let unreadable: Set<String>

    /// The layouts `names` (as pages give them) and those they name, read from `source`.
    init(names: Set<String>, source: any SiteSource) {
        var layouts: [String: Layout] = [:], problems: [SiteError] = [], tried: Set<String> = [], unreadable: Set<String> = []
        var pending = names.compactMap { JekyllPageFiles.layoutName($0) }.sorted()
        while let name = pending.popLast() {
            guard tried.insert(name).inserted,
                  let text = JekyllPageFiles.layoutText(name, in: source) else { continue }
            let file = "_layouts/\(name).html"
            do throws(MarkdownError) {
                let read = try MarkdownSource(text: text)
                let layout = Layout(file: file, body: String(read.body), firstLine: read.bodyLineOffset + 1, frontMatter: read.frontMatter)
                layouts[name] = layout
                if let parent = layout.parent { pending.append(parent) }
            } catch {
                problems.append(SiteError(file: file, line: error.line,
                                          "its front matter cannot be read: \(error.message); its pages are rendered with sitegen's theme"))
                unreadable.insert(name)
            }
        }
        self.layouts = layouts
        self.problems = problems
        self.unreadable = unreadable
    }

    /// Whether the page or folder's page at `path` with `frontMatter` and `body` is drawn as
    /// Jekyll draws it: by one of the site's layouts, or by none at all (`layout: null`,
    /// `layout: none`, or a whole HTML document that names no layout: its HTML alone).
    func draws(_ frontMatter: FrontMatter, at path: String, body: @autoclosure () -> Substring?) -> Bool {
        has(frontMatter["layout"]?.string) || JekyllPageFiles.namesNoLayout(frontMatter, at: path, body: body())
    }

    /// Whether the layout `name` or one it is put into holds `text` (`paginator.`).
    func mention(_ text: String, from name: String?) -> Bool {
        var next = JekyllPageFiles.layoutName(name), seen: Set<String> = []
        while let name = next, seen.insert(name).inserted, let layout = layouts[name] {
            if layout.body.contains(text) { return true }
            next = layout.parent
        }
        return false
    }

    /// Whether `name` (as `layout:` gives it) is a layout of the site's whose front matter
    /// cannot be read, which ``problems`` tells.
    func isUnreadable(_ name: String?) -> Bool {
        JekyllPageFiles.layoutName(name).map { unreadable.contains($0) } ?? false
    }

    /// Whether `name` (as `layout:` gives it) is a layout of the site's.
    func has(_ name: String?) -> Bool {
        JekyllPageFiles.layoutName(name).map { layouts[$0] != nil } ?? false
    }

    /// `content` (a page's HTML) put into the layout `name` and those it names in turn, each
    /// run by `liquid` for the page at content path `path` with `frontMatter` and `url`;
    /// `seo` is what `{% seo %}` writes. A failure names the layout and line at fault.
    func render(_ name: String, content: String, path: String, frontMatter: FrontMatter, url: String, language: String,
                liquid: JekyllLiquid, seo: @escaping @Sendable (String) -> String,
                markdownify: @escaping @Sendable (String) -> String,
                highlight: @escaping @Sendable (String, String, String) -> String) -> Result<(text: String, warnings: [SiteError]), SiteError> {
        var content = content, warnings: [SiteError] = [], chain: [String] = []
        // `layout` is each layout's front matter over those of the layouts it is put into, as Jekyll merges them.
        var inherited = FrontMatter()
        var next = JekyllPageFiles.layoutName(name)
        while let name = next, let layout = layouts[name] {
            if let start = chain.firstIndex(of: name) {
                // Told from the loop's first name in order, so that pages entering it anywhere say the same once.
                var loop = Array(chain[start...])
                let first = loop.indices.min { loop[$0] < loop[$1] } ?? 0
                loop = Array(loop[first...] + loop[..<first])
                return .failure(SiteError(file: "_layouts/\(loop[0]).html", "layouts put into each other: \((loop + [loop[0]]).joined(separator: " → ")); "
                                          + "their pages are rendered with sitegen's theme"))
            }
            chain.append(name)
            if chain.count > Limits.templateRecursion {
                return .failure(SiteError(file: layout.file, "more than \(Limits.templateRecursion) layouts put into each other "
                                          + "(Limits: template recursion); their pages are rendered with sitegen's theme"))
            }
            var values = layout.frontMatter
            for (key, value) in inherited.entries { values[key] = value }
            inherited = values
            switch liquid.render(layout.body, path: path, frontMatter: frontMatter, url: url, language: language, file: layout.file,
                                 firstLine: layout.firstLine, layout: (content, values, seo),
                                 markdownify: markdownify, highlight: highlight) {
            case .success(let rendered):
                content = rendered.text
                warnings += rendered.warnings
            case .failure(let problem):
                return .failure(SiteError(file: problem.file, line: problem.line, problem.message.replacingOccurrences(
                    of: "the page shows it as written", with: "its pages are rendered with sitegen's theme")))
            }
            next = layout.parent
        }
        return .success((content, warnings))
    }
}
