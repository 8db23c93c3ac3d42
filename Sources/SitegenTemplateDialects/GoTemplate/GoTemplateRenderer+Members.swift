import SitegenLimits
import SitegenTemplates

/// Fields and methods: what `.Name` and `.Name args…` mean on each kind of value.
extension GoTemplateRenderer {
    /// `.name` on `value`; a missing member of a map or an object is nil.
    func member(_ name: String, of value: GoValue, line: Int) throws(DialectError) -> GoValue {
        switch value {
        case .null:
            return .null
        case .shortcode:
            return try shortcodeMember(name, line: line)
        case .map(let map):
            return map.entries[name] ?? .null
        case .object(let object):
            if let found = Self.lookUp(name, in: object) { return found }
            switch name {
            case "Site": return GoValue(call.site)
            case "Store", "Scratch": return .store(pageStore)
            default: return .null
            }
        case .store:
            throw DialectError(.unsupported(construct: "." + name), line: line, "`.\(name)` of a store is not supported.")
        case .text(let text) where GoTime.fields.contains(name):
            // A page's `.Date` comes as ISO 8601 text: its parts read as a Go time's.
            guard let moment = GoTime.parse(text) else {
                throw DialectError(.syntax, line: line, "`.\(name)` needs a date, not “\(text)”.")
            }
            return GoTime.field(name, of: moment)
        default:
            throw DialectError(.syntax, line: line, "`.\(name)` cannot be read from \(value.kindName).")
        }
    }

    /// A member of a site object: Hugo's maps of parameters are read without regard to case.
    static func lookUp(_ name: String, in object: any TemplateObject) -> GoValue? {
        if let found = object.member(name) { return GoValue(found) }
        let lower = name.lowercased()
        if lower != name, let found = object.member(lower) { return GoValue(found) }
        if let first = name.first, first.isUppercase {
            let lowerFirst = first.lowercased() + name.dropFirst()
            if lowerFirst != lower, let found = object.member(lowerFirst) { return GoValue(found) }
        }
        return nil
    }

    private func shortcodeMember(_ name: String, line: Int) throws(DialectError) -> GoValue {
        switch name {
        case "Params":
            return call.named.isEmpty && !call.positional.isEmpty
                ? .list(GoList(call.positional.map { .text($0) }))
                : .map(GoMap(call.named.mapValues { .text($0) }))
        case "IsNamedParams": return .bool(!call.named.isEmpty)
        case "Inner": return .safe(call.inner ?? "", .html)
        case "InnerDeindent": return .safe(Self.deindented(call.inner ?? ""), .html)
        case "Ordinal": return .int(call.ordinal)
        case "Name": return .text(call.name)
        case "Position": return .text("")
        case "Page": return GoValue(call.page)
        case "Site": return GoValue(call.site)
        case "Parent": return GoValue(call.parent)
        case "Store", "Scratch": return .store(shortcodeStore)
        default:
            throw DialectError(.unsupported(construct: "." + name), line: line, "The shortcode has no field `.\(name)` sitegen knows.")
        }
    }

    /// `.name args…` on `value`.
    func method(_ name: String, of value: GoValue, _ arguments: [GoValue], line: Int) throws(DialectError) -> GoValue {
        switch (value, name) {
        case (.null, _):
            // A method of a missing value (`.Parent.Get` at the top level) is nil.
            return .null
        case (.shortcode, "Get"):
            return try get(arguments, line: line)
        case (.object(let object), "Get") where object.member("Get") == nil:
            // `.Parent.Get`: the parent's parameters.
            let parameters = Self.lookUp("Params", in: object) ?? .null
            guard arguments.count == 1 else { throw arity("Get", 1, line: line) }
            return try callFunction("index", [parameters, arguments[0]], line: line)
        case (.object, "RenderString"), (.shortcode, "RenderString"):
            // `.RenderString (dict …) TEXT`: the options do not change Markdown here.
            guard let source = arguments.last else { throw arity(name, 1, line: line) }
            let text = if let text = source.textValue { text } else { try GoFormatter.display(source, line: line) }
            return .safe(call.markdownify(text), .html)
        case (.object(let object), "Param"):
            guard arguments.count == 1 else { throw arity("Param", 1, line: line) }
            guard let key = arguments[0].textValue else { return .null }
            let pageValue = Self.lookUp("Params", in: object).flatMap { try? member(key, of: $0, line: line) } ?? .null
            if !pageValue.isNull { return pageValue }
            guard case .object(let site) = GoValue(call.site), let siteParameters = Self.lookUp("Params", in: site) else { return .null }
            return (try? member(key, of: siteParameters, line: line)) ?? .null
        case (.text(let text), "Format"):
            guard arguments.count == 1 else { throw arity("Format", 1, line: line) }
            return .text(try GoTime.format(text, layout: try string(arguments[0], of: "Format", line: line), line: line))
        case (.store(let store), _):
            return try storeMethod(name, store, arguments, line: line)
        default:
            let found = try member(name, of: value, line: line)
            if found.isNull, case .object = value {
                throw DialectError(.unsupported(construct: "." + name), line: line, "The method `.\(name)` is not supported.")
            }
            throw DialectError(.syntax, line: line, "`.\(name)` takes no arguments.")
        }
    }

