extension TemplateLibrary {
    /// The names in the `entries` templates (and the partials and parents they open) that no
    /// value of the shapes given can ever have where they are written, such as `{{page.tilte}}`,
    /// each with the nearest name that does resolve there. A template reached from several
    /// entries (a layout shared by pages and lists) reports a name only when it resolves from none.
    ///
    /// A name is looked up as rendering would: its first part in the shapes of the context from
    /// the innermost out, the other parts within the shape found. Where a shape is ``TemplateShape/any``
    /// nothing below it is reported.
    public func unresolvableNames(from entries: [(template: String, root: TemplateShape)]) -> [UnresolvableName] {
        var check = NameCheck(library: self)
        for entry in entries {
            guard let index = indices[entry.template] else { continue }
            check.walk(template: index, stack: [entry.root], named: [:])
        }
        return check.found.filter { !check.resolved.contains("\($0.displayPath):\($0.line):\($0.column)") }
    }
}

/// The walk behind ``TemplateLibrary/unresolvableNames(from:root:)``.
private struct NameCheck {
    let library: TemplateLibrary
    var found: [UnresolvableName] = []
    /// The places where a name did resolve, from some entry.
    private(set) var resolved = Set<String>()
    private var reported = Set<String>()
    /// Each template with the stack depth and names it was walked with, walked once.
    private var walked = Set<String>()

    init(library: TemplateLibrary) {
        self.library = library
    }

    mutating func walk(template index: Int, stack: [TemplateShape], named: [String: TemplateShape]) {
        // A template that includes itself inside a list of its own kind (`toc-entries`) meets
        // the same shapes again: walked once per distinct set of shapes, so the walk ends.
        var shapes: [String] = []
        for shape in stack.map(Self.describe) where !shapes.contains(shape) { shapes.append(shape) }
        let key = "\(index)|" + shapes.joined(separator: ",")
        guard stack.count < 64, walked.insert(key).inserted, walked.count < 10_000 else { return }
        walk(library.templates[index].nodes, in: library.templates[index], stack: stack, named: named)
    }

    private mutating func walk(_ nodes: [TemplateNode], in template: TemplateLibrary.Template, stack: [TemplateShape],
                               named: [String: TemplateShape]) {
        for node in nodes {
            switch node {
            case .text:
                continue
            case .variable(let name, _):
                _ = resolve(name, in: template, stack: stack, named: named)
            case .section(let name, let children, let inverted):
                let shape = resolve(name, in: template, stack: stack, named: named)
                var inner = stack
                var innerNamed = named
                if !inverted, let shape {
                    let opened = Self.element(of: shape, named: named)
                    if case .object(let objectName, _) = opened { innerNamed[objectName] = opened }
                    inner.append(opened)
                }
                walk(children, in: template, stack: inner, named: innerNamed)
            case .partial(_, let index, _, _, _):
                if let index { walk(template: index, stack: stack, named: named) }
            case .parent(_, let index, _, let overrides, _, _):
                for block in overrides.values { walk(block, in: template, stack: stack, named: named) }
                if let index { walk(template: index, stack: stack, named: named) }
            case .block(_, let defaults, _):
                walk(defaults, in: template, stack: stack, named: named)
            }
        }
    }

    /// What a section over a value of `shape` puts on the context: a list's element, else the value.
    private static func element(of shape: TemplateShape, named: [String: TemplateShape]) -> TemplateShape {
        switch shape {
        case .list(let element): resolved(element, named: named)
        default: resolved(shape, named: named)
        }
    }

    private static func resolved(_ shape: TemplateShape, named: [String: TemplateShape]) -> TemplateShape {
        if case .same(let name) = shape { return named[name] ?? .any }
        return shape
    }

    /// The shape `name` has where it is written, or `nil` (reported) when it can have none.
    private mutating func resolve(_ name: TemplateName, in template: TemplateLibrary.Template, stack: [TemplateShape],
                                  named: [String: TemplateShape]) -> TemplateShape? {
        let shape = lookUp(name, in: template, stack: stack, named: named)
        if shape != nil { resolved.insert("\(template.displayPath):\(name.line):\(name.column)") }
        return shape
    }

    private mutating func lookUp(_ name: TemplateName, in template: TemplateLibrary.Template, stack: [TemplateShape],
                                  named: [String: TemplateShape]) -> TemplateShape? {
        guard let first = name.components.first else { return stack.last }
        var current: TemplateShape?
        var candidates: [String] = []
        for shape in stack.reversed() {
            switch Self.resolved(shape, named: named) {
            case .any:
                return .any
            case .object(_, let members):
                if let member = members[first] { current = member } else { candidates += members.keys }
            default:
                continue
            }
            if current != nil { break }
        }
        guard var shape = current else {
            report(name, in: template, suggestion: Self.nearest(first, among: candidates).map { ([$0] + name.components.dropFirst()).joined(separator: ".") })
            return nil
        }
        var path = [first]
        var innerNamed = named
        for component in name.components.dropFirst() {
            let resolved = Self.resolved(shape, named: innerNamed)
            switch resolved {
            case .any:
                return .any
            case .object(let objectName, let members):
                innerNamed[objectName] = resolved
                guard let member = members[component] else {
                    let suggestion = Self.nearest(component, among: Array(members.keys)).map { (path + [$0]).joined(separator: ".") }
                    report(name, in: template, suggestion: suggestion)
                    return nil
                }
                shape = member
                path.append(component)
            default:
                report(name, in: template, suggestion: nil)
                return nil
            }
        }
        return Self.resolved(shape, named: innerNamed)
    }

    private mutating func report(_ name: TemplateName, in template: TemplateLibrary.Template, suggestion: String?) {
        let place = "\(template.displayPath):\(name.line):\(name.column)"
        guard reported.insert(place).inserted else { return }
        found.append(UnresolvableName(displayPath: template.displayPath, line: name.line, column: name.column, name: name.written,
                                      suggestion: suggestion))
    }

    /// The candidate closest to `word`: the same but for case, else at most two edits away.
    private static func nearest(_ word: String, among candidates: [String]) -> String? {
        if let same = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return same }
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    private static func describe(_ shape: TemplateShape) -> String {
        switch shape {
        case .any: "*"
        case .scalar: "s"
        case .list(let element): "[" + describe(element) + "]"
        case .object(let name, _): name
        case .same(let name): "=" + name
        }
    }
}
