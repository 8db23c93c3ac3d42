import Foundation

extension RandomSite {
    /// The kinds of edit a randomized test makes.
    enum EditKind: String, CaseIterable, Sendable {
        /// A paragraph (the summary too), `<!--more-->`, a heading, a link.
        case body
        case title
        /// A new date, or none (lists sorted by date change order).
        case date
        /// A tag or category added or removed.
        case tags
        case draft
        case weight
        /// Other front matter: `description`, `summary`, `aliases`, `linkTitle`, `updated`, `layout`, `url`.
        case frontMatter
        /// A page or section joins or leaves a menu (`menu`, `menus`).
        case menu
        /// A French translation added or deleted.
        case translation
        /// A template of the site's `templates/` changed, added or deleted.
        case template
        /// A file of `data/` or `i18n/` changed, added or deleted.
        case data
        /// `sitegen.yml`: the title, a language's title, pagination, a menu entry, recent pages,
        /// full feeds, permalinks by year, a plugin, `prefixDefaultLanguage`, `uglyURLs`.
        case configuration
        /// A new page, or a new section with its `_index.md` and a page.
        case addition
        case deletion
        /// A page moved to another name or section (its translation with it, or not).
        case rename
        /// A section's folder renamed, with all it holds (the watcher reports both folders and
        /// the files that arrived).
        case folderRename
        /// Two or three edits of other kinds saved at once, seen by one build (a `git checkout`,
        /// a search and replace across files).
        case batch
        /// A file of the page bundle added, changed or deleted.
        case bundleFile
        /// A file of `static/` (or of `content/` outside a bundle) added, changed or deleted.
        case staticFile
        /// A file that pages include (`{{#include example.txt}}`) changed or deleted.
        case includedFile
        /// A section's `_index.md` (or the home page's): its title, weight, text, pagination,
        /// order, link title, aliases, or the file itself added or deleted.
        case sectionPage
        /// Two pages at one URL, a static file at the home page's, or front matter that does
        /// not parse: both builds fail until it is undone, one to three edits later.
        case conflict
    }

    /// An edit that makes the build fail, and how many more edits come before it is undone.
    struct Conflict {
        var editsLeft: Int
    }

    /// A file or folder moved, in the site folder.
    struct Move {
        let from: String
        let to: String
        var isFolder = false
    }

    /// An edit made: what it was, for the log, and the paths (in the site folder) it changed.
    struct Edit {
        let description: String
        let changed: [String]
    }

    /// Makes a random edit of one of `kinds` (or undoes a conflict whose time has come), and
    /// makes it on disk in the site folder at `root`: files moved (a rename keeps the file,
    /// as `mv` does), written or deleted.
    mutating func edit(using random: inout SplitMix64, kinds: [EditKind], root: URL) throws -> Edit {
        let before = allFiles
        var moves: [Move] = []
        var description = ""
        if let conflict, conflict.editsLeft == 0 {
            description = undoConflicts()
        } else {
            conflict?.editsLeft -= 1
            let allowed = conflict == nil ? kinds : kinds.filter { $0 != .conflict }
            description = makeOne(of: allowed, random: &random, moves: &moves)
        }
        let after = allFiles
        var disk = before
        var changed: [String] = []
        let fileManager = FileManager.default
        for move in moves {
            // A file (or folder) made earlier in the same batch is not on disk yet: it is written at its new path below.
            guard move.isFolder ? fileManager.fileExists(atPath: root.appendingPathComponent(move.from).path) : disk[move.from] != nil
            else { continue }
            let destination = root.appendingPathComponent(move.to)
            try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.moveItem(at: root.appendingPathComponent(move.from), to: destination)
            changed += [move.from, move.to]
            guard move.isFolder else {
                disk[move.to] = disk.removeValue(forKey: move.from)
                continue
            }
            for path in disk.keys.sorted() where path.hasPrefix(move.from + "/") {
                let moved = move.to + path.dropFirst(move.from.count)
                disk[moved] = disk.removeValue(forKey: path)
                changed.append(moved)
            }
        }
        for (path, text) in after.sorted(by: { $0.key < $1.key }) where disk[path] != text {
            let file = root.appendingPathComponent(path)
            try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            changed.append(path)
        }
        for path in disk.keys.sorted() where after[path] == nil {
            try fileManager.removeItem(at: root.appendingPathComponent(path))
            changed.append(path)
        }
        var seen: Set<String> = []
        return Edit(description: description, changed: changed.filter { seen.insert($0).inserted })
    }

