extension Grammars {
    static let sql = CFamily().grammar
}
