extension Grammars {
    static let console = CFamily().grammar
}
