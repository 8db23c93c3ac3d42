extension Grammars {
    static let xml = CFamily().grammar
}
