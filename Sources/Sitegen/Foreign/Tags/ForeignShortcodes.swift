import Foundation
import SitegenLimits
import SitegenMarkdown
import SitegenTemplateDialects
import SitegenTemplates

/// The shortcode files a site already has from another generator, interpreted: Hugo's
/// `layouts/shortcodes/*.html` and `layouts/_shortcodes/*.html` (the site's, then its
/// themes'), and Zola's `templates/shortcodes/*.html` and `*.md` (the site's, then its
/// themes'). Each is read once per build; a file that uses what sitegen does not interpret
/// is kept with the reason, and a call to it is left as written with one warning naming the
/// file, its line and the construct.
struct ForeignShortcodes: Sendable {
    /// A shortcode file, read.
    enum Template: Sendable {
        case hugo(HugoShortcodeTemplate)
        /// Zola; `markdown` when the file is a `.md` shortcode, whose output is Markdown.
        case zola(TeraShortcodeTemplate, markdown: Bool)
        /// A file sitegen cannot interpret: the reason, at its line.
        case unsupported(DialectError)
    }

    struct File: Sendable {
        let template: Template
        /// The file, as messages name it.
        let display: String
        /// Whether it is a theme's (under `themes/`), whose components sitegen's own built-ins
        /// draw first, rather than the site's own.
        let fromTheme: Bool
    }

    private let files: [String: File]

    /// No shortcode files.
    static let none = ForeignShortcodes(files: [:])

    private init(files: [String: File]) {
        self.files = files
    }

    /// The shortcode files under the site's root: Hugo's and Zola's folders, the site's own
    /// first, then each theme's (in name order).
    static func reading(walker: FolderWalker) -> ForeignShortcodes {
        var files: [String: File] = [:]
        let source = walker.source
        let themes = ((try? source.entries(in: "themes")) ?? []).filter { $0.kind == .folder }.map(\.name).sorted()
        var folders: [(String, isZola: Bool, fromTheme: Bool)] = []
        for base in [""] + themes.map({ "themes/\($0)/" }) {
            folders.append((base + "layouts/_shortcodes", false, !base.isEmpty))
            folders.append((base + "layouts/shortcodes", false, !base.isEmpty))
            folders.append((base + "templates/shortcodes", true, !base.isEmpty))
        }
        for (folder, isZola, fromTheme) in folders {
            guard source.isFolder(folder) else { continue }
            let listing = walker.list(folder, shownAs: folder + "/", verb: "read", recursive: false) {
                $0.hasSuffix(".html") || (isZola && $0.hasSuffix(".md"))
            }
            // Hugo's `name.html` before `name.en.html`.
            for path in listing.files.sorted(by: { ($0.filter { $0 == "." }.count, $0) < ($1.filter { $0 == "." }.count, $1) }) {
                let name = String(path.prefix { $0 != "." }).lowercased()
                // A site's own file hides its theme's.
                guard files[name] == nil else { continue }
                let display = folder + "/" + path
                guard let data = try? source.contents(of: display, maximumSize: Limits.dialectTemplateBytes) else {
                    files[name] = File(template: .unsupported(DialectError(.limit, line: 1, "the file cannot be read, or is larger than "
                                                                                + LimitWording.size(Limits.dialectTemplateBytes))),
                                       display: display, fromTheme: fromTheme)
                    continue
                }
                // A file that is not UTF-8 is named at its line, not run with U+FFFD in place of its bytes.
                let text: String
                switch UTF8Problem.text(of: data) {
                case .success(let read): text = read
                case .failure(let problem):
                    files[name] = File(template: .unsupported(DialectError(.syntax, line: problem.line, problem.message)), display: display,
                                       fromTheme: fromTheme)
                    continue
                }
                do throws(DialectError) {
                    let markdown = path.hasSuffix(".md")
                    // A `.md` shortcode gives Markdown, which Zola does not escape.
                    files[name] = File(template: isZola ? .zola(try TeraShortcodeTemplate(text, autoescape: !markdown), markdown: markdown)
                                                        : .hugo(try HugoShortcodeTemplate(text)),
                                       display: display, fromTheme: fromTheme)
                } catch {
                    files[name] = File(template: .unsupported(error), display: display, fromTheme: fromTheme)
                }
            }
        }
        return ForeignShortcodes(files: files)
    }

