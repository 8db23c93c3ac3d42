extension Grammars {
    static let ruby = CFamily().grammar
}
