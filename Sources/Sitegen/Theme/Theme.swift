import Foundation
import SitegenLimits

/// A bundled theme, with the site's own `templates/` laid over it: a site template replaces
/// the theme's template of the same name.
package struct Theme: Sendable {
    let templates: TemplateEngine
    /// The site's shortcode templates: its own and those it has from another generator.
    let shortcodes: ShortcodeTemplates

    /// The files of the bundled theme `name` that are copied to the output, such as
    /// `assets/style.css`, by output path: not its templates, nor its words (`i18n/`).
    static func assets(of name: String) -> [String: String] {
        files(of: name).filter { !$0.key.hasSuffix(".mustache") && !$0.key.hasPrefix("i18n/") }
    }

    /// A bundled theme's files laid over the default theme's: a theme needs only the files
    /// it changes.
    package static func files(of name: String) -> [String: String] {
        var files = EmbeddedThemes.files["default"] ?? [:]
        if name != "default" { files.merge(EmbeddedThemes.files[name] ?? [:]) { $1 } }
        return files
    }

    /// Loads the bundled theme `name` and the templates in `overrides`, as `walker` lists them.
    init(name: String, overrides: String?, layout: SiteLayout, walker: FolderWalker) throws {
        guard EmbeddedThemes.files[name] != nil else {
            let known = EmbeddedThemes.files.keys.sorted().joined(separator: ", ")
            throw SiteError(file: layout.configurationShown, "unknown theme '\(name)'; bundled themes: \(known)")
        }
        var files: [String: TemplateEngine.File] = [:]
        for (path, text) in Self.files(of: name) where path.hasSuffix(".mustache") {
            let template = String(path.dropLast(".mustache".count))
            let owner = EmbeddedThemes.files[name]?[path] != nil ? name : "default"
            files[template] = .init(name: template, text: text, displayPath: "Themes/\(owner)/\(path)", fromTheme: true)
        }
        if let overrides {
            let listing = walker.list(overrides, shownAs: "templates/", verb: "read", recursive: false, accepting: SiteLayout.isTemplate)
            guard listing.errors.isEmpty else { throw SiteErrors(errors: listing.errors) }
            for path in listing.files {
                let file = FolderWalker.join(overrides, path)
                let name = String(path.dropLast(".mustache".count))
                let text = String(decoding: try walker.source.read(file, maximumSize: Limits.templateFileBytes, shownAs: file), as: UTF8.self)
                files[name] = .init(name: name, text: text, displayPath: file)
            }
        }
        templates = try TemplateEngine(files: Array(files.values))
        shortcodes = try ShortcodeTemplates.reading(ownFrom: overrides, walker: walker, foreign: ForeignShortcodes.reading(walker: walker))
    }
}
