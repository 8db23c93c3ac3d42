import Mustache

/// Mustache templates, with partials (`{{> header}}`) and layout inheritance
/// (`{{<base}}{{$main}}…{{/main}}{{/base}}`). The only file that talks to swift-mustache.
struct TemplateEngine: Sendable {
    /// One template's text and where it came from, for messages.
    struct File: Sendable {
        let name: String
        let text: String
        let displayPath: String
    }

    private let library: MustacheLibrary
    private let names: Set<String>
    private let texts: [String]

    /// Compiles every template and checks that the partials and layouts they name exist.
    init(files: [File]) throws {
        var templates: [String: MustacheTemplate] = [:]
        var errors: [SiteError] = []
        let names = Set(files.map(\.name))
        for file in files {
            do {
                templates[file.name] = try MustacheTemplate(string: file.text)
            } catch let error as MustacheTemplate.ParserError {
                errors.append(SiteError(file: file.displayPath, line: error.context.lineNumber,
                                        "template syntax: \(error.error) at column \(error.context.columnNumber)"))
                continue
            } catch {
                errors.append(SiteError(file: file.displayPath, "template syntax: \(error)"))
                continue
            }
            errors += Self.missingReferences(in: file, known: names)
        }
        if !errors.isEmpty { throw SiteErrors(errors: errors) }
        library = MustacheLibrary(templates: templates)
        self.names = names
        texts = files.map(\.text)
    }

    /// Whether any template's text contains `text`, such as a variable name.
    func mentions(_ text: String) -> Bool { texts.contains { $0.contains(text) } }

    /// Whether a template of this name exists.
    func has(_ name: String) -> Bool { names.contains(name) }

    /// Renders a template with a context of dictionaries, arrays, strings, numbers and Booleans.
    func render(_ name: String, context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    /// `{{> name}}` and `{{< name}}` that name no template, with their lines.
    private static func missingReferences(in file: File, known: Set<String>) -> [SiteError] {
        var errors: [SiteError] = []
        for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                guard let marker = rest.first, marker == ">" || marker == "<",
                      let close = rest.range(of: "}}") else { continue }
                let name = rest[rest.index(after: rest.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                if !known.contains(name) {
                    let kind = marker == ">" ? "partial" : "layout"
                    errors.append(SiteError(file: file.displayPath, line: number + 1,
                                            "unknown \(kind) '\(name)': add templates/\(name).mustache or fix the name"))
                }
                rest = rest[close.upperBound...]
            }
        }
        return errors
    }
}
