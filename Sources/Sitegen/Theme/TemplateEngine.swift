import Foundation
import Mustache
import SitegenTemplates

/// Mustache templates, with partials (`{{> header}}`) and layout inheritance
/// (`{{<base}}{{$main}}…{{/main}}{{/base}}`). The only file that talks to swift-mustache.
struct TemplateEngine: Sendable {
    /// One template's text and where it came from, for messages.
    struct File: Sendable {
        let name: String
        let text: String
        let displayPath: String
        /// Whether it is a bundled theme's file (not one of the site's `templates/`).
        var fromTheme = false
    }

    private let library: MustacheLibrary
    private let names: Set<String>
    private let texts: [String]
    /// What a recursion that went too deep renders (see ``TemplateGraph``), and the error for each.
    private let overflowMarker: String
    private let overflows: [SiteError]

    /// Compiles every template and checks, before anything renders, that the partials and
    /// layouts they name exist and include each other neither in a loop nor too deep.
    init(files: [File]) throws {
        var errors: [SiteError] = []
        var checked: [TemplateGraph.Template] = []
        for file in files {
            let tags = TemplateTags(file.text, limit: TemplateGraph.nestingLimit)
            if tags.isTooDeep {
                errors.append(SiteError(file: file.displayPath, line: tags.deepestLine,
                                        "sections nest more than \(TemplateGraph.nestingLimit) deep; close some before opening more"))
                continue
            }
            do {
                _ = try MustacheTemplate(string: file.text)
            } catch let error as MustacheTemplate.ParserError {
                errors.append(SiteError(file: file.displayPath, line: error.context.lineNumber,
                                        "template syntax: \(error.error) at column \(error.context.columnNumber)"))
                continue
            } catch {
                errors.append(SiteError(file: file.displayPath, "template syntax: \(error)"))
                continue
            }
            checked.append(.init(name: file.name, displayPath: file.displayPath, fromTheme: file.fromTheme, text: file.text, tags: tags))
        }
        errors += TemplateGraph.referenceErrors(checked)
        if errors.isEmpty {
            let graph = TemplateGraph(checked)
            errors = graph.loopErrors()
            if errors.isEmpty { errors = graph.depthErrors() }
            if errors.isEmpty {
                // A marker no page's text can contain by chance.
                let marker = "\u{1}sitegen-recursion-\(UUID().uuidString)-"
                var overflows: [SiteError] = []
                var templates: [String: MustacheTemplate] = [:]
                let paths = Dictionary(files.map { ($0.name, $0.displayPath) }, uniquingKeysWith: { $1 })
                for source in graph.sources(marker: { recursion in
                    overflows.append(SiteError(file: recursion.displayPath, line: recursion.line, """
                        partials recurse more than \(recursion.levels) levels deep (\(recursion.loop) → …); a template that \
                        includes itself must walk into a list that ends within \(recursion.levels) levels, as \
                        {{#children}}{{> entries}}{{/children}} does
                        """))
                    return marker + String(overflows.count - 1) + "\u{1}"
                }) {
                    do {
                        templates[source.name] = try MustacheTemplate(string: source.text)
                    } catch {
                        errors.append(SiteError(file: paths[source.name], "template syntax: \(error)"))
                    }
                }
                if errors.isEmpty {
                    library = MustacheLibrary(templates: templates)
                    names = Set(files.map(\.name))
                    texts = files.map(\.text)
                    overflowMarker = marker
                    self.overflows = overflows
                    return
                }
            }
        }
        throw SiteErrors(errors: errors)
    }

    /// Whether any template's text contains `text`, such as a variable name.
    func mentions(_ text: String) -> Bool { texts.contains { $0.contains(text) } }

    /// Whether a template of this name exists.
    func has(_ name: String) -> Bool { names.contains(name) }

    /// Renders template `name` with `root` at the top of the context.
    ///
    /// - Throws: ``SiteError`` when a template that includes itself recursed deeper than the data
    ///   could (it met the same data again).
    func render(_ name: String, with root: TemplateValue) throws -> String {
        let text = library.render(Self.mustacheValue(root) ?? [String: String](), withTemplate: name) ?? ""
        if !overflows.isEmpty, text.utf8.contains(1), let marker = text.range(of: overflowMarker) {
            let number = Int(text[marker.upperBound...].prefix { $0.isNumber }) ?? 0
            throw overflows[min(number, overflows.count - 1)]
        }
        return text
    }

    /// A typed value as swift-mustache reads it.
    private static func mustacheValue(_ value: TemplateValue) -> (any Sendable)? {
        switch value {
        case .null: nil
        case .bool(let bool): bool
        case .int(let int): int
        case .double(let double): double
        case .text(let text): text
        case .list(let list): list.map { mustacheValue($0) ?? "" }
        case .object(let object): ObjectBox(object: object)
        }
    }

    /// An object whose members swift-mustache asks for by name.
    private struct ObjectBox: MustacheParent, Sendable {
        let object: any TemplateObject
        func child(named name: String) -> Any? { object.member(name).flatMap(mustacheValue) }
    }
}
