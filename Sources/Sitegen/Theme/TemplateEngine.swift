import SitegenTemplates

/// A theme's Mustache templates, compiled by our engine (`SitegenTemplates`), with partials
/// (`{{> header}}`) and layout inheritance (`{{<base}}{{$main}}…{{/main}}{{/base}}`).
package struct TemplateEngine: Sendable {
    /// One template's text and where it came from, for messages.
    package struct File: Sendable {
        let name: String
        let text: String
        let displayPath: String
        /// Whether it is a bundled theme's file (not one of the site's `templates/`).
        var fromTheme: Bool

        package init(name: String, text: String, displayPath: String, fromTheme: Bool = false) {
            self.name = name
            self.text = text
            self.displayPath = displayPath
            self.fromTheme = fromTheme
        }
    }

    private let library: TemplateLibrary
    /// Each template's text, by name: what every output reads (``Fact/templates``).
    let texts: [String: String]
    /// The bundled theme's templates, whose names are not the site's to fix.
    private let themePaths: Set<String>

    /// Compiles every template and checks, before anything renders, that the partials and
    /// layouts they name exist and include each other neither in a loop nor too deep.
    package init(files: [File]) throws {
        var errors: [SiteError] = []
        var checked: [TemplateGraph.Template] = []
        for file in files {
            let tags = TemplateTags(file.text, limit: TemplateGraph.nestingLimit)
            if tags.isTooDeep {
                errors.append(SiteError(file: file.displayPath, line: tags.deepestLine,
                                        "sections nest more than \(TemplateGraph.nestingLimit) deep; close some before opening more"))
                continue
            }
            checked.append(.init(name: file.name, displayPath: file.displayPath, fromTheme: file.fromTheme, text: file.text, tags: tags))
        }
        errors += TemplateGraph.referenceErrors(checked)
        guard errors.isEmpty else { throw SiteErrors(errors: errors) }
        do {
            library = try TemplateLibrary(files.map { TemplateLibrary.Source(name: $0.name, text: $0.text, displayPath: $0.displayPath) })
        } catch {
            throw SiteErrors(errors: error.errors.map {
                SiteError(file: $0.displayPath, line: $0.line, "template syntax: \($0.message)" + ($0.column.map { " (column \($0))" } ?? ""))
            })
        }
        let graph = TemplateGraph(checked)
        errors = graph.loopErrors()
        if errors.isEmpty { errors = graph.depthErrors() }
        guard errors.isEmpty else { throw SiteErrors(errors: errors) }
        themePaths = Set(files.filter(\.fromTheme).map(\.displayPath))
        texts = Dictionary(files.map { ($0.name, $0.text) }, uniquingKeysWith: { $1 })
    }

    /// Whether a template's tag names `dottedName` or a member of it.
    func mentions(_ dottedName: String) -> Bool { library.mentions(dottedName) }

    /// Whether a template of this name exists.
    func has(_ name: String) -> Bool { library.has(name) }

    /// The names in the site's templates that can never have a value, walked from the
    /// `entries` through what they include. (The bundled themes' own templates serve pages
    /// and lists alike; their names are checked by the tests.)
    func unresolvableNames(from entries: [(template: String, root: TemplateShape)]) -> [UnresolvableName] {
        library.unresolvableNames(from: entries).filter { !themePaths.contains($0.displayPath) }
    }

    /// Renders template `name` with `root` at the top of the context.
    ///
    /// - Throws: ``SiteError`` when a template that includes itself recursed deeper than the data
    ///   could (it met the same data again).
    package func render(_ name: String, with root: TemplateValue) throws -> String {
        do {
            return try library.render(name, with: root)
        } catch {
            throw SiteError(file: error.displayPath, line: error.line, error.message)
        }
    }
}
