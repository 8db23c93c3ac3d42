/// A set of Mustache templates that name each other as partials (`{{> header}}`) and
/// layouts (`{{<base}}{{$main}}…{{/main}}{{/base}}`), compiled once and rendered many times.
public struct TemplateLibrary: Sendable {
    /// One template's text, the name other templates call it by, and its path for messages.
    public struct Source: Sendable {
        public let name: String
        public let text: String
        public let displayPath: String

        public init(name: String, text: String, displayPath: String) {
            self.name = name
            self.text = text
            self.displayPath = displayPath
        }
    }

    /// Compiles `sources` and checks how they include each other.
    ///
    /// - Throws: ``TemplateErrors`` listing every syntax error, unknown partial or layout and
    ///   loop of includes, each at its file, line and column.
    public init(_ sources: [Source]) throws(TemplateErrors) {
        fatalError("not yet")
    }

    /// Whether a template called `name` exists.
    public func has(_ name: String) -> Bool { fatalError("not yet") }

    /// Renders template `name` with `root` as the outermost value of the context.
    ///
    /// - Throws: ``TemplateError`` when partials recurse deeper than ``recursionLimit`` levels.
    public func render(_ name: String, with root: TemplateValue) throws(TemplateError) -> String {
        fatalError("not yet")
    }
}
