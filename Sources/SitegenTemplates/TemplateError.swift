/// A problem in a template, at a place in its file.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template's path as messages show it (`templates/page.mustache`).
    public let displayPath: String
    /// Where, from 1; `nil` when the problem has no one place.
    public let line: Int?
    public let column: Int?
    /// What is wrong and what to do, without the place.
    public let message: String

    public init(displayPath: String, line: Int?, column: Int? = nil, message: String) {
        self.displayPath = displayPath
        self.line = line
        self.column = column
        self.message = message
    }

    /// `templates/page.mustache:3:7: message`.
    public var description: String {
        var place = displayPath
        if let line { place += ":\(line)" }
        if let line, let column, line > 0 { place += ":\(column)" }
        return place + ": " + message
    }
}

/// Several template problems found at once.
public struct TemplateErrors: Error, Sendable, CustomStringConvertible {
    public let errors: [TemplateError]

    public init(_ errors: [TemplateError]) {
        self.errors = errors
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

/// A name in a template that no value of the shapes given can ever have.
public struct UnresolvableName: Sendable, Equatable {
    public let displayPath: String
    public let line: Int
    public let column: Int
    /// The name as written (`page.tilte`).
    public let name: String
    /// The nearest name that does resolve there (`page.title`), if one is close.
    public let suggestion: String?

    public init(displayPath: String, line: Int, column: Int, name: String, suggestion: String?) {
        self.displayPath = displayPath
        self.line = line
        self.column = column
        self.name = name
        self.suggestion = suggestion
    }
}
