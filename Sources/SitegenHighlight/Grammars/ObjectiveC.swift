extension Grammars {
    static let objectivec = CFamily().grammar
}
