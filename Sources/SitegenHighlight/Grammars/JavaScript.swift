extension Grammars {
    static let javascript = CFamily().grammar
}
