extension Grammars {
    static let liquid = CFamily().grammar
}
