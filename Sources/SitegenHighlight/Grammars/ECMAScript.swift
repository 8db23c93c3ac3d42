/// The grammar of JavaScript, and of TypeScript, which adds types, modifiers and decorators
/// to it. Names are `nx` and `this` a keyword, as in Pygments and Chroma.
struct ECMAScript {
    var typescript = false
    /// JSX elements where an expression may start (`return <div>…</div>`). In TypeScript a
    /// `<` there may also open a type assertion (`<Foo>value`) or a generic arrow function
    /// (`<T,>(x: T) => x`), so an element must look like one (see ``typedElement(_:_:)``).
    var jsx = false

    /// Identifiers may hold `$` (`$el`, `jQuery$`).
    static let identifierStart = ByteSet("a-zA-Z_$").union(.nonASCII)
    static let identifierRest = ByteSet("a-zA-Z0-9_$").union(.nonASCII)
    static let identifier = Pattern.word(start: identifierStart, rest: identifierRest)

    static let keywords = """
    if else for while do break continue return switch case default throw try catch finally yield await async \
    of static extends super this debugger with from as constructor
    """
    /// Reserved words of old editions, and TypeScript's modifiers.
    static let reserved = """
    abstract boolean byte char double final float goto implements int long native package private protected \
    public short synchronized throws transient volatile
    """
    static let builtins = """
    Array ArrayBuffer Atomics BigInt BigInt64Array BigUint64Array Boolean DataView Date FinalizationRegistry \
    Float32Array Float64Array Function Int8Array Int16Array Int32Array Intl JSON Map Math Number Object Promise \
    Proxy Reflect RegExp Set SharedArrayBuffer String Symbol Uint8Array Uint8ClampedArray Uint16Array \
    Uint32Array WeakMap WeakRef WeakSet decodeURI decodeURIComponent encodeURI encodeURIComponent eval \
    isFinite isNaN parseFloat parseInt document window globalThis global
    """
    static let exceptions = "Error AggregateError EvalError InternalError RangeError ReferenceError SyntaxError TypeError URIError"

