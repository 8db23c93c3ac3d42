extension Grammars {
    static let toml = CFamily().grammar
}
