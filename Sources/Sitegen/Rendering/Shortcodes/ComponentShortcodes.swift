import SitegenMarkdown

/// The components of popular Hugo themes, drawn by the bundled themes: callouts (Docsy
/// `alert`, hugo-book `hint`, Hextra `callout`, Relearn `notice`, LoveIt `admonition`…), tabs
/// (Docsy `tabpane`/`tab`, `tabs`/`tab` of hugo-book, Hextra, Relearn and Beautiful Hugo) that
/// work without JavaScript and by keyboard (radio buttons), cards, columns and steps.
extension ShortcodeExpander {
    /// An open tab set: its id, how many tabs it has so far, and what its tabs inherit.
    struct TabSet {
        let id: Int
        var count = 0
        /// Hextra's `items="A,B"`: the titles of its tabs.
        let titles: [String]
        /// Docsy's `tabpane` without `text=true`: its tabs hold code in this language.
        let codeLanguage: String?
    }

    static let tabSetNames: Set<String> = ["tabs", "tabpane", "tabgroup", "code-tabs"]
    static let calloutNames: Set<String> = ["alert", "hint", "callout", "notice", "admonition", "note", "tip", "info", "warning",
                                            "danger", "caution", "important", "pageinfo", "attention", "error", "success"]

    mutating func component(_ call: TagCall, name: String) -> ShortcodeOutput? {
        if Self.calloutNames.contains(name) { return callout(call, name: name) }
        if Self.tabSetNames.contains(name) {
            let titles = call.argument("items")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            // Docsy's tabpane shows its tabs' text as code unless `text=true`.
            let code = name == "tabpane" && call.argument("text") != "true"
            tabSets.append(TabSet(id: nextID(), titles: titles, codeLanguage: code ? (call.argument("lang") ?? "") : nil))
            return .block(opening: "<div class=\"tabs\">", closing: "</div>")
        }
        switch name {
        case "tab": return tab(call)
        case "cards", "cardpane", "card-grid": return .block(opening: "<div class=\"cards\">", closing: "</div>")
        case "card": return card(call)
        case "columns", "row": return columns(call)
        case "column", "col": return .block(opening: "<div class=\"column\">", closing: "</div>")
        case "steps": return .block(opening: "<div class=\"steps\">", closing: "</div>")
        case "blocks/cover", "blocks/lead", "blocks/section": return landingBlock(call, name: name)
        case "blocks/feature": return feature(call)
        case "blocks/link-down": return .html("<p class=\"block-link-down\"><a href=\"#\(escape(call.argument("target") ?? "td-block-1"))\" "
                                              + "aria-label=\"Read on\">↓</a></p>")
        default: return nil
        }
    }

    /// Closes what a component opened when its inner text ends.
    mutating func endScope(of call: TagCall) {
        if Self.tabSetNames.contains(call.name.lowercased()), !tabSets.isEmpty { tabSets.removeLast() }
    }

    private func callout(_ call: TagCall, name: String) -> ShortcodeOutput? {
        let named = call.argument("type") ?? call.argument("color") ?? call.argument("style") ?? call.argument("kind")
            ?? call.argument("context") ?? call.argument("level")
        let byName = ["alert", "hint", "callout", "notice", "admonition", "pageinfo"].contains(name) ? nil : name
        let kind = Self.alertKind(byName ?? named ?? call.positional.first ?? "note")
        // Relearn: `notice style title`; hugo-book: `hint kind`; Docsy, Hextra: `title=`.
        let title = call.argument("title") ?? (call.positional.count > 1 ? call.positional[1] : nil)
        let titleHTML = title.map(titleHTML) ?? kind.title
        guard call.inner != nil else { return .refused("needs text between its tags") }
        return .block(opening: Alert.openingHTML(kind, titleHTML: titleHTML), closing: "</div>")
    }

    /// The alert kind a theme's callout type names.
    static func alertKind(_ name: String) -> Alert.Kind {
        if let kind = Alert.Kind(named: name) { return kind }
        switch name.lowercased() {
        case "danger", "error", "failure", "fail", "bug", "red": return .caution
        case "attention", "yellow", "orange": return .warning
        case "success", "check", "done", "green", "example": return .tip
        case "question", "help", "faq", "purple": return .important
        default: return .note
        }
    }