    /// Words after which a `/` starts a regular expression rather than dividing.
    static let wordsBeforeRegex: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
        "yield", "await", "if", "while", "for", "switch", "export", "import", "default", "extends", "var", "let",
        "const", "async", "try", "catch", "finally", "break", "continue", "debugger", "with", "static", "super",
    ]

    var words: WordTable.List {
        var words: [(TokenKind, String)] = [
            (.keyword, ECMAScript.keywords), (.keyword, ECMAScript.reserved),
            (.keywordDeclaration, "var let const function class enum interface"),
            (.keywordNamespace, "import export"),
            (.keywordConstant, "true false null undefined NaN Infinity"),
            (.operatorWord, "typeof instanceof in void delete new"),
            (.nameBuiltin, ECMAScript.builtins), (.nameException, ECMAScript.exceptions),
        ]
        if typescript {
            words += [
                (.keyword, "readonly declare type module namespace keyof infer is asserts satisfies override accessor unique"),
                (.keywordType, "string number boolean any unknown never object symbol bigint"),
            ]
        }
        return WordTable.List(words: words, caseInsensitive: false)
    }

    var grammar: Grammar {
        let identifier = ECMAScript.identifier
        let table = words
        var root: [Rule] = [
            Rule(.run(.whitespace), .plain),
            Rule(.sequence([.text("#!"), .restOfLine]), .commentHashbang, lineStart: true),
            Rule(.sequence([.text("//"), .restOfLine]), .commentSingle),
            Rule(.delimited(open: Array("/*".utf8), close: Array("*/".utf8), escape: nil, nests: false, singleLine: false), .commentMultiline),
            Rule(.custom(first: ByteSet("/"), match: ECMAScript.regex), .stringRegex),
            Rule(.custom(first: ByteSet("/"), match: ECMAScript.unclosedRegex), .plain),
            Rule(.text("\""), .stringDouble, .push("double")),
            Rule(.text("'"), .stringSingle, .push("single")),
            Rule(.text("`"), .stringBacktick, .push("template")),
        ]
        root += ECMAScript.numbers
        if typescript {
            // `name: Type`, as Pygments reads it: the word after a name and a colon is a type,
            // which also catches object literals and the end of `a ? b : c`.
            let type = Pattern.word(start: ECMAScript.identifierStart, rest: ECMAScript.identifierRest.union(ByteSet(".")))
            root.append(Rule(.sequence([identifier, .optional(.text("?")), .optional(.run(.whitespace)), .text(":"),
                                        .optional(.run(.whitespace)), type]),
                             .parts([.nameOther, .operator, .plain, .operator, .plain, .keywordType])))
        }
        for keyword in ["function", "class"] + (typescript ? ["interface", "enum", "type"] : []) {
            let kind = table.kindOf(keyword)
            root.append(Rule(.sequence([.text(keyword), .run(.whitespace), identifier]),
                             .parts([kind, .plain, keyword == "function" ? .nameFunction : .nameClass])))
        }
        if jsx {
            root.append(Rule(.custom(first: ByteSet("<"), match: typescript ? ECMAScript.typedElement : ECMAScript.element),
                             .punctuation, .push("jsx-tag")))
        }
        root += [
            .words(table, otherwise: .nameOther, pattern: identifier),
            Rule(.sequence([.text("#"), identifier]), .name),
            Rule(.sequence([.text("@"), identifier]), .nameDecorator),
            Rule(.text("<!--"), .comment),
            Rule(.text("=>"), .punctuation),
            Rule(.text("..."), .punctuation),
            Rule(.run(ByteSet("+\\-*%=<>!&|^~?:")), .operator),
            Rule(.text("/"), .operator),
            Rule(.run(ByteSet("{}()[];,."), maximum: 1), .punctuation),
            Rule(.text("\\"), .operator),
        ]
        func quoted(_ quote: String, _ kind: TokenKind) -> [Rule] {
            [
                ECMAScript.escape,
                Rule(.text(quote), kind, .pop),
                Rule(.ahead(.lineEnd), kind, .pop),
                Rule(.run(ByteSet(quote + "\\\n").inverted), kind),
            ]
        }
        let name = Pattern.word(start: ECMAScript.identifierStart, rest: ECMAScript.tagNameRest)
        let jsxStates: [(String, [Rule])] = [
            ("jsx-tag", [
                Rule(name, .nameTag, .replace("jsx-attributes")),
                Rule(.text(">"), .punctuation, .replace("jsx-children")),
                Rule(.ahead(.character), .plain, .pop),
            ]),
            ("jsx-attributes", [
                Rule(.run(.whitespace), .plain),
                Rule(.text("/>"), .punctuation, .pop),
                Rule(.text(">"), .punctuation, .replace("jsx-children")),
                Rule(name, .nameAttribute),
                Rule(.text("="), .operator),
                Rule(.delimited(open: Array("\"".utf8), close: Array("\"".utf8), escape: nil, nests: false, singleLine: false), .string),
                Rule(.delimited(open: Array("'".utf8), close: Array("'".utf8), escape: nil, nests: false, singleLine: false), .string),
                Rule(.text("{"), .punctuation, .push("jsx-expression")),
            ]),
            ("jsx-children", [
                Rule(.sequence([.text("</"), .optional(.run(.whitespace)), .optional(name), .optional(.run(.whitespace)), .text(">")]),
                     .parts([.punctuation, .plain, .nameTag, .plain, .punctuation]), .pop),
                Rule(.sequence([.text("<"), .ahead(.either([name, .text(">")]))]), .punctuation, .push("jsx-tag")),
                Rule(.text("{"), .punctuation, .push("jsx-expression")),
                Rule(.sequence([.text("&"), .run("a-zA-Z0-9#"), .text(";")]), .nameEntity),
                Rule(.run(ByteSet("<{&").inverted), .plain),
            ]),
            ("jsx-expression", [
                Rule(.text("}"), .punctuation, .pop),
                Rule(.text("{"), .punctuation, .push("braces")),
                .include("root"),
            ]),
        ]
        return Grammar([
            ("root", root),
            ("double", quoted("\"", .stringDouble)),
            ("single", quoted("'", .stringSingle)),
            ("template", [
                Rule(.text("`"), .stringBacktick, .pop),
                ECMAScript.escape,
                Rule(.text("${"), .stringInterpolation, .push("interpolation")),
                Rule(.run(ByteSet("`\\$").inverted), .stringBacktick),
                Rule(.text("$"), .stringBacktick),
            ]),
            ("interpolation", [
                Rule(.text("}"), .stringInterpolation, .pop),
                Rule(.text("{"), .punctuation, .push("braces")),
                .include("root"),
            ]),
            ("braces", [
                Rule(.text("}"), .punctuation, .pop),
                Rule(.text("{"), .punctuation, .push("braces")),
                .include("root"),
            ]),
        ] + (jsx ? jsxStates : []))
    }

    /// `\n`, `\x41`, `\u00e9`, `\u{1F600}`.
    static let escape: Rule = {
        let hex = ByteSet("0-9a-fA-F")
        return Rule(.sequence([.text("\\"), .either([
            .sequence([.text("u{"), .run(hex), .text("}")]),
            .sequence([.text("u"), .run(hex, maximum: 4)]),
            .sequence([.text("x"), .run(hex, maximum: 2)]),
            .character,
        ])]), .stringEscape)
    }()

    /// Number literals: `0x`, `0o`, `0b` and old `0755` octals, `_` separators, `n` for BigInt.
    static let numbers: [Rule] = {
        let digits = Pattern.word(start: .digits, rest: ByteSet("0-9_"))
        let exponent = Pattern.sequence([.run("eE"), .optional(.run("+-")), .run("0-9_")])
        func prefixed(_ prefix: String, _ set: String) -> Pattern {
            .sequence([.text("0"), .run(prefix), .run(set + "_"), .optional(.text("n"))])
        }
        return [
            Rule(prefixed("xX", "0-9a-fA-F"), .numberHex),
            Rule(prefixed("bB", "01"), .numberBinary),
            Rule(prefixed("oO", "0-7"), .numberOctal),
            Rule(.sequence([.text("0"), .run("0-7"), .notAhead(.run("89."))]), .numberOctal),
            Rule(.either([
                .sequence([digits, .text("."), .optional(.run("0-9_")), .optional(exponent)]),
                .sequence([.text("."), .run("0-9"), .optional(.run("0-9_")), .optional(exponent)]),
                .sequence([digits, exponent]),
            ]), .numberFloat),
            Rule(.sequence([digits, .optional(.text("n"))]), .numberInteger),
        ]
    }()

    /// Whether a `/` at `at` begins a regular expression: it does at the start, after an
    /// operator or an opening bracket, and after words such as `return`; after a name, a
    /// number, a closing bracket or a string it divides.
    static func regexMayStart(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Bool {
        var index = at - 1
        while index >= 0, ByteSet.whitespace.contains(bytes[index]) { index -= 1 }
        guard index >= 0 else { return true }
        let byte = bytes[index]
        if identifierRest.contains(byte) {
            var start = index
            while start > 0, identifierRest.contains(bytes[start - 1]) { start -= 1 }
            guard index - start < 10 else { return false }
            return wordsBeforeRegex.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...index]), as: UTF8.self))
        }
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"),
             UInt8(ascii: "`"), UInt8(ascii: "."):
            return false
        default:
            return true
        }
    }

    /// Where the regular expression at `at` ends (`/[/]a\/b/gi`), if one starts there and
    /// closes on its line.
    @Sendable static func regex(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard regexMayStart(bytes, at) else { return nil }
        let count = bytes.count
        var index = at + 1, inClass = false
        while index < count {
            switch bytes[index] {
            case 10:
                return nil
            case UInt8(ascii: "\\"):
                guard index + 1 < count, bytes[index + 1] != 10 else { return nil }
                index += 2
                continue
            case UInt8(ascii: "["):
                inClass = true
            case UInt8(ascii: "]"):
                inClass = false
            case UInt8(ascii: "/") where !inClass:
                guard index > at + 1 else { return nil }
                index += 1
                while index < count, regexFlags.contains(bytes[index]) { index += 1 }
                return index
            default:
                break
            }
            index += 1
        }
        return nil
    }

    static let regexFlags = ByteSet("dgimsuvy")

    /// The `<` of a JSX element (`<div`, `<Foo.Bar`, `<>`), where an expression may start.
    @Sendable static func element(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard at + 1 < bytes.count, identifierStart.contains(bytes[at + 1]) || bytes[at + 1] == UInt8(ascii: ">"),
              regexMayStart(bytes, at) else { return nil }
        return at + 1
    }

    /// The `<` of a JSX element in TypeScript: a fragment `<>`, or a tag that holds an
    /// attribute (`<Link page=`), closes itself (`<Intro />`), spreads props, is an HTML
    /// element (`<div>`) or is closed within the next 2 KB (`<Text>…</Text>`).
    @Sendable static func typedElement(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let count = bytes.count
        guard at + 1 < count, regexMayStart(bytes, at) else { return nil }
        if bytes[at + 1] == UInt8(ascii: ">") { return at + 1 }
        guard identifierStart.contains(bytes[at + 1]) else { return nil }
        var end = at + 2
        while end < count, tagNameRest.contains(bytes[end]) { end += 1 }
        let name = UnsafeBufferPointer(rebasing: bytes[(at + 1)..<end])
        guard !typeWords.contains(String(decoding: name, as: UTF8.self)) else { return nil }
        func skipSpaces(_ index: inout Int) { while index < count, ByteSet.whitespace.contains(bytes[index]) { index += 1 } }
        var index = end
        skipSpaces(&index)
        guard index < count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "/"):
            index += 1
            skipSpaces(&index)
            return index < count && bytes[index] == UInt8(ascii: ">") ? at + 1 : nil
        case UInt8(ascii: "{"):
            return index > end ? at + 1 : nil
        case UInt8(ascii: ">"):
            guard index == end else { return nil }
            if bytes[at + 1] >= UInt8(ascii: "a"), bytes[at + 1] <= UInt8(ascii: "z") { return at + 1 }
            let limit = min(count, end + 2048)
            var search = end
            while search + 2 + name.count <= limit {
                if bytes[search] == UInt8(ascii: "<"), bytes[search + 1] == UInt8(ascii: "/"),
                   zip(name, bytes[(search + 2)...]).allSatisfy({ $0 == $1 }),
                   search + 2 + name.count == count || !tagNameRest.contains(bytes[search + 2 + name.count]) {
                    return at + 1
                }
                search += 1
            }
            return nil
        default:
            // An attribute, then `=`, `>` or `/>`; `<T extends U>` is a type parameter.
            guard index > end, identifierStart.contains(bytes[index]) else { return nil }
            while index < count, tagNameRest.contains(bytes[index]) { index += 1 }
            skipSpaces(&index)
            guard index < count else { return nil }
            return bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: ">") || bytes[index] == UInt8(ascii: "/")
                ? at + 1 : nil
        }
    }

    static let tagNameRest = identifierRest.union(ByteSet(".:-"))
    /// Type assertions to these (`<any>value`) are never elements.
    static let typeWords: Set<String> = [
        "any", "string", "number", "boolean", "unknown", "never", "object", "symbol", "bigint", "void", "null", "undefined",
    ]

    /// A `/` where a regular expression may start but none closes on the line: the rest of
    /// the line is left plain, as Pygments leaves it (JSX's `</div>` read as JavaScript).
    @Sendable static func unclosedRegex(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard at + 1 < bytes.count, bytes[at + 1] != UInt8(ascii: "/"), bytes[at + 1] != UInt8(ascii: "*"),
              regexMayStart(bytes, at) else { return nil }
        var index = at + 1
        while index < bytes.count, bytes[index] != 10 { index += 1 }
        return index
    }
}
