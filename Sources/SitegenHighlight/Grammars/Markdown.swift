extension Grammars {
    static let markdown = CFamily().grammar
}
