extension Grammars {
    static let jinja = CFamily().grammar
}
