import SitegenLimits

/// A set of Mustache templates that name each other as partials (`{{> header}}`) and
/// parents (`{{<base}}{{$main}}…{{/main}}{{/base}}`), compiled once and rendered many times,
/// from many threads at once.
///
/// It follows the [Mustache spec](https://github.com/mustache/spec): interpolation, sections,
/// inverted sections, comments, set delimiters, partials (with standalone indentation), and the
/// optional inheritance (`{{<parent}}`, `{{$block}}`) and dynamic names (`{{>*key}}`). Lambdas
/// are left out: values are data (``TemplateValue``), never code. Each template escapes
/// `{{name}}` as its ``TemplateEscaping`` says.
public struct TemplateLibrary: Sendable {
    /// One template's text, the name other templates call it by, and its path for messages.
    public struct Source: Sendable {
        public let name: String
        public let text: String
        public let displayPath: String
        public let escaping: TemplateEscaping

        /// A template; its escaping follows its name unless given (see ``TemplateEscaping/forTemplate(named:)``).
        public init(name: String, text: String, displayPath: String, escaping: TemplateEscaping? = nil) {
            self.name = name
            self.text = text
            self.displayPath = displayPath
            self.escaping = escaping ?? .forTemplate(named: name)
        }
    }

    struct Template: Sendable {
        let name: String
        let displayPath: String
        let escaping: TemplateEscaping
        let nodes: [TemplateNode]
    }

    let templates: [Template]
    let indices: [String: Int]
    /// Every name written in a tag, for ``mentions(_:)``.
    private let writtenNames: Set<String>

    /// How many times one template may be open inside itself while rendering (a partial that
    /// includes itself walks into data that must end).
    public static let recursionLimit = Limits.templateRecursion
    /// How many partials and parents one render may open in all.
    public static let expansionLimit = Limits.templateExpansions
    /// How many loop iterations one render may run (tests give a small number).
    var iterationLimit = Limits.templateIterations
    /// How many bytes one render may write (tests give a small number).
    var outputLimit = Limits.templateOutputBytes

    /// The work one render did: what the limits count.
    struct RenderCounts {
        /// Items of sections over lists rendered.
        var iterations = 0
        /// Bytes written, known when the render stopped at the output limit.
        var bytes = 0
    }

    /// Compiles `sources`, resolving the names of partials and parents to the templates.
    ///
    /// - Throws: ``TemplateErrors`` listing the syntax errors of every template, each at its
    ///   file, line and column. A partial or parent that names no template renders nothing, as
    ///   the spec says (check names beforehand where that matters).
    public init(_ sources: [Source]) throws(TemplateErrors) {
        var errors: [TemplateError] = []
        var parsed: [(Source, [TemplateNode])] = []
        for source in sources {
            do {
                parsed.append((source, try TemplateParser(source.text, displayPath: source.displayPath).parse()))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw TemplateErrors(errors) }
        var indices: [String: Int] = [:]
        for (index, (source, _)) in parsed.enumerated() { indices[source.name] = index }
        var names = Set<String>()
        func resolve(_ nodes: [TemplateNode]) -> [TemplateNode] {
            nodes.map { node in
                switch node {
                case .text: return node
                case .variable(let name, _):
                    names.insert(name.written)
                    return node
                case .section(let name, let children, let inverted):
                    names.insert(name.written)
                    return .section(name, resolve(children), inverted: inverted)
                case .partial(let name, _, let dynamic, let indentation, let line):
                    return .partial(name: name, index: dynamic ? nil : indices[name], dynamic: dynamic, indentation: indentation, line: line)
                case .parent(let name, _, let dynamic, let overrides, let indentation, let line):
                    return .parent(name: name, index: dynamic ? nil : indices[name], dynamic: dynamic,
                                   overrides: overrides.mapValues(resolve), indentation: indentation, line: line)
                case .block(let name, let defaults, let indentation):
                    return .block(name: name, defaults: resolve(defaults), indentation: indentation)
                }
            }
        }
        templates = parsed.map { Template(name: $0.0.name, displayPath: $0.0.displayPath, escaping: $0.0.escaping, nodes: resolve($0.1)) }
        self.indices = indices
        writtenNames = names
    }

    /// Whether a template called `name` exists.
    public func has(_ name: String) -> Bool { indices[name] != nil }

    /// Whether some template's tag names `dottedName` or a member of it (`page.title` for
    /// `page`), to leave out values no template shows.
    public func mentions(_ dottedName: String) -> Bool {
        writtenNames.contains { $0 == dottedName || $0.hasPrefix(dottedName + ".") }
    }

    /// Renders template `name` with `root` as the outermost value of the context.
    ///
    /// - Throws: ``TemplateError`` when a template opened itself more than ``recursionLimit``
    ///   times, a render opened more than ``expansionLimit`` partials and parents, looped more
    ///   than `Limits.templateIterations` times or wrote more than `Limits.templateOutputBytes`.
    public func render(_ name: String, with root: TemplateValue) throws(TemplateError) -> String {
        var output = ""
        output.reserveCapacity(16_384)
        try render(name, with: root, into: &output)
        return output
    }

    /// Renders template `name` at the end of `output`, as ``render(_:with:)``. (A Swift string is
    /// one UTF-8 buffer: appending to it copies bytes, and the result needs no validation pass.)
    public func render(_ name: String, with root: TemplateValue, into output: inout String) throws(TemplateError) {
        var counts = RenderCounts()
        try render(name, with: root, into: &output, counts: &counts)
    }

    /// Renders as ``render(_:with:into:)``, and tells the work done in `counts` (thrown or not).
    func render(_ name: String, with root: TemplateValue, into output: inout String,
                counts: inout RenderCounts) throws(TemplateError) {
        guard let index = indices[name] else { return }
        var renderer = TemplateRenderer(library: self, output: output)
        output = ""
        defer {
            output = renderer.output
            counts = renderer.counts
        }
        renderer.stack.append(root)
        try renderer.render(template: index, line: 1)
    }
}