    /// Whether the site has a shortcode file called `name` for a call of this form: its own
    /// (`fromTheme` false) or a theme's.
    func has(_ name: String, form: TagCall.Form, fromTheme: Bool) -> Bool {
        guard let file = files[name], file.fromTheme == fromTheme else { return false }
        switch (file.template, form) {
        case (.hugo, .zola), (.zola, .hugoHTML), (.zola, .hugoMarkdown): return false
        default: return true
        }
    }

    /// Whether the output of a call to `name` is Markdown (Zola's `.md` shortcodes).
    func outputsMarkdown(_ name: String) -> Bool {
        if case .zola(_, markdown: true)? = files[name]?.template { return true }
        return false
    }

    /// A call run with the site's file of its name. `inner` is the call's inner Markdown (its
    /// own calls run); `page` and `site` are what the file sees of them, in `language`;
    /// `markdown` renders Markdown to HTML, and `markdownify` as Hugo's function does (one
    /// paragraph without its `<p>`); `translate` gives Hugo's `T` the site's words in `language`.
    func render(_ call: TagCall, inner: String?, ordinal: Int, page: TemplateValue, site: TemplateValue, language: String,
                markdown: @escaping @Sendable (String) -> String, markdownify: @escaping @Sendable (String) -> String,
                highlight: @escaping @Sendable (String, String, String) -> String,
                url: @escaping @Sendable (String) -> String?,
                translate: @escaping @Sendable (_ key: String, _ count: Int?) -> String? = { _, _ in nil },
                function: (_ name: String, _ arguments: [String: TemplateValue]) -> TemplateValue? = { _, _ in nil })
        -> Result<String, SiteError> {
        guard let file = files[call.name.lowercased()] else { return .failure(SiteError(file: nil, "no shortcode file")) }
        do throws(DialectError) {
            switch file.template {
            case .hugo(let template):
                var named: [String: String] = [:]
                for (name, value) in call.named { named[name] = value }
                let hugoCall = HugoShortcodeCall(name: call.name, positional: call.positional, named: named, inner: inner,
                                                 ordinal: ordinal, page: page, site: site, parent: .null,
                                                 markdownify: markdownify, highlight: highlight, resolveRef: url, translate: translate)
                return .success(try template.render(hugoCall))
            case .zola(let template, _):
                var variables: [String: TemplateValue] = [:]
                for (name, value) in call.named { variables[name] = Self.zolaValue(value) }
                variables["body"] = inner.map { .text($0) }
                variables["nth"] = .int(ordinal + 1)
                variables["page"] = page
                variables["config"] = site
                variables["lang"] = .text(language)
                return .success(try template.render(variables, markdown: markdown, function: function))
            case .unsupported(let error):
                throw error
            }
        } catch {
            let what = if case .unsupported(let construct) = error.kind {
                "uses \(construct), which sitegen does not run"
            } else {
                "could not run: " + (error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message)
            }
            return .failure(SiteError(file: file.display, line: error.line,
                                      "shortcode `\(call.name)` \(what); its calls are shown as written"))
        }
    }

    /// A Zola argument as the template sees it: `true`, `false`, numbers and `[…]` lists typed.
    static func zolaValue(_ written: String) -> TemplateValue {
        switch written {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
            if let int = Int(written) { return .int(int) }
            if let double = Double(written), written.contains(".") { return .double(double) }
            if written.hasPrefix("["), written.hasSuffix("]") {
                let items = written.dropFirst().dropLast().split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'`"))
                }
                return .list(items.filter { !$0.isEmpty }.map { zolaValue($0) })
            }
            return .text(written)
        }
    }
}
