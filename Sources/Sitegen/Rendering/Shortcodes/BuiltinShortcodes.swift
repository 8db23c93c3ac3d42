import Foundation
import SitegenLimits
import SitegenImages
import SitegenMarkdown
import SitegenMath

/// The shortcodes sitegen runs itself: Hugo's built-ins (`figure`, `highlight`, `youtube`,
/// `vimeo`, `gist`, `x`, `instagram`, `details`, `param`, `qr`, `comment`), math and diagrams,
/// and the components of popular themes (callouts, tabs, cards, columns, steps, buttons), drawn
/// by the bundled themes. DocC's "Shortcodes" article maps each name to its theme.
extension ShortcodeExpander {
    /// What the built-in of the call's name makes of it; `nil` when no built-in has that name
    /// (or the call lacks what the built-in needs, such as a figure's `src`).
    mutating func builtin(_ call: TagCall) -> ShortcodeOutput? {
        let name = call.name.lowercased()
        switch name {
        case "figure": return figure(call)
        case "image", "img": return image(call)
        case "asciinema": return fileCard(call, site: "asciinema recording", argument: "cast")
        case "openapi", "swagger", "redoc": return fileCard(call, site: "OpenAPI description", argument: "src")
        case "highlight": return highlight(call)
        case "youtube": return video(call, player: "https://www.youtube-nocookie.com/embed/", page: "https://www.youtube.com/watch?v=")
        case "vimeo", "vimeo_simple": return video(call, player: "https://player.vimeo.com/video/", page: "https://vimeo.com/")
        case "gist": return gist(call)
        case "x", "x_simple", "twitter", "twitter_simple", "tweet": return post(call)
        case "instagram", "instagram_simple": return instagram(call)
        case "details", "expand", "collapse", "spoiler", "accordion": return details(call)
        case "param", "_param": return param(call)
        case "readfile": return readFile(call)
        case "imgproc": return processedImage(call)
        case "resize_image": return resizedImage(call)
        case "comment": return .nothing
        case "katex", "math", "latex", "tex": return math(call)
        case "mermaid": return mermaid(call)
        case "qr": return qr(call)
        case "button", "btn": return button(call)
        default: return component(call, name: name)
        }
    }

    // MARK: Figures and embeds

    private mutating func figure(_ call: TagCall) -> ShortcodeOutput? {
        guard let source = call.argument("src") else { return .refused("needs `src`") }
        let caption = call.argument("caption"), title = call.argument("title")
        // `process="fill 600x400 webp q80 smart"`: a copy made as Hugo's `Process` would.
        var shown = (url: context.url(source, call.line), width: call.argument("width"), height: call.argument("height"))
        if let spec = call.argument("process"),
           let made = processed(shown.url, at: call.line, { () throws(ImageSpecError) in try ImageOperation(hugo: spec) }) {
            shown = (made.url, shown.width ?? String(made.width), shown.height ?? String(made.height))
        }
        var html = "<figure\(attribute("class", call.argument("class")))>"
        let link = call.argument("link").map { context.url($0, call.line) }
        if let link {
            html += "<a href=\"\(escape(link))\"\(attribute("target", call.argument("target")))\(attribute("rel", call.argument("rel")))>"
        }
        let alt = call.argument("alt") ?? caption.map(Self.plainText) ?? ""
        html += "<img src=\"\(escape(shown.url))\" alt=\"\(escape(alt))\""
            + attribute("width", shown.width) + attribute("height", shown.height)
            + " loading=\"\(escape(call.argument("loading") ?? "lazy"))\" decoding=\"async\">"
        if link != nil { html += "</a>" }
        if title != nil || caption != nil || call.argument("attr") != nil {
            html += "<figcaption>"
            if let title { html += "<h4>\(titleHTML(title))</h4>" }
            if caption != nil || call.argument("attr") != nil {
                html += "<p>" + (caption.map(context.inlineMarkdown) ?? "")
                if let attribution = call.argument("attr") {
                    let text = context.inlineMarkdown(attribution)
                    html += (caption == nil ? "" : " ")
                        + (call.argument("attrlink").map { "<a href=\"\(escape(context.url($0, call.line)))\">\(text)</a>" } ?? text)
                }
                html += "</p>"
            }
            html += "</figcaption>"
        }
        return .html(html + "</figure>")
    }

