/// A name as written in a tag, split once at compile time: `page.title` → `["page", "title"]`;
/// `.` (the implicit iterator) has no components.
struct TemplateName: Sendable {
    let components: [String]
    let written: String
    let line: Int
    let column: Int

    init(_ written: String, line: Int, column: Int) {
        self.written = written
        self.line = line
        self.column = column
        components = written == "." ? [] : written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// One piece of a compiled template.
indirect enum TemplateNode: Sendable {
    /// Text as written.
    case text(String)
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{> name}}` (or `{{>*key}}` when `dynamic`): the template's index in the library,
    /// resolved at compile time (`nil` when dynamic or unknown).
    case partial(name: String, index: Int?, dynamic: Bool, indentation: String, line: Int)
    /// `{{<parent}}…{{/parent}}`: the blocks it overrides, by name.
    case parent(name: String, index: Int?, dynamic: Bool, overrides: [String: [TemplateNode]], indentation: String, line: Int)
    /// `{{$name}}default{{/name}}`.
    case block(name: String, defaults: [TemplateNode], indentation: String)
}
