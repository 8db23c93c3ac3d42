import Foundation
import SitegenLimits
import SitegenMarkdown
import SitegenTemplates

/// The shortcode templates of a site: its own (`templates/shortcodes/NAME.mustache`, rendered
/// with ``SitegenTemplates``) and the shortcode files it already has from another generator,
/// interpreted (``ForeignShortcodes``).
struct ShortcodeTemplates: Sendable {
    /// The page and the site as shortcode templates see them.
    struct PageModel: Sendable {
        let page: TemplateValue
        let site: TemplateValue
        let language: String
    }

    /// The site's own templates, by shortcode name.
    private let own: TemplateLibrary?
    private let ownNames: Set<String>
    let foreign: ForeignShortcodes

    /// No templates.
    static let none = ShortcodeTemplates(own: nil, ownNames: [], foreign: .none)

    init(own: TemplateLibrary?, ownNames: Set<String>, foreign: ForeignShortcodes) {
        self.own = own
        self.ownNames = ownNames
        self.foreign = foreign
    }

    /// Reads `templates/shortcodes/*.mustache` from `folder` (the site's `templates/`).
    static func reading(ownFrom folder: String?, walker: FolderWalker, foreign: ForeignShortcodes) throws -> ShortcodeTemplates {
        guard let folder else { return ShortcodeTemplates(own: nil, ownNames: [], foreign: foreign) }
        let shortcodes = FolderWalker.join(folder, "shortcodes")
        guard walker.source.isFolder(shortcodes) else {
            return ShortcodeTemplates(own: nil, ownNames: [], foreign: foreign)
        }
        let listing = walker.list(shortcodes, shownAs: "templates/shortcodes/", verb: "read", recursive: false,
                                  accepting: SiteLayout.isTemplate)
        guard listing.errors.isEmpty else { throw SiteErrors(errors: listing.errors) }
        var sources: [TemplateLibrary.Source] = []
        for path in listing.files {
            let file = FolderWalker.join(shortcodes, path)
            let text = String(decoding: try walker.source.read(file, maximumSize: Limits.templateFileBytes, shownAs: file), as: UTF8.self)
            sources.append(.init(name: String(path.dropLast(".mustache".count)).lowercased(), text: text, displayPath: file))
        }
        do {
            let library = try TemplateLibrary(sources)
            return ShortcodeTemplates(own: library, ownNames: Set(sources.map(\.name)), foreign: foreign)
        } catch {
            throw SiteErrors(errors: error.errors.map { SiteError(file: $0.displayPath, line: $0.line, $0.message) })
        }
    }

    func hasOwn(_ name: String) -> Bool { ownNames.contains(name) }

    /// A call rendered with the site's template of its name: `params` (named arguments by
    /// name, positional ones by position: `params.0`), `positional`, `inner` (HTML), `name`,
    /// `page` and `site`.
    func renderOwn(_ call: TagCall, inner: String?, model: PageModel) -> Result<String, SiteError> {
        guard let own else { return .failure(SiteError(file: nil, "no shortcode templates")) }
        var params: [String: TemplateValue] = [:]
        for (index, value) in call.positional.enumerated() { params[String(index)] = .text(value) }
        for (name, value) in call.named { params[name] = .text(value) }
        let root: TemplateValue = .object(TemplateDictionary([
            "params": .object(TemplateDictionary(params)),
            "positional": .list(call.positional.map { .text($0) }),
            "inner": inner.map { .text($0) } ?? .null,
            "name": .text(call.name),
            "page": model.page,
            "site": model.site,
        ]))
        do {
            return .success(try own.render(call.name.lowercased(), with: root))
        } catch {
            return .failure(SiteError(file: error.displayPath, line: error.line, "shortcode `\(call.name)`: \(error.message)"))
        }
    }

    func hasForeign(_ name: String, form: TagCall.Form, fromTheme: Bool) -> Bool {
        foreign.has(name, form: form, fromTheme: fromTheme)
    }

    /// Whether the output of a call to the site's shortcode file `name` is Markdown.
    func foreignOutputsMarkdown(_ name: String, form: TagCall.Form) -> Bool {
        form == .hugoMarkdown || foreign.outputsMarkdown(name)
    }
}
