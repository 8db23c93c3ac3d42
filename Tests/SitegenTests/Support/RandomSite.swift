import Foundation

/// A site in two languages made up from a seed, held as a model of its files, which random
/// edits change (see `RandomSite+Edits.swift`): nested sections with `_index.md`, dated and
/// weighted pages with tags, categories, drafts, summaries, menus and links to each other, a
/// page bundle, static files, data files read by the site's own templates, and a `sitegen.yml`
/// with menus, taxonomies, pagination and languages; a shortcode of the site's own, and a file
/// that pages include.
struct RandomSite {
    /// A Markdown file: a page, or a folder's own page (`_index.md`).
    struct MarkdownFile {
        var title: String
        var date: String?
        var weight: Int?
        var tags: [String] = []
        var categories: [String] = []
        var isDraft = false
        /// The `menu` (or `menus`) front matter, as written: `main`, `[footer]`, `{main: {weight: 2}}`.
        var menu: (key: String, value: String)?
        var slug: String?
        var url: String?
        var description: String?
        var summary: String?
        var linkTitle: String?
        var updated: String?
        var layout: String?
        var aliases: [String] = []
        /// `sitemap: false`.
        var leftOutOfSitemap = false
        /// For a folder's own page.
        var paginate: Int?
        var sort: String?
        var paragraphs: [String]
        /// Whether `<!--more-->` ends the summary after the first paragraph.
        var hasSummaryBreak = false
        /// Whether the text has a `## Details` heading (the anchor `#details`) before its last paragraph.
        var hasDetails = false

        var text: String {
            var lines = ["---", "title: \(RandomSite.quoted(title))"]
            if let date { lines.append("date: \(date)") }
            if let weight { lines.append("weight: \(weight)") }
            if !tags.isEmpty { lines.append("tags: [\(tags.joined(separator: ", "))]") }
            if !categories.isEmpty { lines.append("categories: [\(categories.joined(separator: ", "))]") }
            if isDraft { lines.append("draft: true") }
            if let menu { lines.append("\(menu.key): \(menu.value)") }
            if let slug { lines.append("slug: \(slug)") }
            if let url { lines.append("url: \(url)") }
            if let description { lines.append("description: \(RandomSite.quoted(description))") }
            if let summary { lines.append("summary: \(RandomSite.quoted(summary))") }
            if let linkTitle { lines.append("linkTitle: \(RandomSite.quoted(linkTitle))") }
            if let updated { lines.append("updated: \(updated)") }
            if let layout { lines.append("layout: \(layout)") }
            if !aliases.isEmpty { lines.append("aliases: [\(aliases.joined(separator: ", "))]") }
            if leftOutOfSitemap { lines.append("sitemap: false") }
            if let paginate { lines.append("paginate: \(paginate)") }
            if let sort { lines.append("sort: \(sort)") }
            lines.append("---")
            var body: [String] = []
            for (index, paragraph) in paragraphs.enumerated() {
                if hasDetails, index == paragraphs.count - 1, index > 0 { body.append("## Details") }
                body.append(paragraph)
                if index == 0, hasSummaryBreak { body.append("<!--more-->") }
            }
            return lines.joined(separator: "\n") + "\n\n" + body.joined(separator: "\n\n") + "\n"
        }
    }

    /// An entry of a menu of `sitegen.yml`.
    struct MenuItem {
        var name: String
        /// `url: /x/` or `pageRef: docs/guides`.
        var target: (key: String, value: String)
        var weight: Int
    }

    /// The Markdown files, by path in `content/` (`posts/amber.md`, `posts/amber.fr.md`, `docs/_index.md`).
    var markdown: [String: MarkdownFile] = [:]
    /// Every other file but `sitegen.yml`, by path in the site folder: static and bundle files, data, templates, `i18n/`.
    var files: [String: String] = [:]
    var title = "Random Garden"
    var frenchTitle = "Jardin aléatoire"
    var paginate = 4
    var recentPages: Int?
    /// `feedContent: full`: feeds carry each page's whole text.
    var feedsAreFull = false
    /// `permalinks` that put posts at `/:year/:slug/`: a post's date is in its URL.
    var postsByYear = false
    var readingTime = false
    /// `prefixDefaultLanguage`: English pages under `/en/` too, the root a redirect.
    var prefixesDefaultLanguage = false
    /// `uglyURLs`: pages at `/a/page.html`.
    var hasUglyURLs = false
    var mainMenu: [MenuItem] = []
    var footerMenu: [MenuItem] = []
    /// The sections (folders of `content/`, `""` the top) pages are put in.
    var sections = ["", "posts", "docs", "docs/guides", "docs/reference", "notes"]
    /// The folder of the page bundle (it moves with its section).
    var bundle = "docs/guides/setup"
    /// At most this many Markdown files (pages, translations, folders' own pages): past it, no
    /// page or translation is added, so that the site stays as quick to build as at the start.
    let maximumMarkdownFiles = 44
    /// A number that makes each new name unique.
    var serial = 0
    /// An edit that makes the build fail, undone a few edits later.
    var conflict: Conflict?
    /// How many edits of each kind were made (those of a batch too).
    var madeKinds: [EditKind: Int] = [:]

