extension Grammars {
    static let yaml = CFamily().grammar
}