    private func get(_ arguments: [GoValue], line: Int) throws(DialectError) -> GoValue {
        guard arguments.count == 1 else { throw arity("Get", 1, line: line) }
        switch arguments[0] {
        case .int(let index):
            guard call.named.isEmpty, index >= 0, index < call.positional.count else { return .null }
            return .text(call.positional[index])
        case .text(let key), .safe(let key, _):
            return call.named[key].map { .text($0) } ?? .null
        default:
            throw DialectError(.syntax, line: line, "`.Get` takes a position or a name, not \(arguments[0].kindName).")
        }
    }

    private func storeMethod(_ name: String, _ store: GoStore, _ arguments: [GoValue], line: Int) throws(DialectError) -> GoValue {
        func key(_ index: Int) throws(DialectError) -> String {
            guard index < arguments.count, let key = arguments[index].textValue else {
                throw DialectError(.syntax, line: line, "`.\(name)` of a store needs a name.")
            }
            return key
        }
        switch name {
        case "Get":
            return store.entries[try key(0)] ?? .null
        case "Set":
            guard arguments.count == 2 else { throw arity(name, 2, line: line) }
            store.entries[try key(0)] = arguments[1]
            return .text("")
        case "Add":
            guard arguments.count == 2 else { throw arity(name, 2, line: line) }
            let name = try key(0)
            if let existing = store.entries[name] {
                if case .list(let list) = existing {
                    let added: [GoValue] = if case .list(let more) = arguments[1] { more.items } else { [arguments[1]] }
                    store.entries[name] = try makeList(list.items + added, line: line)
                } else {
                    store.entries[name] = try callFunction("add", [existing, arguments[1]], line: line)
                }
            } else {
                store.entries[name] = arguments[1]
            }
            return .text("")
        case "Delete":
            store.entries[try key(0)] = nil
            return .text("")
        case "SetInMap":
            guard arguments.count == 3 else { throw arity(name, 3, line: line) }
            var entries: [String: GoValue] = [:]
            if case .map(let map)? = store.entries[try key(0)] { entries = map.entries }
            entries[try key(1)] = arguments[2]
            store.entries[try key(0)] = try makeMap(entries, line: line)
            return .text("")
        case "DeleteInMap":
            guard arguments.count == 2 else { throw arity(name, 2, line: line) }
            if case .map(let map)? = store.entries[try key(0)] {
                var entries = map.entries
                entries[try key(1)] = nil
                store.entries[try key(0)] = .map(GoMap(entries))
            }
            return .text("")
        case "Values":
            return try makeMap(store.entries, line: line)
        default:
            throw DialectError(.unsupported(construct: "." + name), line: line, "`.\(name)` of a store is not supported.")
        }
    }

    func arity(_ name: String, _ count: Int, line: Int) -> DialectError {
        DialectError(.syntax, line: line, "`\(name)` takes \(count) argument\(count == 1 ? "" : "s").")
    }

    /// A list, checked against the bounds on items and nesting.
    func makeList(_ items: [GoValue], line: Int) throws(DialectError) -> GoValue {
        guard items.count <= Limits.dialectCollectionItems else {
            throw DialectError(.limit, line: line, "A list would hold more than \(Limits.dialectCollectionItems) items.")
        }
        return try checkedNesting(.list(GoList(items)), line: line)
    }

    /// A map, checked against the bounds on items and nesting.
    func makeMap(_ entries: [String: GoValue], line: Int) throws(DialectError) -> GoValue {
        guard entries.count <= Limits.dialectCollectionItems else {
            throw DialectError(.limit, line: line, "A map would hold more than \(Limits.dialectCollectionItems) entries.")
        }
        return try checkedNesting(.map(GoMap(entries)), line: line)
    }

    private func checkedNesting(_ collection: GoValue, line: Int) throws(DialectError) -> GoValue {
        guard collection.depth <= Limits.dialectNesting else {
            throw DialectError(.limit, line: line, "Lists and maps would nest deeper than \(Limits.dialectNesting).")
        }
        return collection
    }

    /// `.InnerDeindent`: the inner text without the indentation its lines share.
    static func deindented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }
        guard let common = indents.min(), common > 0 else { return text }
        return lines.map { $0.allSatisfy(\.isWhitespace) ? Substring("") : $0.dropFirst(common) }.joined(separator: "\n")
    }
}
