/// One render of a template: the context stack, the output bytes, and what guards the render
/// against templates that include themselves without end.
struct TemplateRenderer {
    let library: TemplateLibrary
    var buffer: [UInt8]
    var stack: [TemplateValue] = []
    /// Written before each line of a standalone partial's text, and whether the next byte
    /// written starts such a line.
    private var indentation: [UInt8] = []
    private var atLineStart = false
    /// The blocks overridden by the parents being rendered, outermost winning.
    private var blocks: [String: [TemplateNode]] = [:]
    private var escaping = TemplateEscaping.html
    /// The templates open, innermost last, and how often each is open.
    private var chain: [Int] = []
    private var openCount: [Int]
    private var expansions = 0

    init(library: TemplateLibrary, buffer: [UInt8]) {
        self.library = library
        self.buffer = buffer
        openCount = Array(repeating: 0, count: library.templates.count)
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
        let outer = escaping
        escaping = template.escaping
        defer { escaping = outer }
        try render(template.nodes)
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
            case .variable(let name, let escaped):
                guard let value = lookup(name) else { continue }
                write(value, escaped: escaped)
            case .section(let name, let children, let inverted):
                let value = lookup(name)
                if inverted {
                    if Self.isFalsey(value) { try render(children) }
                    continue
                }
                switch value {
                case nil, .null?, .bool(false)?:
                    break
                case .bool(true)?:
                    try render(children)
                case .list(let items)?:
                    for item in items {
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
                guard let target = dynamic ? dynamicTemplate(name) : index else { continue }
                let outer = indentation
                if !partialIndentation.isEmpty {
                    indentation += partialIndentation
                    atLineStart = true
                }
                // A partial sees no blocks of the parents around it.
                let outerBlocks = blocks
                blocks = [:]
                defer {
                    blocks = outerBlocks
                    indentation = outer
                }
                try render(template: target, line: line)
            case .parent(let name, let index, let dynamic, let overrides, let parentIndentation, let line):
                guard let target = dynamic ? dynamicTemplate(name) : index else { continue }
                let outerBlocks = blocks
                let outer = indentation
                blocks = overrides.merging(outerBlocks) { _, outermost in outermost }
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
                try render(blocks[name] ?? defaults)
            }
        }
    }

    private static func isFalsey(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: true
        case .list(let items)?: items.isEmpty
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

    private mutating func writeTemplateText(_ bytes: [UInt8]) {
        guard !indentation.isEmpty else {
            buffer.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            if atLineStart {
                buffer.append(contentsOf: indentation)
                atLineStart = false
            }
            buffer.append(byte)
            if byte == 0x0A { atLineStart = true }
        }
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        if atLineStart, !indentation.isEmpty {
            buffer.append(contentsOf: indentation)
            atLineStart = false
        }
        switch value {
        case .text(let text):
            if escaped { escaping.append(text, to: &buffer) } else { buffer.append(contentsOf: text.utf8) }
        case .int(let int):
            buffer.append(contentsOf: String(int).utf8)
        case .double(let double):
            buffer.append(contentsOf: String(double).utf8)
        case .bool(let bool):
            buffer.append(contentsOf: (bool ? "true" : "false").utf8)
        case .list(let items):
            for (index, item) in items.enumerated() {
                if index > 0 { buffer.append(contentsOf: [0x2C, 0x20]) }
                write(item, escaped: escaped)
            }
        case .object, .null:
            break
        }
    }
}
