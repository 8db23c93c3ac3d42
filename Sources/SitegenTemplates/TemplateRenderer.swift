import SitegenLimits

/// One render of a template: the context stack, the output bytes, and what guards the render
/// against templates that include themselves without end, loop without end or write without end.
struct TemplateRenderer {
    let library: TemplateLibrary
    var output: String
    var stack: [TemplateValue] = []
    /// Written before each line of a standalone partial's text, and whether the next byte
    /// written starts such a line.
    private var indentation = ""
    private var atLineStart = false
    /// The blocks overridden by the parents being rendered, outermost first (and winning): a
    /// few at most, so a list searched in order, without hashing. `owner`: the template that
    /// wrote the override, for messages.
    private var blocks: [(name: String, nodes: [TemplateNode], owner: Int)] = []
    private var escaping = TemplateEscaping.html
    /// The templates open, innermost last, and how often each is open.
    private var chain: [Int] = []
    private var openCount: [Int]
    private var expansions = 0
    /// The work of this render so far: loop iterations, and bytes written.
    private(set) var counts = TemplateLibrary.RenderCounts()
    /// The template whose nodes are being rendered, and the line of the last tag met in it:
    /// where a limit is reported.
    private var current = 0
    private var line = 1
    /// The output's size, in bytes, past which the render stops (the limit, after what the
    /// output held before).
    private let outputEnd: Int

    init(library: TemplateLibrary, output: String) {
        self.library = library
        self.output = output
        openCount = Array(repeating: 0, count: library.templates.count)
        outputEnd = output.utf8.count + library.outputLimit
    }

    mutating func render(template index: Int, line: Int) throws(TemplateError) {
        expansions += 1
        openCount[index] += 1
        chain.append(index)
        defer {
            openCount[index] -= 1
            chain.removeLast()
        }
        if openCount[index] > TemplateLibrary.recursionLimit || expansions > TemplateLibrary.expansionLimit {
            throw recursionError(of: index, line: line)
        }
        let template = library.templates[index]
        let outer = (escaping, current, self.line)
        escaping = template.escaping
        current = index
        defer { (escaping, current, self.line) = outer }
        try render(template.nodes)
    }

    /// One more item of a loop at `line`: counted, and an error past the limit. One add and
    /// one comparison, so that an ordinary render does not notice.
    private mutating func countIteration(line: Int) throws(TemplateError) {
        counts.iterations += 1
        guard counts.iterations > library.iterationLimit else { return }
        throw TemplateError(displayPath: library.templates[current].displayPath, line: line,
                            message: "sections loop more than \(LimitWording.count(library.iterationLimit)) times in one render "
                                + "(Limits: template iterations); each loop inside a loop multiplies them: nest fewer "
                                + "loops, or loop over shorter lists")
    }

    /// An error when the output has grown past the limit: checked after each write (a Swift
    /// string knows its size, so the check costs one comparison).
    private mutating func checkOutput() throws(TemplateError) {
        guard output.utf8.count > outputEnd else { return }
        counts.bytes = output.utf8.count - (outputEnd - library.outputLimit)
        throw TemplateError(displayPath: library.templates[current].displayPath, line: line,
                            message: "the render writes more than \(LimitWording.size(library.outputLimit)) "
                                + "(Limits: template output size); a loop or partial repeats too much: write less per output")
    }

    private func recursionError(of index: Int, line: Int) -> TemplateError {
        let first = chain.firstIndex(of: index) ?? 0
        let caller = first > 0 ? chain[first - 1] : index
        let name = library.templates[index].name
        let message = openCount[index] > TemplateLibrary.recursionLimit
            ? "partials recurse more than \(TemplateLibrary.recursionLimit) levels deep (\(name) → \(name) → …); a template that includes "
                + "itself must walk into a list that ends within \(TemplateLibrary.recursionLimit) levels, as "
                + "{{#children}}{{> entries}}{{/children}} does"
            : "partials open more than \(TemplateLibrary.expansionLimit) times in one render (\(name) → \(name) → …); a template that "
                + "includes itself several times multiplies with each level: include it once, inside a list that ends"
        return TemplateError(displayPath: library.templates[caller].displayPath, line: line, message: message)
    }