    /// hugo-book's `image` and Hugo's documentation's `img`: an image, its `title` a caption.
    private func image(_ call: TagCall) -> ShortcodeOutput? {
        guard let source = call.argument("src", at: 0) else { return .refused("needs `src`") }
        let alt = call.argument("alt") ?? ""
        var html = "<figure\(attribute("class", call.argument("class")))><img src=\"\(escape(context.url(source, call.line)))\" alt=\"\(escape(alt))\""
            + attribute("width", call.argument("width")) + attribute("height", call.argument("height"))
            + " loading=\"\(escape(call.argument("loading") ?? "lazy"))\" decoding=\"async\">"
        if let title = call.argument("title") ?? call.argument("caption") {
            html += "<figcaption><p>\(context.inlineMarkdown(title))</p></figcaption>"
        }
        return .html(html + "</figure>")
    }

    /// A file a theme shows with a script (an asciinema recording, an OpenAPI description),
    /// as a card that links to it.
    private func fileCard(_ call: TagCall, site: String, argument: String) -> ShortcodeOutput? {
        guard let file = call.argument(argument, at: 0) else { return .refused("needs the file to show") }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return .html(card(site: site, title: name, address: context.url(file, call.line)))
    }

    /// Docsy's `readfile`: the text of a file beside the page, read as the page's Markdown, or
    /// shown as code with `code="true"` (in `lang`).
    private mutating func readFile(_ call: TagCall) -> ShortcodeOutput? {
        guard let path = call.argument("file", at: 0) else { return .refused("needs `file`") }
        guard let text = context.readFile(path) else {
            expansion.warnings.append(SiteError(file: context.file, line: call.line, "`readfile` names no file of the site (of at most \(LimitWording.size(Limits.markdownFileBytes))): \(path); left as text"))
            return .markdown(call.written)
        }
        if call.argument("code") == "true" {
            let language = call.argument("lang") ?? String(path.split(separator: ".").last ?? "")
            return .markdown(Self.fenced(text, info: language, indentation: call.indentation))
        }
        return .markdown("\n\n" + text + "\n\n")
    }

