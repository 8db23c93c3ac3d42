extension Grammars {
    static let html = CFamily().grammar
}
