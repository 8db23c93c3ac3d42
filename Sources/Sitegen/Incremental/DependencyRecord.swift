/// What each output file's render read: the fingerprint of the values its template was given
/// (their own part) and the facts it read, with each fact's fingerprint at the time; and, for
/// each fact, the outputs that read it.
struct DependencyRecord: Sendable {
    /// One output's reads.
    struct Reads: Sendable {
        let values: UInt64
        let facts: [Fact]
    }

    private(set) var outputs: [String: Reads] = [:]
    /// Every fact the record knows, in the order it came to know them: a build cache keeps
    /// them in this order, and each output's facts by their place here.
    private(set) var factTable: [Fact] = []
    /// The fingerprint of each fact of ``factTable`` as the outputs saw it, by place (`nil`: not seen).
    private var fingerprints: [UInt64?] = []
    /// The place of each fact in ``factTable``.
    private var places: [Fact: Int] = [:]
    /// The outputs that read each fact; `nil` in a record read from a build cache, which is
    /// asked once and looks through ``outputs`` instead of making the index.
    private var readers: [Fact: Set<String>]? = [:]

    /// The bytes a build cache held this record in, and where each output's entry is in them:
    /// an entry is written again as it is while that output's reads stay the ones read from it
    /// (it names its facts by their places in ``factTable``, which only grows).
    private var kept: (bytes: [UInt8], entries: [String: Range<Int>])?

    /// How many outputs are recorded.
    var readCount: Int { outputs.count }

    /// Records what the output at `path` read (`nil`: it is gone), keeping ``readers`` in step.
    mutating func set(_ path: String, _ reads: Reads?) {
        kept?.entries[path] = nil
        guard readers != nil else {
            outputs[path] = reads
            return
        }
        for fact in outputs[path]?.facts ?? [] {
            readers![fact]?.remove(path)
            if readers![fact]?.isEmpty == true { readers![fact] = nil }
        }
        outputs[path] = reads
        for fact in reads?.facts ?? [] { readers![fact, default: []].insert(path) }
    }

    /// A record of `outputs`, the table of facts `facts` and their `fingerprints` (by place)
    /// as a build cache kept them, without the index of readers (see ``readers(of:)``);
    /// `entries`: where each output's entry is in `bytes`, the cache's.
    init(outputs: [String: Reads], facts: [Fact], fingerprints: [UInt64?], bytes: [UInt8], entries: [String: Range<Int>]) {
        self.outputs = outputs
        factTable = facts
        self.fingerprints = fingerprints
        places = Dictionary(facts.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        readers = nil
        kept = (bytes, entries)
    }

    /// The fingerprint of `fact` as the outputs saw it; `nil` when none read it.
    func seen(_ fact: Fact) -> UInt64? {
        places[fact].flatMap { fingerprints[$0] }
    }

    /// Notes that the outputs saw `fact` with `fingerprint` (`nil`: it is known, not seen).
    mutating func see(_ fact: Fact, _ fingerprint: UInt64?) {
        // Looked up once: a fact not known yet gets the next place as it is looked for.
        let next = factTable.count
        let place = Self.value(&places[fact, default: next])
        if place == next {
            factTable.append(fact)
            fingerprints.append(fingerprint)
        } else {
            fingerprints[place] = fingerprint
        }
    }

    private static func value(_ place: inout Int) -> Int {
        place
    }

    /// The place of `fact` in ``factTable``, if it is there.
    func place(of fact: Fact) -> Int? {
        places[fact]
    }

    /// The fingerprint of the fact at `place` in ``factTable``.
    func fingerprint(at place: Int) -> UInt64? {
        fingerprints[place]
    }

    /// The output's entry as the build cache this record was read from held it, while its
    /// reads are still those.
    func keptEntry(of path: String) -> ArraySlice<UInt8>? {
        guard let kept, let range = kept.entries[path] else { return nil }
        return kept.bytes[range]
    }

    init() {}

    /// Records what the outputs of a build read (``OutputPlan/reads()``).
    mutating func apply(_ reads: OutputPlan.Reads) {
        for (path, read, seen) in reads {
            set(path, read)
            for (fact, fingerprint) in seen { see(fact, fingerprint) }
        }
    }

    /// Keeps only the outputs for which `kept` is true.
    mutating func keepOnly(where kept: (String) -> Bool) {
        for path in outputs.keys where !kept(path) { set(path, nil) }
    }

    /// Those of `facts` that are not as the outputs saw them (`now` has them as they are).
    func changed(_ facts: [Fact], now: FactValues) -> Set<Fact> {
        Set(facts.filter { seen($0) != now.fingerprint(of: $0) })
    }

    /// Whether `fact` was seen, and is not as it was.
    func hasChanged(_ fact: Fact, now: FactValues) -> Bool {
        seen(fact).map { $0 != now.fingerprint(of: fact) } ?? false
    }

    /// The outputs that read any of `facts`.
    func readers(of facts: Set<Fact>) -> Set<String> {
        guard let readers else {
            var found: Set<String> = []
            // A page edit asks for a few facts: compared, they are found sooner than hashed, in each of the many read.
            if facts.count <= 8 {
                let few = Array(facts)
                for (path, reads) in outputs where reads.facts.contains(where: few.contains) { found.insert(path) }
            } else {
                for (path, reads) in outputs where reads.facts.contains(where: facts.contains) { found.insert(path) }
            }
            return found
        }
        return facts.reduce(into: Set<String>()) { $0.formUnion(readers[$1] ?? []) }
    }
}
