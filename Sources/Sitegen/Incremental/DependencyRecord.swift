/// What each output file's render read: the fingerprint of the values its template was given
/// (their own part) and the facts it read, with each fact's fingerprint at the time.
struct DependencyRecord: Sendable {
    /// One output's reads.
    struct Reads: Sendable {
        let values: UInt64
        let facts: [Fact]
    }

    var outputs: [String: Reads] = [:]
    /// Each fact read, as the outputs saw it: its fingerprint then.
    var seen: [Fact: UInt64] = [:]

    /// How many outputs are recorded.
    var readCount: Int { outputs.count }

    /// Those of `facts` that are not as the outputs saw them (`now` has them as they are).
    func changed(_ facts: [Fact], now: FactValues) -> Set<Fact> {
        Set(facts.filter { seen[$0] != now.fingerprint(of: $0) })
    }

    /// Whether `fact` was seen, and is not as it was.
    func hasChanged(_ fact: Fact, now: FactValues) -> Bool {
        seen[fact].map { $0 != now.fingerprint(of: fact) } ?? false
    }

    /// The outputs that read any of `facts`.
    func readers(of facts: Set<Fact>) -> Set<String> {
        Set(outputs.filter { !facts.isDisjoint(with: $0.value.facts) }.keys)
    }
}
