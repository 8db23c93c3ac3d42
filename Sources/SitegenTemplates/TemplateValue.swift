/// A value a template shows: text, a number, a yes/no, a list or an object.
///
/// Values are typed, so rendering never casts: `{{name}}` looks `name` up through
/// ``TemplateObject/member(_:)`` of the objects open around it.
///
/// How values render and which open a section (`{{#name}}…{{/name}}`):
/// - ``null`` and `false` and an empty list are "falsey": the section is skipped and an inverted
///   section (`{{^name}}`) shows. Everything else, also empty text and `0`, opens the section.
/// - A list repeats the section once per item, with the item on top of the context.
/// - Text, numbers and objects open the section once, with the value on top of the context.
/// - `{{name}}` shows text HTML-escaped (`&`, `<`, `>`, `"` and `'`), numbers and yes/no as
///   written in Swift (`3`, `1.5`, `true`); `{{{name}}}` or `{{& name}}` without escaping. A
///   list shows its items joined by `, `; an object and ``null`` show nothing.
public enum TemplateValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text(String)
    case list([TemplateValue])
    case object(any TemplateObject)
}

/// A value with named members, such as a page (`page.title`) or a data file.
///
/// Conform a type of your own to hand it to templates without copying it into a dictionary;
/// ``TemplateDictionary`` is the ready-made one.
public protocol TemplateObject: Sendable {
    /// The value of the member called `name`, or `nil` when the object has no such member (the
    /// lookup then goes on in the objects further out).
    func member(_ name: String) -> TemplateValue?
}

/// An object whose members are kept in a dictionary.
public struct TemplateDictionary: TemplateObject {
    public var members: [String: TemplateValue]

    /// An object with `members`.
    public init(_ members: [String: TemplateValue] = [:]) {
        self.members = members
    }

    public func member(_ name: String) -> TemplateValue? {
        // A template's name is looked for in each object of the context, innermost first: most
        // are small (a tag's `name` and `url`), searched without hashing the name.
        guard members.count <= Self.searchedUpTo else { return members[name] }
        var index = members.startIndex
        while index != members.endIndex {
            if members.keys[index] == name { return members.values[index] }
            members.formIndex(after: &index)
        }
        return nil
    }

    /// The most members an object may have for a name to be searched for in it, not hashed.
    static let searchedUpTo = 8

    /// Reads or sets one member.
    public subscript(name: String) -> TemplateValue? {
        get { members[name] }
        set { members[name] = newValue }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        var members = [String: TemplateValue](minimumCapacity: elements.count)
        for (key, value) in elements { members[key] = value }
        self = .object(TemplateDictionary(members))
    }
    public init(nilLiteral: ()) { self = .null }
}