    private mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                writeTemplateText(bytes)
                try checkOutput()
            case .variable(let name, let escaped):
                line = name.line
                guard let value = lookup(name) else { continue }
                write(value, escaped: escaped)
                try checkOutput()
            case .section(let name, let children, let inverted):
                line = name.line
                let value = lookup(name)
                if inverted {
                    if Self.isFalsey(value) { try render(children) }
                    continue
                }
                switch value {
                case nil, .null?, .bool(false)?:
                    break
                // Empty text is false, as in most Mustache engines (the spec leaves it open): `{{#site.description}}` shows nothing for none.
                case .text(let text)? where text.isEmpty:
                    break
                case .bool(true)?:
                    try render(children)
                case .list(let items)?:
                    for item in items {
                        try countIteration(line: name.line)
                        stack.append(item)
                        try render(children)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    try render(children)
                    stack.removeLast()
                }
            case .partial(let name, let index, let dynamic, let partialIndentation, let line):
                self.line = line
                guard let target = dynamic ? dynamicTemplate(name) : index else { continue }
                let outer = indentation
                if !partialIndentation.isEmpty {
                    indentation += partialIndentation
                    atLineStart = true
                }
                // A partial sees no blocks of the parents around it.
                let outerBlocks = blocks
                blocks = []
                defer {
                    blocks = outerBlocks
                    indentation = outer
                }
                try render(template: target, line: line)
            case .parent(let name, let index, let dynamic, let overrides, let parentIndentation, let line):
                self.line = line
                guard let target = dynamic ? dynamicTemplate(name) : index else { continue }
                let outerBlocks = blocks
                let outer = indentation
                blocks = outerBlocks + overrides.map { [current] in (name: $0.key, nodes: $0.value, owner: current) }
                if !parentIndentation.isEmpty {
                    indentation += parentIndentation
                    atLineStart = true
                }
                defer {
                    blocks = outerBlocks
                    indentation = outer
                }
                try render(template: target, line: line)
            case .block(let name, let defaults, _):
                guard let override = blocks.first(where: { $0.name == name }) else {
                    try render(defaults)
                    continue
                }
                // The override's tags are lines of the template that wrote it.
                let outer = (current, line)
                current = override.owner
                defer { (current, line) = outer }
                try render(override.nodes)
            }
        }
    }

    private static func isFalsey(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: true
        case .list(let items)?: items.isEmpty
        case .text(let text)?: text.isEmpty
        default: false
        }
    }

    /// The template a dynamic name (`{{>*key}}`) names: the text `key` holds.
    private func dynamicTemplate(_ key: String) -> Int? {
        guard case .text(let name)? = lookup(TemplateName(key, line: 0, column: 0)) else { return nil }
        return library.indices[name]
    }

    /// A name's value: its first part looked up from the innermost value of the context out,
    /// the other parts within that value only.
    private func lookup(_ name: TemplateName) -> TemplateValue? {
        let components = name.components
        guard let first = components.first else { return stack.last }
        var found: TemplateValue?
        var position = stack.count
        while position > 0 {
            position -= 1
            if case .object(let object) = stack[position], let value = object.member(first) {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        var index = 1
        while index < components.count {
            guard case .object(let object) = value, let member = object.member(components[index]) else { return nil }
            value = member
            index += 1
        }
        return value
    }

    // MARK: Output

    private mutating func writeTemplateText(_ text: String) {
        guard !indentation.isEmpty else {
            output += text
            return
        }
        var start = text.startIndex
        for index in text.indices where text[index] == "\n" {
            if atLineStart {
                output += indentation
                atLineStart = false
            }
            output += text[start...index]
            start = text.index(after: index)
            atLineStart = true
        }
        if start < text.endIndex {
            if atLineStart {
                output += indentation
                atLineStart = false
            }
            output += text[start...]
        }
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        if atLineStart, !indentation.isEmpty {
            output += indentation
            atLineStart = false
        }
        switch value {
        case .text(let text):
            if escaped { escaping.append(text, to: &output) } else { output += text }
        case .int(let int):
            output += String(int)
        case .double(let double):
            output += String(double)
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .list(let items):
            for (index, item) in items.enumerated() {
                if index > 0 { output += ", " }
                write(item, escaped: escaped)
            }
        case .object, .null:
            break
        }
    }
}
