/// What a template may find under each name, for finding names that can never resolve
/// (`{{page.tilte}}`) before anything renders. See ``TemplateLibrary/unresolvableNames(from:root:)``.
public indirect enum TemplateShape: Sendable, Equatable {
    /// Anything may be there, such as a data file or front matter: names below are not checked.
    case any
    /// Text, a number or a yes/no.
    case scalar
    /// A list of values of one shape.
    case list(TemplateShape)
    /// An object with these members. `name` lets a member refer back to it with ``same(_:)``.
    case object(name: String, members: [String: TemplateShape])
    /// The innermost enclosing ``object(name:members:)`` called so, for recursive values such as
    /// a table of contents whose entries have `children` entries.
    case same(String)
}
