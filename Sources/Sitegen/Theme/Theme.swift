import Foundation

/// A bundled theme, with the site's own `templates/` laid over it: a site template replaces
/// the theme's template of the same name.
struct Theme: Sendable {
    let templates: TemplateEngine

    /// The files of the bundled theme `name` that are copied to the output, such as
    /// `assets/style.css`, by output path.
    static func assets(of name: String) -> [String: String] {
        files(of: name).filter { !$0.key.hasSuffix(".mustache") }
    }

    /// A bundled theme's files laid over the default theme's: a theme needs only the files
    /// it changes.
    static func files(of name: String) -> [String: String] {
        var files = EmbeddedThemes.files["default"] ?? [:]
        if name != "default" { files.merge(EmbeddedThemes.files[name] ?? [:]) { $1 } }
        return files
    }

    /// Loads the bundled theme `name` and the templates in `overrides`.
    init(name: String, overrides: URL?, layout: SiteLayout) throws {
        guard EmbeddedThemes.files[name] != nil else {
            let known = EmbeddedThemes.files.keys.sorted().joined(separator: ", ")
            throw SiteError(file: layout.configuration.map(layout.display), "unknown theme '\(name)'; bundled themes: \(known)")
        }
        var files: [String: TemplateEngine.File] = [:]
        for (path, text) in Self.files(of: name) where path.hasSuffix(".mustache") {
            let template = String(path.dropLast(".mustache".count))
            let owner = EmbeddedThemes.files[name]?[path] != nil ? name : "default"
            files[template] = .init(name: template, text: text, displayPath: "Themes/\(owner)/\(path)", fromTheme: true)
        }
        if let overrides, let contents = try? FileManager.default.contentsOfDirectory(at: overrides, includingPropertiesForKeys: nil) {
            for url in contents where url.pathExtension == "mustache" {
                let name = url.deletingPathExtension().lastPathComponent
                guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                    throw SiteError(file: layout.display(url), "cannot read the template")
                }
                files[name] = .init(name: name, text: text, displayPath: layout.display(url))
            }
        }
        templates = try TemplateEngine(files: Array(files.values))
    }
}