    /// Makes an edit of one of `kinds` (a batch of two or three of the others); returns what it did.
    private mutating func makeOne(of kinds: [EditKind], random: inout SplitMix64, moves: inout [Move]) -> String {
        for _ in 0..<100 {
            let kind = random.pick(kinds)
            if kind == .batch {
                let others = kinds.filter { $0 != .batch && $0 != .conflict }
                guard !others.isEmpty else { continue }
                let parts = (0..<(2 + random.below(2))).map { _ in makeOne(of: others, random: &random, moves: &moves) }
                madeKinds[.batch, default: 0] += 1
                return "batch: { " + parts.joined(separator: "; ") + " }"
            }
            if let made = make(kind, random: &random, moves: &moves) {
                madeKinds[kind, default: 0] += 1
                return "\(kind.rawValue): \(made)"
            }
        }
        return "nothing"
    }

    /// Writes every file of the site into the folder at `root`.
    func write(into root: URL) throws {
        for (path, text) in allFiles {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    // MARK: Choosing

    /// Pages (not folders' own pages), English and French, by path.
    private var pagePaths: [String] {
        markdown.keys.filter { !Self.isSectionPage($0) }.sorted()
    }

    private var englishPagePaths: [String] {
        pagePaths.filter { !Self.isTranslation($0) }
    }

    static func isSectionPage(_ path: String) -> Bool {
        path.hasSuffix("_index.md") || path.hasSuffix("_index.fr.md")
    }

    static func isTranslation(_ path: String) -> Bool {
        path.hasSuffix(".fr.md")
    }

    private func isInBundle(_ path: String) -> Bool {
        path.hasPrefix(bundle + "/")
    }

    /// The folder of a content path (`""` at the top).
    static func folder(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// The file name without `.md` or `.fr.md`.
    static func stem(of path: String) -> String {
        let name = String(path.split(separator: "/").last ?? "")
        return isTranslation(name) ? String(name.dropLast(6)) : String(name.dropLast(3))
    }

    private func sentence(for path: String, random: inout SplitMix64) -> String {
        Self.isTranslation(path) ? Self.frenchSentence(random: &random) : Self.sentence(random: &random)
    }

    // MARK: Edits

    /// Makes an edit of `kind`; returns what it did, or `nil` when the site has nothing to make it on.
    private mutating func make(_ kind: EditKind, random: inout SplitMix64, moves: inout [Move]) -> String? {
        switch kind {
        case .body: editBody(random: &random)
        case .title: editTitle(random: &random)
        case .date: editDate(random: &random)
        case .tags: editTags(random: &random)
        case .draft: editDraft(random: &random)
        case .weight: editWeight(random: &random)
        case .frontMatter: editFrontMatter(random: &random)
        case .menu: editMenu(random: &random)
        case .translation: editTranslation(random: &random)
        case .template: editTemplate(random: &random)
        case .data: editData(random: &random)
        case .configuration: editConfiguration(random: &random)
        case .addition: addition(random: &random)
        case .deletion: deletion(random: &random)
        case .rename: rename(random: &random, moves: &moves)
        case .folderRename: renameFolder(random: &random, moves: &moves)
        case .batch: nil
        case .bundleFile: editBundleFile(random: &random)
        case .staticFile: editStaticFile(random: &random)
        case .includedFile: editIncludedFile(random: &random)
        case .sectionPage: editSectionPage(random: &random)
        case .conflict: makeConflict(random: &random)
        }
    }

    private mutating func editBody(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        guard var page = markdown[path] else { return nil }
        let what: String
        switch random.below(8) {
        case 6:
            let title = random.pick(Self.words)
            page.paragraphs.append("{{< note title=\"\(title)\" >}}\(sentence(for: path, random: &random)){{< /note >}}")
            what = "a note shortcode added"
        case 7:
            let folder = Self.folder(of: path)
            let file = "content/" + (folder.isEmpty ? "" : folder + "/") + "example.txt"
            if files[file] == nil { files[file] = Self.example(random: &random) }
            page.paragraphs.append("```text\n{{#include example.txt}}\n```")
            what = "an include of \(file) added"
        case 0:
            page.paragraphs[0] = sentence(for: path, random: &random)
            what = "a new first paragraph (the summary)"
        case 1:
            let index = random.below(page.paragraphs.count)
            page.paragraphs[index] = sentence(for: path, random: &random)
            what = "paragraph \(index + 1) rewritten"
        case 2:
            page.paragraphs.append(sentence(for: path, random: &random))
            what = "a paragraph added"
        case 3:
            page.hasSummaryBreak.toggle()
            what = page.hasSummaryBreak ? "<!--more--> added" : "<!--more--> removed"
        case 4:
            guard let link = linkTarget(from: Self.isTranslation(path) ? Self.originalPath(of: path) : path, random: &random)
            else { return nil }
            page.paragraphs.append(link)
            what = "a link added: \(link)"
        default:
            if page.paragraphs.count > 1, random.chance(50) {
                page.paragraphs.removeLast()
                what = "the last paragraph removed"
            } else {
                page.hasDetails.toggle()
                what = page.hasDetails ? "a ## Details heading added" : "the ## Details heading removed"
            }
        }
        markdown[path] = page
        return "content/\(path): \(what)"
    }

    private mutating func editTitle(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        let old = markdown[path]?.title ?? ""
        let new = Self.isTranslation(path) ? Self.frenchTitle(random: &random) : Self.title(random: &random)
        markdown[path]?.title = new
        return "content/\(path): \"\(old)\" → \"\(new)\""
    }

    private mutating func editDate(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        let old = markdown[path]?.date
        let new = old != nil && random.chance(20) ? nil : Self.date(random: &random)
        markdown[path]?.date = new
        return "content/\(path): \(old ?? "no date") → \(new ?? "no date")"
    }

    private mutating func editTags(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        guard var page = markdown[path] else { return nil }
        let what: String
        if random.chance(70) {
            if !page.tags.isEmpty, random.chance(50) {
                what = "tag \(page.tags.remove(at: random.below(page.tags.count))) removed"
            } else {
                let tag = random.pick(Self.tags)
                guard !page.tags.contains(tag) else { return nil }
                page.tags.append(tag)
                what = "tag \(tag) added"
            }
        } else if page.categories.isEmpty {
            page.categories = [random.pick(Self.categories)]
            what = "category \(page.categories[0]) added"
        } else {
            what = "category \(page.categories.removeFirst()) removed"
        }
        markdown[path] = page
        return "content/\(path): \(what)"
    }

    private mutating func editDraft(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        markdown[path]?.isDraft.toggle()
        return "content/\(path): draft \(markdown[path]?.isDraft == true ? "on" : "off")"
    }

    private mutating func editWeight(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        let new: Int? = random.chance(20) ? nil : random.below(12) - 2
        markdown[path]?.weight = new
        return "content/\(path): weight \(new.map(String.init) ?? "removed")"
    }

    /// Removes the last alias of `page`, or adds a new one; `nil` when the new one is there already.
    private mutating func changeAliases(of page: inout MarkdownFile, random: inout SplitMix64) -> String? {
        if !page.aliases.isEmpty, random.chance(40) { return "alias \(page.aliases.removeLast()) removed" }
        let alias = newAlias(random: &random)
        guard !page.aliases.contains(alias) else { return nil }
        page.aliases.append(alias)
        return "alias \(alias) added"
    }

    /// Removes `page`'s `linkTitle`, or gives it one.
    private func changeLinkTitle(of page: inout MarkdownFile, random: inout SplitMix64) -> String {
        page.linkTitle = page.linkTitle != nil && random.chance(40) ? nil : random.pick(Self.words).capitalized
        return "linkTitle \(page.linkTitle ?? "removed")"
    }

    private mutating func editFrontMatter(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        guard var page = markdown[path] else { return nil }
        let what: String
        switch random.below(8) {
        case 7:
            page.leftOutOfSitemap.toggle()
            what = page.leftOutOfSitemap ? "sitemap: false" : "sitemap key removed"
        case 0:
            page.description = page.description != nil && random.chance(40) ? nil : sentence(for: path, random: &random)
            what = "description \(page.description ?? "removed")"
        case 1:
            page.summary = page.summary != nil && random.chance(40) ? nil : sentence(for: path, random: &random)
            what = "summary \(page.summary ?? "removed")"
        case 2:
            guard let change = changeAliases(of: &page, random: &random) else { return nil }
            what = change
        case 3:
            what = changeLinkTitle(of: &page, random: &random)
        case 4:
            page.updated = page.updated != nil && random.chance(40) ? nil : Self.date(random: &random)
            what = "updated \(page.updated ?? "removed")"
        case 5:
            page.layout = page.layout == nil ? "wide" : nil
            what = "layout \(page.layout ?? "removed")"
        default:
            serial += 1
            page.url = page.url != nil && random.chance(50) ? nil : "/elsewhere/p\(serial)/"
            what = "url \(page.url ?? "removed")"
        }
        markdown[path] = page
        return "content/\(path): \(what)"
    }

    /// An alias of its own, or now and then one that other pages or sections may give too
    /// (the first file keeps it), or the URL of a list (a warning: the list keeps it).
    private mutating func newAlias(random: inout SplitMix64) -> String {
        serial += 1
        return random.pick(["/old/\(serial)/", "/old/\(serial)/", "/old/shared/", "/old/shared/", "/posts/"])
    }

    private mutating func editMenu(random: inout SplitMix64) -> String? {
        let paths = markdown.keys.sorted()
        let path = random.pick(paths)
        let choices: [(key: String, value: String)?] = [
            nil, ("menu", "main"), ("menu", "{main: {weight: \(random.below(10))}}"), ("menus", "[footer]"),
            ("menu", "{footer: {name: \"Footer \(random.pick(Self.words))\", weight: \(random.below(5))}}"),
            ("menus", "{main: {parent: \"Home\"}}"),
        ]
        let choice = random.pick(choices)
        markdown[path]?.menu = choice
        return "content/\(path): " + (choice.map { "\($0.key): \($0.value)" } ?? "no menu")
    }

    private mutating func editTranslation(random: inout SplitMix64) -> String? {
        let originals = markdown.keys.filter { !Self.isTranslation($0) }.sorted()
        let path = random.pick(originals)
        let translation = Self.translationPath(of: path)
        if markdown[translation] != nil {
            markdown[translation] = nil
            return "content/\(translation) deleted"
        }
        guard markdown.count < maximumMarkdownFiles else { return nil }
        addTranslation(of: path, random: &random)
        return "content/\(translation) added"
    }

    private mutating func editTemplate(random: inout SplitMix64) -> String? {
        serial += 1
        switch random.below(6) {
        case 5:
            files["templates/shortcodes/note.mustache"] = Self.note(variant: serial)
            return "templates/shortcodes/note.mustache: variant \(serial)"
        case 4:
            files["templates/wide.mustache"] = Self.wide(variant: serial)
            return "templates/wide.mustache: variant \(serial)"
        case 0:
            files["templates/sidebar.mustache"] = Self.sidebar(variant: serial)
            return "templates/sidebar.mustache: variant \(serial)"
        case 1:
            files["templates/footer.mustache"] = Self.footer(variant: serial)
            return "templates/footer.mustache: variant \(serial)"
        default:
            let path = "templates/page-list.mustache"
            if files[path] != nil, random.chance(50) {
                files[path] = nil
                return "\(path) deleted (the theme's is used again)"
            }
            files[path] = """
                <ul class="page-list" data-variant="\(serial)">
                {{#pages}}
                <li><a href="{{url}}">{{title}}</a>{{#date}} <time datetime="{{dateISO}}">{{date}}</time>{{/date}}</li>
                {{/pages}}
                </ul>

                """
            return "\(path): variant \(serial)"
        }
    }

    private mutating func editData(random: inout SplitMix64) -> String? {
        switch random.below(4) {
        case 0, 1:
            let items = Self.words.shuffledPrefix(random.below(4), random: &random).map { (name: $0.capitalized, url: "/\($0)/") }
            files["data/links.yml"] = Self.links(items)
            return "data/links.yml: \(items.map(\.name))"
        case 2:
            let owner = random.pick(Self.words).capitalized
            files["data/team.yml"] = "owner: \(owner)\n"
            return "data/team.yml: owner \(owner)"
        default:
            let path = "i18n/fr.yml"
            if files[path] != nil, random.chance(40) {
                files[path] = nil
                return "\(path) deleted"
            }
            let words = "\(random.pick(Self.frenchWords)) \(random.below(100))"
            files[path] = "builtWith: Fait avec soin, \(words)\ncontents: Sommaire \(words)\n"
            return "\(path): \(words)"
        }
    }

    private mutating func editConfiguration(random: inout SplitMix64) -> String? {
        switch random.below(12) {
        case 10:
            prefixesDefaultLanguage.toggle()
            return prefixesDefaultLanguage ? "prefixDefaultLanguage: true" : "prefixDefaultLanguage removed"
        case 11:
            hasUglyURLs.toggle()
            return hasUglyURLs ? "uglyURLs: true" : "uglyURLs removed"
        case 6:
            recentPages = random.chance(30) ? nil : random.below(6)
            return "recentPages \(recentPages.map(String.init) ?? "removed")"
        case 7:
            feedsAreFull.toggle()
            return feedsAreFull ? "feedContent: full" : "feedContent removed"
        case 8:
            postsByYear.toggle()
            return postsByYear ? "permalinks: {posts: /:year/:slug/}" : "permalinks removed"
        case 9:
            readingTime.toggle()
            return readingTime ? "plugins: [readingTime]" : "plugins removed"
        case 0:
            title = Self.title(random: &random)
            return "title \"\(title)\""
        case 1:
            frenchTitle = Self.frenchTitle(random: &random)
            return "the French title \"\(frenchTitle)\""
        case 2:
            paginate = random.below(7)
            return "paginate \(paginate)"
        case 3:
            guard !mainMenu.isEmpty else { return nil }
            let index = random.below(mainMenu.count)
            let name = Self.title(random: &random)
            mainMenu[index].name = name
            return "the main menu's entry \(index + 1) renamed \"\(name)\""
        case 4:
            if mainMenu.count > 1, random.chance(50) {
                return "the main menu's entry \"\(mainMenu.remove(at: random.below(mainMenu.count)).name)\" removed"
            }
            let targets = [("url", "/posts/"), ("pageRef", "notes"), ("pageRef", "docs/reference"), ("url", "/tags/"), ("pageRef", "about")]
            let target = random.pick(targets)
            let name = Self.title(random: &random)
            mainMenu.append(MenuItem(name: name, target: target, weight: random.below(10)))
            return "the main menu's entry \"\(name)\" (\(target.0): \(target.1)) added"
        default:
            guard !footerMenu.isEmpty else { return nil }
            let index = random.below(footerMenu.count)
            footerMenu[index].weight = random.below(10)
            footerMenu[index].name = random.pick(Self.words).capitalized
            return "the footer menu's entry \(index + 1) now \"\(footerMenu[index].name)\", weight \(footerMenu[index].weight)"
        }
    }

    private mutating func addition(random: inout SplitMix64) -> String? {
        guard markdown.count < maximumMarkdownFiles else { return nil }
        if random.chance(10) {
            serial += 1
            let section = "topics-\(serial)"
            sections.append(section)
            markdown[section + "/_index.md"] = MarkdownFile(title: Self.title(random: &random), weight: random.below(6),
                                                            paragraphs: [Self.sentence(random: &random)])
            let page = addPage(in: section, random: &random)
            return "a new section content/\(section)/_index.md with content/\(page)"
        }
        if markdown[bundle + "/index.md"] == nil, random.chance(30) {
            markdown[bundle + "/index.md"] = MarkdownFile(title: "Setup again", paragraphs: ["![Diagram](diagram.svg)"])
            return "content/\(bundle)/index.md added again"
        }
        let section = random.pick(sections)
        return "content/\(addPage(in: section, random: &random)) added"
    }

    private mutating func deletion(random: inout SplitMix64) -> String? {
        guard !pagePaths.isEmpty else { return nil }
        let path = random.pick(pagePaths)
        markdown[path] = nil
        let translation = Self.translationPath(of: path)
        if !Self.isTranslation(path), markdown[translation] != nil, random.chance(50) {
            markdown[translation] = nil
            return "content/\(path) and its translation deleted"
        }
        return "content/\(path) deleted"
    }

    private mutating func rename(random: inout SplitMix64, moves: inout [Move]) -> String? {
        let candidates = pagePaths.filter { !isInBundle($0) }
        guard !candidates.isEmpty else { return nil }
        let path = random.pick(candidates)
        let folder = random.chance(50) ? Self.folder(of: path) : random.pick(sections)
        let stem: String
        if random.chance(50) {
            stem = Self.stem(of: path)
        } else {
            serial += 1
            stem = "p\(serial)-\(random.pick(Self.words))"
        }
        let isTranslation = Self.isTranslation(path)
        let new = (folder.isEmpty ? "" : folder + "/") + stem + (isTranslation ? ".fr.md" : ".md")
        guard new != path, markdown[new] == nil, !isInBundle(new) else { return nil }
        markdown[new] = markdown.removeValue(forKey: path)
        moves.append(Move(from: "content/" + path, to: "content/" + new))
        let translation = Self.translationPath(of: path)
        if !isTranslation, markdown[translation] != nil, random.chance(60) {
            let newTranslation = Self.translationPath(of: new)
            guard markdown[newTranslation] == nil else { return "content/\(path) → content/\(new)" }
            markdown[newTranslation] = markdown.removeValue(forKey: translation)
            moves.append(Move(from: "content/" + translation, to: "content/" + newTranslation))
            return "content/\(path) → content/\(new), with its translation"
        }
        return "content/\(path) → content/\(new)"
    }

    private mutating func renameFolder(random: inout SplitMix64, moves: inout [Move]) -> String? {
        let candidates = sections.filter { !$0.isEmpty }
        guard !candidates.isEmpty else { return nil }
        let folder = random.pick(candidates)
        serial += 1
        let name = "\(random.pick(Self.words))-\(serial)"
        let parent = Self.folder(of: folder)
        let new = parent.isEmpty ? name : parent + "/" + name
        func renamed(_ path: String) -> String {
            path == folder || path.hasPrefix(folder + "/") ? new + path.dropFirst(folder.count) : path
        }
        markdown = Dictionary(uniqueKeysWithValues: markdown.map { (renamed($0.key), $0.value) })
        files = Dictionary(uniqueKeysWithValues: files.map { path, text in
            path.hasPrefix("content/") ? ("content/" + renamed(String(path.dropFirst(8))), text) : (path, text)
        })
        sections = sections.map(renamed)
        bundle = renamed(bundle)
        moves.append(Move(from: "content/" + folder, to: "content/" + new, isFolder: true))
        return "content/\(folder)/ → content/\(new)/"
    }

    private mutating func editBundleFile(random: inout SplitMix64) -> String? {
        let folder = "content/\(bundle)/"
        let extras = files.keys.filter { $0.hasPrefix(folder) && $0.contains("extra-") }.sorted()
        switch random.below(4) {
        case 0 where !extras.isEmpty:
            let path = random.pick(extras)
            files[path] = nil
            return "\(path) deleted"
        case 1:
            serial += 1
            files[folder + "diagram.svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"\(serial)\"/></svg>\n"
            return "\(folder)diagram.svg changed"
        default:
            serial += 1
            let path = folder + "extra-\(serial).txt"
            files[path] = "Extra \(serial).\n"
            return "\(path) added"
        }
    }

    private mutating func editStaticFile(random: inout SplitMix64) -> String? {
        let existing = files.keys.filter { $0.hasPrefix("static/") || $0.contains("/asset-") }.sorted()
        serial += 1
        switch random.below(3) {
        case 0 where !existing.isEmpty:
            let path = random.pick(existing)
            files[path] = nil
            return "\(path) deleted"
        case 1 where !existing.isEmpty:
            let path = random.pick(existing)
            files[path] = "Changed \(serial).\n"
            return "\(path) changed"
        default:
            let path = random.chance(30) ? "content/\(random.pick(sections.filter { !$0.isEmpty }))/asset-\(serial).txt" : "static/files/f\(serial).txt"
            files[path] = "File \(serial).\n"
            return "\(path) added"
        }
    }

    private mutating func editIncludedFile(random: inout SplitMix64) -> String? {
        let included = files.keys.filter { $0.hasSuffix("/example.txt") }.sorted()
        guard !included.isEmpty else { return nil }
        let path = random.pick(included)
        if random.chance(15) {
            files[path] = nil
            return "\(path) deleted (its includes are left as text)"
        }
        files[path] = Self.example(random: &random)
        return "\(path) changed"
    }

    private mutating func editSectionPage(random: inout SplitMix64) -> String? {
        var candidates = sections.map { ($0.isEmpty ? "" : $0 + "/") + "_index.md" }
        candidates += candidates.map { Self.translationPath(of: $0) }.filter { markdown[$0] != nil }
        let path = random.pick(candidates)
        guard var page = markdown[path] else {
            markdown[path] = MarkdownFile(title: Self.title(random: &random), paragraphs: [Self.sentence(random: &random)])
            return "content/\(path) added"
        }
        let what: String
        switch random.below(9) {
        case 7:
            guard let change = changeAliases(of: &page, random: &random) else { return nil }
            what = change
        case 6:
            what = changeLinkTitle(of: &page, random: &random)
        case 0:
            page.title = Self.isTranslation(path) ? Self.frenchTitle(random: &random) : Self.title(random: &random)
            what = "title \"\(page.title)\""
        case 1:
            page.weight = random.below(8) - 1
            what = "weight \(page.weight ?? 0)"
        case 2:
            page.paragraphs = [sentence(for: path, random: &random)]
            what = "a new text"
        case 3:
            page.paginate = random.chance(30) ? nil : random.below(5)
            what = "paginate \(page.paginate.map(String.init) ?? "removed")"
        case 4:
            page.sort = random.pick([nil, "date", "weight", "title"])
            what = "sort \(page.sort ?? "removed")"
        default:
            guard path != "_index.md" else { return nil }
            markdown[path] = nil
            return "content/\(path) deleted"
        }
        markdown[path] = page
        return "content/\(path): \(what)"
    }

    private mutating func makeConflict(random: inout SplitMix64) -> String? {
        conflict = Conflict(editsLeft: random.below(3))
        if random.chance(50) {
            let candidates = englishPagePaths.filter { !isInBundle($0) }
            guard !candidates.isEmpty else { return nil }
            let path = random.pick(candidates)
            let neighbours = candidates.filter { $0 != path && Self.folder(of: $0) == Self.folder(of: path) && markdown[$0]?.isDraft == false }
            guard !neighbours.isEmpty else {
                conflict = nil
                return nil
            }
            let other = random.pick(neighbours)
            let slug = markdown[other]?.slug ?? Self.stem(of: other)
            markdown[path]?.slug = slug
            return "content/\(path) takes the slug of content/\(other) (\(slug))"
        }
        serial += 1
        if random.chance(30) {
            let path = "static/index.html"
            files[path] = "<p>A static home page \(serial)</p>\n"
            return "\(path) added, at the home page's path"
        }
        let path = "content/broken-\(serial).md"
        files[path] = "---\ntitle: [unclosed\n---\n\nText.\n"
        return "\(path) added, whose front matter does not parse"
    }

    /// Takes away every slug and every file whose front matter does not parse.
    private mutating func undoConflicts() -> String {
        conflict = nil
        for path in markdown.keys.sorted() where markdown[path]?.slug != nil { markdown[path]?.slug = nil }
        for path in files.keys.sorted() where path.hasPrefix("content/broken-") || path == "static/index.html" { files[path] = nil }
        return "conflicts undone"
    }
}