    private mutating func tab(_ call: TagCall) -> ShortcodeOutput? {
        guard !tabSets.isEmpty else { return .refused("is only drawn inside tabs") }
        let set = tabSets[tabSets.count - 1]
        tabSets[tabSets.count - 1].count += 1
        let number = set.count + 1
        let title = call.argument("title") ?? call.argument("header") ?? call.argument("name") ?? call.argument("label")
            ?? call.positional.first ?? (set.count < set.titles.count ? set.titles[set.count] : "Tab \(number)")
        let id = "tabs-\(set.id)-\(number)"
        let opening = "<input type=\"radio\" class=\"tab-input\" name=\"tabs-\(set.id)\" id=\"\(id)\"\(number == 1 ? " checked" : "")>"
            + "<label class=\"tab-label\" for=\"\(id)\">\(titleHTML(title))</label><div class=\"tab-panel\">"
        if let language = set.codeLanguage, let inner = call.inner {
            let code = Self.fenced(Self.trimmingBlankEdges(inner.written), info: call.argument("lang") ?? language, indentation: nil)
            return .html(opening + context.blockMarkdown(code) + "</div>")
        }
        return .block(opening: opening, closing: "</div>")
    }

    /// Docsy's landing-page blocks: a cover with its title, a lead, a section (of features
    /// when `type="row"`).
    private func landingBlock(_ call: TagCall, name: String) -> ShortcodeOutput? {
        guard call.inner != nil else { return .refused("needs text between its tags") }
        let kind = name.dropFirst("blocks/".count)
        var opening = "<section class=\"block block-\(kind)\(call.argument("type") == "row" ? " block-row" : "")\">"
        if kind == "cover", let title = call.argument("title") {
            opening += "<h1 class=\"block-title\">\(titleHTML(title))</h1>"
        }
        return .block(opening: opening, closing: "</section>")
    }

    /// Docsy's `blocks/feature`: a card with an optional link.
    private func feature(_ call: TagCall) -> ShortcodeOutput? {
        let title = call.argument("title").map { "<p class=\"card-title\">\(titleHTML($0))</p>" } ?? ""
        let link = call.argument("url").map { "<p class=\"card-link\"><a href=\"\(escape(context.url($0, call.line)))\">\(escape(call.argument("url_text") ?? "Read more"))</a></p>" } ?? ""
        return .block(opening: "<div class=\"card block-feature\">\(title)<div class=\"card-body\">", closing: "</div>\(link)</div>")
    }

    private func card(_ call: TagCall) -> ShortcodeOutput? {
        let title = call.argument("title") ?? call.argument("header") ?? call.positional.first
        let subtitle = call.argument("subtitle")
        let link = (call.argument("link") ?? call.argument("href")).map { context.url($0, call.line) }
        var heading = ""
        if let title { heading += "<p class=\"card-title\">\(titleHTML(title))</p>" }
        if let subtitle { heading += "<p class=\"card-subtitle\">\(titleHTML(subtitle))</p>" }
        let footer = call.argument("footer").map { "<p class=\"card-footer\">\(titleHTML($0))</p>" } ?? ""
        // Docsy: `code=true` shows the card's text as code in `lang`.
        if call.argument("code") == "true", let inner = call.inner {
            let code = Self.fenced(Self.trimmingBlankEdges(inner.written), info: call.argument("lang") ?? "", indentation: nil)
            return .html("<div class=\"card\">\(heading)<div class=\"card-body\">\(context.blockMarkdown(code))</div>\(footer)</div>")
        }
        guard call.inner != nil else {
            guard let link else { return .html("<div class=\"card\">\(heading)\(footer)</div>") }
            return .html("<a class=\"card\" href=\"\(escape(link))\">\(heading)\(footer)</a>")
        }
        let more = link.map { "<p class=\"card-link\"><a href=\"\(escape($0))\">\(title.map(titleHTML) ?? "More")</a></p>" } ?? ""
        return .block(opening: "<div class=\"card\">\(heading)<div class=\"card-body\">", closing: "</div>\(more)\(footer)</div>")
    }

    /// hugo-book's `columns`: the items of a list (or the parts between `<--->` lines) side
    /// by side; `ratio="1:2"` sets their widths.
    private func columns(_ call: TagCall) -> ShortcodeOutput? {
        let ratio = call.argument("ratio")?.split(separator: ":").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? []
        let style = ratio.isEmpty ? "" : " style=\"" + ratio.prefix(6).enumerated().map { "--column-\($0.offset + 1): \($0.element)" }
            .joined(separator: "; ") + "\""
        let classes = "columns" + (call.argument("class").map { " " + escape($0) } ?? "")
        return .block(opening: "<div class=\"\(classes)\"\(style)>", closing: "</div>")
    }
}
