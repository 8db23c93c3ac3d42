/// What each output file's render read: the fingerprint of the values its template was given
/// (their own part) and the facts it read, with each fact's fingerprint at the time.
struct DependencyRecord: Sendable {
    /// One output's reads.
    struct Reads: Sendable {
        let values: UInt64
        let facts: [Fact]
    }

    var outputs: [String: Reads] = [:]
    var fingerprints: [Fact: UInt64] = [:]

    /// How many outputs are recorded.
    var readCount: Int { outputs.count }

    /// The outputs that read any of `facts`.
    func readers(of facts: Set<Fact>) -> Set<String> {
        Set(outputs.filter { !facts.isDisjoint(with: $0.value.facts) }.keys)
    }
}
