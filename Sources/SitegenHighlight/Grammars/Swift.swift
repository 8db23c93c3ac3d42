extension Grammars {
    static let swift = CFamily(
        keywords: """
        if else guard switch case default for while repeat do return break continue fallthrough throw throws rethrows try catch \
        defer where in is as await async some any inout get set willSet didSet lazy weak unowned mutating nonmutating \
        override final open public private fileprivate internal package static dynamic required convenience optional \
        indirect prefix postfix infix consuming borrowing isolated nonisolated sending
        """,
        declarations: "let var func class struct enum protocol extension typealias associatedtype init deinit subscript actor operator macro precedencegroup case",
        namespaces: "import",
        constants: "true false nil",
        builtins: "Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String Character Void Array Dictionary Set Optional Any AnyObject Never Self Result Error",
        pseudo: "self super",
        functionKeywords: "func",
        classKeywords: "class struct enum protocol extension actor",
        blockComment: ("/*", "*/", true),
        quotes: [
            .init(open: "#\"\"\"", close: "\"\"\"#", multiline: true),
            .init(open: "\"\"\"", close: "\"\"\"", multiline: true, interpolation: ("\\(", ")")),
            .init(open: "#\"", close: "\"#", escapes: false),
            .init(open: "\"", close: "\"", interpolation: ("\\(", ")")),
        ],
        decorators: true,
        before: [
            Rule(.sequence([.text("#"), .identifier]), .commentPreprocessor),
        ]
    ).grammar
}
