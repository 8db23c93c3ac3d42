extension Grammars {
    static let java = CFamily().grammar
}