    static let words = ["amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "harbor", "island", "juniper", "kestrel",
                        "lagoon", "meadow", "nectar", "orchid", "prairie", "quartz", "river", "summit", "tundra", "valley", "willow"]
    static let frenchWords = ["aube", "bois", "ciel", "dune", "étang", "forêt", "givre", "houle", "île", "jardin", "lande", "marée"]
    static let tags = ["swift", "web", "tools", "design", "news", "tips"]
    static let categories = ["guide", "opinion", "release"]

    /// A site of thirty pages (six of them French translations) and nine folders' own pages, made from `random`.
    init(random: inout SplitMix64) {
        markdown["_index.md"] = MarkdownFile(title: "Home", paragraphs: ["Welcome to the garden."])
        markdown["_index.fr.md"] = MarkdownFile(title: "Accueil", paragraphs: ["Bienvenue au jardin."])
        markdown["posts/_index.md"] = MarkdownFile(title: "Posts", weight: 1, paragraphs: ["Every post, newest first."])
        markdown["posts/_index.fr.md"] = MarkdownFile(title: "Billets", paragraphs: ["Tous les billets."])
        markdown["docs/_index.md"] = MarkdownFile(title: "Documentation", weight: 2, menu: ("menu", "main"), paragraphs: ["How it works."])
        markdown["docs/_index.fr.md"] = MarkdownFile(title: "Documentation", paragraphs: ["Comment ça marche."])
        markdown["docs/guides/_index.md"] = MarkdownFile(title: "Guides", weight: 1, paragraphs: ["Step by step."])
        markdown["docs/reference/_index.md"] = MarkdownFile(title: "Reference", weight: 2, sort: "title", paragraphs: ["Every option."])
        markdown["notes/_index.md"] = MarkdownFile(title: "Notes", weight: 3, paginate: 3, paragraphs: ["Short notes."])
        markdown["about.md"] = MarkdownFile(title: "About", weight: 3, menu: ("menu", "{main: {weight: 9}}"),
                                            paragraphs: ["Who we are.", "More about us."])
        let counts = ["posts": 8, "docs": 2, "docs/guides": 3, "docs/reference": 3, "notes": 5]
        for section in ["posts", "docs", "docs/guides", "docs/reference", "notes"] {
            for _ in 0..<(counts[section] ?? 0) { _ = addPage(in: section, random: &random) }
        }
        markdown[bundle + "/index.md"] = MarkdownFile(title: "Setup", weight: 0, tags: ["tools"],
                                                      paragraphs: ["Set it up.", "![Diagram](diagram.svg)", "Then run it."])
        files["content/\(bundle)/diagram.svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"4\"/></svg>\n"
        // Six translations into French.
        let english = markdown.keys.filter { !$0.hasSuffix("_index.md") && !$0.contains(".fr.") }.sorted()
        for path in english.shuffledPrefix(6, random: &random) { addTranslation(of: path, random: &random) }
        files["static/files/readme.txt"] = "Read me.\n"
        files["static/img/logo.svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"2\" height=\"2\"/></svg>\n"
        files["data/links.yml"] = Self.links([("Source", "https://example.com/source"), ("Blog", "/posts/")])
        files["data/team.yml"] = "owner: Kim\n"
        files["templates/sidebar.mustache"] = Self.sidebar(variant: 1)
        files["templates/footer.mustache"] = Self.footer(variant: 1)
        files["templates/wide.mustache"] = Self.wide(variant: 1)
        files["templates/shortcodes/note.mustache"] = Self.note(variant: 1)
        files["content/docs/example.txt"] = Self.example(random: &random)
        if let path = english.first(where: { $0.hasPrefix("docs/p") }) {
            markdown[path]?.paragraphs.append("```text\n{{#include example.txt}}\n```")
            markdown[path]?.paragraphs.append("{{< note title=\"Mind\" >}}Keep it **short**.{{< /note >}}")
        }
        if let path = english.first(where: { $0.hasPrefix("docs/reference/") }) { markdown[path]?.layout = "wide" }
        mainMenu = [MenuItem(name: "Home", target: ("url", "/"), weight: 1),
                    MenuItem(name: "Guides", target: ("pageRef", "docs/guides"), weight: 5)]
        footerMenu = [MenuItem(name: "About us", target: ("pageRef", "about"), weight: 1),
                      MenuItem(name: "Feed", target: ("url", "/atom.xml"), weight: 2)]
    }

    /// Every file of the site, by path in the site folder, with its text.
    var allFiles: [String: String] {
        var all = files
        for (path, file) in markdown { all["content/" + path] = file.text }
        all["sitegen.yml"] = configuration
        return all
    }

    var configuration: String {
        func menu(_ items: [MenuItem]) -> String {
            items.map { "    - name: \(Self.quoted($0.name))\n      \($0.target.key): \($0.target.value)\n      weight: \($0.weight)\n" }
                .joined()
        }
        return """
            title: \(Self.quoted(title))
            baseURL: https://example.org/
            description: A site made up for random edits.
            author: Random Tester
            taxonomies: [tags, categories]
            paginate: \(paginate)
            \(recentPages.map { "recentPages: \($0)" } ?? "")
            \(feedsAreFull ? "feedContent: full" : "")
            \(postsByYear ? "permalinks: {posts: \"/:year/:slug/\"}" : "")
            \(readingTime ? "plugins: [readingTime]" : "")
            \(prefixesDefaultLanguage ? "prefixDefaultLanguage: true" : "")
            \(hasUglyURLs ? "uglyURLs: true" : "")
            defaultLanguage: en
            languages:
              en:
                name: English
              fr:
                name: Français
                title: \(Self.quoted(frenchTitle))
            menus:
              main:

            """ + menu(mainMenu) + "  footer:\n" + menu(footerMenu)
    }

    // MARK: Making things up

    /// Adds a new page in `section` (a folder of `content/`); returns its path.
    mutating func addPage(in section: String, random: inout SplitMix64) -> String {
        serial += 1
        let word = random.pick(Self.words)
        let path = (section.isEmpty ? "" : section + "/") + "p\(serial)-\(word).md"
        var page = MarkdownFile(title: Self.title(random: &random), paragraphs: [])
        let dated = section == "posts" || section == "notes" || random.chance(30)
        if dated { page.date = Self.date(random: &random) }
        if !dated || random.chance(30) { page.weight = random.below(12) - 2 }
        page.tags = Array(Self.tags.shuffledPrefix(random.below(3), random: &random))
        if random.chance(30) { page.categories = [random.pick(Self.categories)] }
        page.isDraft = random.chance(10)
        if random.chance(8) { page.menu = ("menu", "main") }
        page.hasSummaryBreak = random.chance(40)
        page.hasDetails = random.chance(50)
        for _ in 0..<(1 + random.below(3)) { page.paragraphs.append(Self.sentence(random: &random)) }
        if random.chance(60), let target = linkTarget(from: path, random: &random) { page.paragraphs.append(target) }
        markdown[path] = page
        return path
    }

    /// Adds a French translation of the page at `path`.
    mutating func addTranslation(of path: String, random: inout SplitMix64) {
        guard var page = markdown[path] else { return }
        page.title = Self.frenchTitle(random: &random)
        page.paragraphs = [Self.frenchSentence(random: &random)]
        if random.chance(50), let link = linkTarget(from: path, random: &random) { page.paragraphs.append(link) }
        if page.menu != nil, random.chance(50) { page.menu = nil }
        markdown[Self.translationPath(of: path)] = page
    }

    /// A paragraph with a link from the page at `path` to another page, to its `#details` part when it has one.
    func linkTarget(from path: String, random: inout SplitMix64) -> String? {
        let targets = markdown.keys.filter { $0 != path && !$0.contains(".fr.") }.sorted()
        guard !targets.isEmpty else { return nil }
        let target = random.pick(targets)
        let anchor = markdown[target]?.hasDetails == true && random.chance(50) ? "#details" : ""
        // Now and then written from the root to an alias, without its slash: it lands while a page gives that alias.
        if random.chance(20) {
            let alias = markdown[target]?.aliases.first ?? "/old/shared/"
            return "See [\(markdown[target]?.title ?? "it")](\(alias.dropLast())\(anchor))."
        }
        return "See [\(markdown[target]?.title ?? "it")](\(Self.relativePath(from: path, to: target))\(anchor))."
    }

    static func translationPath(of path: String) -> String {
        String(path.dropLast(3)) + ".fr.md"
    }

    static func originalPath(of translation: String) -> String {
        String(translation.dropLast(6)) + ".md"
    }

    /// The relative link from the content file at `from` to the one at `to`.
    static func relativePath(from: String, to: String) -> String {
        let fromFolders = from.split(separator: "/").dropLast()
        let toParts = to.split(separator: "/")
        var common = 0
        while common < fromFolders.count, common < toParts.count - 1, fromFolders[common] == toParts[common] { common += 1 }
        let up = Array(repeating: "..", count: fromFolders.count - common)
        return (up + toParts[common...].map(String.init)).joined(separator: "/")
    }

    static func title(random: inout SplitMix64) -> String {
        let first = random.pick(words)
        return first.prefix(1).uppercased() + first.dropFirst() + " " + random.pick(["notes", "and more", "in practice", "at dawn", "explained"])
    }

    static func frenchTitle(random: inout SplitMix64) -> String {
        let first = random.pick(frenchWords)
        return first.prefix(1).uppercased() + first.dropFirst() + " " + random.pick(["en bref", "et plus", "au matin", "expliqué"])
    }

    static func sentence(random: inout SplitMix64) -> String {
        let words = (0..<(4 + random.below(6))).map { _ in random.pick(Self.words) }
        return words.joined(separator: " ").prefix(1).uppercased() + words.joined(separator: " ").dropFirst() + "."
    }

    static func frenchSentence(random: inout SplitMix64) -> String {
        let words = (0..<(4 + random.below(5))).map { _ in random.pick(Self.frenchWords) }
        return "Des " + words.joined(separator: " ") + "."
    }

    static func date(random: inout SplitMix64) -> String {
        String(format: "%04d-%02d-%02d", 2020 + random.below(6), 1 + random.below(12), 1 + random.below(28))
    }

    /// Text for YAML, quoted when it could be read as something other than text.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func links(_ items: [(name: String, url: String)]) -> String {
        "items:\n" + items.map { "  - name: \($0.name)\n    url: \($0.url)\n" }.joined()
    }

    static func sidebar(variant: Int) -> String {
        """
        <aside class="links" data-variant="\(variant)">
        <ul>
        {{#data.links.items}}<li><a href="{{url}}">{{name}}</a></li>
        {{/data.links.items}}</ul>
        {{#site.menus.footer}}<a href="{{url}}"{{#isCurrent}} aria-current="page"{{/isCurrent}}>{{name}}</a>
        {{/site.menus.footer}}</aside>

        """
    }

    /// A page layout of the site's own (`layout: wide`).
    static func wide(variant: Int) -> String {
        """
        {{<base}}
        {{$title}}{{page.title}} (wide) · {{site.title}}{{/title}}
        {{$main}}
        <article class="wide" data-variant="\(variant)">
        <h1>{{page.title}}</h1>
        {{#page.updated}}<p>Updated {{page.updated}}</p>{{/page.updated}}
        {{{page.content}}}
        {{#page.previous}}<a rel="prev" href="{{url}}">{{title}}</a>{{/page.previous}}
        {{#page.next}}<a rel="next" href="{{url}}">{{title}}</a>{{/page.next}}
        </article>
        {{/main}}
        {{/base}}

        """
    }

    /// The site's own shortcode (`{{< note title="…" >}}…{{< /note >}}`).
    static func note(variant: Int) -> String {
        "<aside class=\"note\" data-variant=\"\(variant)\"><strong>{{params.title}}</strong> {{{inner}}}</aside>\n"
    }

    /// A file that pages include.
    static func example(random: inout SplitMix64) -> String {
        "let \(random.pick(words)) = \(random.below(1000))\n"
    }

    static func footer(variant: Int) -> String {
        """
        <footer class="site-footer" data-variant="\(variant)">
        <p>{{site.title}} · {{#data.team.owner}}{{data.team.owner}}{{/data.team.owner}} · {{t.builtWith}}</p>
        </footer>

        """
    }
}

extension Array {
    /// The first `count` elements of a random order of the array.
    func shuffledPrefix(_ count: Int, random: inout SplitMix64) -> [Element] {
        var elements = self
        for index in elements.indices.reversed() where index > 0 { elements.swapAt(index, random.below(index + 1)) }
        return Array(elements.prefix(count))
    }
}
