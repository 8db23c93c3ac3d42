extension Grammars {
    static let gotemplate = CFamily().grammar
}