    /// Docsy's `imgproc`: the page's image whose name holds the first argument, as a figure
    /// with the inner text its caption (resized images come with sitegen's image work).
    private mutating func processedImage(_ call: TagCall) -> ShortcodeOutput? {
        guard let pattern = call.positional.first, !pattern.isEmpty else { return .refused("needs the name of an image beside the page") }
        let images = context.pageFiles().filter { name in
            let lower = name.lowercased()
            return lower.contains(pattern.lowercased()) && [".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif", ".svg"].contains { lower.hasSuffix($0) }
        }
        guard let image = images.sorted().first else {
            expansion.warnings.append(SiteError(file: context.file, line: call.line,
                                                "`imgproc` names no image beside the page: \(pattern); left as text"))
            return .markdown(call.written)
        }
        let url = context.url(image, call.line)
        var html = "<figure class=\"card\">"
        // `{{< imgproc name Fill "600x300" >}}`: the image made as Hugo's `.Fill "600x300"`.
        if call.positional.count > 2, let mode = ImageOperation.Mode(rawValue: call.positional[1].lowercased()), mode != .scale,
           let made = processed(url, at: call.line, { () throws(ImageSpecError) in try ImageOperation(hugo: call.positional[2], mode: mode) }) {
            html += "<img src=\"\(escape(made.url))\" alt=\"\" width=\"\(made.width)\" height=\"\(made.height)\""
        } else {
            let size = call.positional.count > 2 ? call.positional[2].split(separator: "x").compactMap { Int($0) } : []
            html += "<img src=\"\(escape(url))\" alt=\"\""
            if size.count == 2, size[0] > 0, size[1] > 0 { html += " width=\"\(size[0])\" height=\"\(size[1])\" style=\"object-fit: cover\"" }
        }
        html += " loading=\"lazy\" decoding=\"async\">"
        if let inner = call.inner, !inner.written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            html += "<figcaption>\(context.markdownify(inner.written))</figcaption>"
        }
        return .html(html + "</figure>")
    }

    /// Zola's documentation's `resize_image` shortcode: the image at its content path, made as
    /// Zola's `resize_image` function makes it (`op`, `width`, `height`, `format`, `quality`).
    private mutating func resizedImage(_ call: TagCall) -> ShortcodeOutput? {
        guard let path = call.argument("path") else { return .refused("needs `path`") }
        let width = Int(call.argument("width") ?? "") ?? 0, height = Int(call.argument("height") ?? "") ?? 0
        let operation = call.argument("op") ?? "fill"
        let url = context.url(path.hasPrefix("/") ? path : "/" + path, call.line)
        if let made = processed(url, at: call.line, { () throws(ImageSpecError) in
            try ImageOperation(zola: operation, width: width > 0 ? width : nil, height: height > 0 ? height : nil,
                               format: call.argument("format"), quality: call.argument("quality").flatMap { Int($0) })
        }) {
            return .html("<img src=\"\(escape(made.url))\" alt=\"\" width=\"\(made.width)\" height=\"\(made.height)\" loading=\"lazy\" decoding=\"async\">")
        }
        var html = "<img src=\"\(escape(url))\" alt=\"\""
        if width > 0, operation != "fit_height", operation != "fit" { html += " width=\"\(width)\"" }
        if height > 0, operation != "fit_width", operation != "fit" { html += " height=\"\(height)\"" }
        if operation == "fit", width > 0, height > 0 { html += " style=\"max-width: \(width)px; max-height: \(height)px\"" }
        return .html(html + " loading=\"lazy\" decoding=\"async\">")
    }

    /// The image at `url` made by the operation `make` gives, the copy noted for the build to
    /// make; a spec that makes no sense is a warning at `line`, and `nil` (the image shown as it is).
    private mutating func processed(_ url: String, at line: Int,
                                    _ make: () throws(ImageSpecError) -> ImageOperation) -> ImagePlan.Processed? {
        let operation: ImageOperation
        do {
            operation = try make()
        } catch {
            expansion.warnings.append(SiteError(file: context.file, line: line, "\(error.description); the image is shown as it is"))
            return nil
        }
        guard (operation.width ?? 0) <= ImagePlan.largestSide, (operation.height ?? 0) <= ImagePlan.largestSide else {
            expansion.warnings.append(SiteError(file: context.file, line: line,
                                                "an image made larger than \(ImagePlan.largestSide) pixels a side is not made; the image is shown as it is"))
            return nil
        }
        guard let made = context.processedImage(url, operation) else { return nil }
        if !expansion.imageRequests.contains(made.request) { expansion.imageRequests.append(made.request) }
        return made
    }

    /// A video player that loads nothing from the video site until the reader asks: the frame
    /// first shows a play button of its own (`srcdoc`), which opens the player.
    private func video(_ call: TagCall, player: String, page: String) -> ShortcodeOutput? {
        guard let id = call.argument("id", at: 0), !id.isEmpty,
              id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return .refused("needs an id of letters, digits, `-` and `_`") }
        var query = ["autoplay=1"]
        if let start = call.argument("start") { query.append("start=" + Self.digits(start)) }
        if let end = call.argument("end") { query.append("end=" + Self.digits(end)) }
        if call.argument("loop") == "true" { query.append("loop=1") }
        if call.argument("mute") == "true" || call.argument("muted") == "true" { query.append("mute=1") }
        if player.contains("vimeo") { query.append("dnt=1") }
        let address = player + id + "?" + query.joined(separator: "&")
        let title = call.argument("title") ?? (player.contains("vimeo") ? "Vimeo video" : "YouTube video")
        let facade = "<style>*{margin:0;padding:0}html,body,a{height:100%;overflow:hidden}"
            + "a{display:flex;flex-direction:column;gap:.5rem;align-items:center;justify-content:center;background:#16181d;"
            + "color:#fff;font:600 1rem/1.3 system-ui,sans-serif;text-decoration:none;text-align:center;padding:0 1rem}"
            + "b{display:grid;place-items:center;width:4.5rem;height:3.2rem;border-radius:.8rem;background:#e33;font-size:1.6rem}"
            + "a:hover b,a:focus b{background:#f44}small{font-weight:400;opacity:.75}</style>"
            + "<a href=\"\(escape(address))\"><b aria-hidden=\"true\">▶</b>\(escape(title))"
            + "<small>Plays from \(player.contains("vimeo") ? "vimeo.com" : "youtube-nocookie.com")</small></a>"
        return .html("<div class=\"embed embed-video\(call.argument("class").map { " " + escape($0) } ?? "")\">"
            + "<iframe src=\"\(escape(address))\" srcdoc=\"\(escape(facade))\" title=\"\(escape(title))\" loading=\"lazy\" "
            + "allow=\"accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen\" "
            + "referrerpolicy=\"strict-origin-when-cross-origin\" allowfullscreen></iframe>"
            + "<a class=\"embed-source\" href=\"\(escape(page + id))\">\(escape(title))</a></div>")
    }

    private func gist(_ call: TagCall) -> ShortcodeOutput? {
        let address: String, label: String
        if let url = call.argument("url") {
            address = url
            label = url.replacingOccurrences(of: "https://gist.github.com/", with: "")
        } else {
            guard let user = call.argument("user", at: 0), let id = call.argument("id", at: 1) else { return .refused("needs a user and an id, or `url`") }
            address = "https://gist.github.com/\(user)/\(id)"
            label = "\(user)/\(id)"
        }
        let file = call.argument("file", at: call.argument("url") == nil ? 2 : nil)
        return .html(card(site: "GitHub Gist", title: label + (file.map { " · " + $0 } ?? ""), address: address))
    }

    private func post(_ call: TagCall) -> ShortcodeOutput? {
        guard let id = call.argument("id", at: call.positional.count > 1 ? 1 : 0) else { return .refused("needs an `id`") }
        let user = call.argument("user", at: call.positional.count > 1 ? 0 : nil)
        let address = "https://x.com/\(user ?? "i")/status/\(id)"
        return .html(card(site: "X", title: user.map { "Post by @\($0)" } ?? "Post \(id)", address: address))
    }

    private func instagram(_ call: TagCall) -> ShortcodeOutput? {
        guard let id = call.argument("id", at: 0) else { return .refused("needs an `id`") }
        return .html(card(site: "Instagram", title: "Post \(id)", address: "https://www.instagram.com/p/\(id)/"))
    }

    /// A link to what a third-party embed would show, drawn as a card: no script, no request
    /// to the third party until the reader follows it.
    private func card(site: String, title: String, address: String) -> String {
        "<p class=\"embed-card\"><a href=\"\(escape(address))\"><span class=\"embed-card-site\">\(escape(site))</span>"
            + "<span class=\"embed-card-title\">\(escape(title))</span></a></p>"
    }

    // MARK: Code, math, diagrams, QR codes

    /// Hugo's `highlight`: a fenced code block of the call's inner text, so that it is
    /// highlighted as the page's other code blocks, with Hugo's options (`linenos`,
    /// `hl_lines`, `linenostart`) read from the info string.
    private func highlight(_ call: TagCall) -> ShortcodeOutput? {
        guard let inner = call.inner else { return .refused("needs code between its tags") }
        let language = call.argument("lang", at: 0) ?? ""
        let info = (language + Self.highlightOptions(call.argument("options", at: 1))).replacingOccurrences(of: "\n", with: " ")
        // On lines of their own, the tags become the fences: the file keeps its lines.
        if let indentation = call.indentation, inner.written.hasPrefix("\n"), !inner.written.contains("```") {
            var code = inner.written
            while let last = code.last, last == " " || last == "\t" { code.removeLast() }
            if !code.hasSuffix("\n") { code += "\n" }
            return .markdown("```" + info + code + indentation + "```")
        }
        return .markdown(Self.fenced(Self.trimmingBlankEdges(inner.written), info: info, indentation: call.indentation))
    }

    /// Hugo's highlight options, `linenos=table,hl_lines=8 15-17`, as an info string's:
    /// ` {linenos=table hl_lines="8 15-17"}`.
    static func highlightOptions(_ options: String?) -> String {
        guard let options, !options.isEmpty else { return "" }
        let pairs = options.split(separator: ",").map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { return parts.first ?? "" }
            return parts[1].contains(" ") ? "\(parts[0])=\"\(parts[1])\"" : "\(parts[0])=\(parts[1])"
        }
        return " {" + pairs.joined(separator: " ") + "}"
    }

    /// A fenced code block of `code`, its fence longer than any run of backticks in it.
    static func fenced(_ code: String, info: String, indentation: String?) -> String {
        var longest = 0, run = 0
        for character in code.utf8 {
            run = character == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let indent = indentation ?? ""
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        return "\n\n" + indent + fence + info.replacingOccurrences(of: "\n", with: " ") + "\n" + lines.joined(separator: "\n")
            + "\n" + indent + fence + "\n\n"
    }

    private mutating func math(_ call: TagCall) -> ShortcodeOutput? {
        guard let inner = call.inner else { return .nothing }
        let display = call.positional.contains("display") || call.argument("display") == "true" || call.argument("block") == "true"
            || inner.written.contains("\n")
        return .html(mathHTML(inner.written.trimmingCharacters(in: .whitespacesAndNewlines), display: display, line: call.line))
    }

    /// MathML of a formula; a formula that cannot be read is a warning and shown as code.
    mutating func mathHTML(_ formula: String, display: Bool, line: Int) -> String {
        do {
            return try MathML.render(formula, display: display)
        } catch {
            expansion.warnings.append(SiteError(file: context.file, line: line, "formula not rendered: \(error.message); shown as written"))
            return display ? "<pre class=\"math-error\"><code>\(escape(formula))</code></pre>" : "<code class=\"math-error\">\(escape(formula))</code>"
        }
    }

    private mutating func mermaid(_ call: TagCall) -> ShortcodeOutput? {
        guard let inner = call.inner else { return .nothing }
        return .html(diagramHTML(Self.trimmingBlankEdges(inner.written)))
    }

    /// A Mermaid diagram, drawn in the browser by Mermaid's script, which the page loads
    /// only when it has a diagram (with its first one).
    private mutating func diagramHTML(_ source: String) -> String {
        let script = noteDiagram() ? Self.mermaidScript : ""
        return "<pre class=\"mermaid\">\(escape(source))</pre>" + script
    }

    static let mermaidScript = "\n<script type=\"module\">import mermaid from \"https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs\";"
        + "mermaid.initialize({startOnLoad:true,theme:matchMedia(\"(prefers-color-scheme: dark)\").matches?\"dark\":\"default\"});</script>"

    private func qr(_ call: TagCall) -> ShortcodeOutput? {
        let text = call.argument("text") ?? call.inner.map { $0.written.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let text, !text.isEmpty else { return .refused("needs `text` or text between its tags") }
        let level = QRCode.Correction(rawValue: call.argument("level") ?? "medium") ?? .medium
        let scale = Int(call.argument("scale") ?? "") ?? 4, quietZone = Int(call.argument("qzone") ?? "") ?? 4
        guard let code = try? QRCode(text: text, correction: level) else { return .refused("has more text than a QR code holds (about 2,900 bytes at its lowest level)") }
        let svg = code.svg(scale: min(max(scale, 1), 32), quietZone: min(max(quietZone, 0), 16), title: call.argument("alt") ?? text)
        return .html("<span class=\"qr\(call.argument("class").map { " " + escape($0) } ?? "")\">\(svg)</span>")
    }

    private mutating func button(_ call: TagCall) -> ShortcodeOutput? {
        guard let target = call.argument("href") ?? call.argument("relref") ?? call.argument("ref") else { return .refused("needs `href` or `relref`") }
        let label = call.inner.map { context.inlineMarkdown(innerMarkdown($0)) } ?? escape(target)
        let external = target.hasPrefix("http://") || target.hasPrefix("https://")
        return .html("<a class=\"button\(call.argument("class").map { " " + escape($0) } ?? "")\" href=\"\(escape(context.url(target, call.line)))\""
            + (external ? " rel=\"noopener\"" : "") + ">\(label)</a>")
    }

    // MARK: Text

    private func details(_ call: TagCall) -> ShortcodeOutput? {
        let open = call.argument("open") == "true" || call.positional.contains("open")
        let summary = call.argument("summary") ?? call.argument("title") ?? call.positional.first { $0 != "open" } ?? "Details"
        return .block(opening: "<details class=\"details\(call.argument("class").map { " " + escape($0) } ?? "")\""
                        + attribute("name", call.argument("name")) + (open ? " open" : "")
                        + "><summary>\(titleHTML(summary))</summary>",
                      closing: "</details>")
    }

    /// Hugo's `param`: a parameter of the page, else of the site (dotted names reach into
    /// maps), as text.
    private func param(_ call: TagCall) -> ShortcodeOutput? {
        guard let name = call.argument("name", at: 0) else { return .refused("needs the name of a parameter") }
        let path = name.split(separator: ".").map(String.init)
        let found = Self.value(at: path, in: context.frontMatter) ?? Self.value(at: ["params"] + path, in: context.frontMatter)
            ?? Self.value(at: path, in: context.siteParams) ?? Self.value(at: ["params"] + path, in: context.siteParams)
        // As Hugo's template writes it: escaped.
        return .markdown(found.map { escape(Self.text($0)) } ?? "")
    }

    static func value(at path: [String], in frontMatter: FrontMatter) -> FrontMatterValue? {
        guard let first = path.first else { return nil }
        let value = frontMatter[first] ?? frontMatter.entries.first { $0.key.lowercased() == first.lowercased() }?.value
        guard path.count > 1 else { return value }
        guard case .map(let map) = value else { return nil }
        return Self.value(at: Array(path.dropFirst()), in: map)
    }

    static func text(_ value: FrontMatterValue) -> String {
        switch value {
        case .string(let string): string
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .bool(let bool): String(bool)
        case .date(let date): ISO8601DateFormatter().string(from: date)
        case .list(let list): list.map(text).joined(separator: ", ")
        case .map, .null: ""
        }
    }

    // MARK: Small pieces

    func escape(_ text: String) -> String { HTMLText.escapeAttribute(text) }

    /// A title given as an argument (a tab's, a callout's, a card's): inline Markdown, but no
    /// HTML tags, which a theme's template would have escaped.
    func titleHTML(_ title: String) -> String {
        context.inlineMarkdown(title.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"))
    }

    /// ` name="value"`, or nothing when there is no value.
    func attribute(_ name: String, _ value: String?) -> String {
        guard let value, !value.isEmpty else { return "" }
        return " \(name)=\"\(escape(value))\""
    }

    static func digits(_ text: String) -> String { String(text.filter(\.isASCII).filter(\.isNumber).prefix(9)) }

    /// Text without its first and last lines when they are blank (the newlines after an
    /// opening tag and before a closing one).
    static func trimmingBlankEdges(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Markdown without its marks, for an `alt` text.
    static func plainText(_ markdown: String) -> String {
        markdown.filter { !"*_`[]".contains($0) }
    }
}
