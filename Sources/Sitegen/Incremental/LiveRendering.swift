/// The ``RenderingMemory`` of a live build: parses come from and go to the ``BuildMemory``,
/// the facts each output reads to and from the ``OutputPlan``.
struct LiveRendering: RenderingMemory {
    let memory: BuildMemory
    let plan: OutputPlan

    var isRecording: Bool { plan.isRecording }

    func changedTargets(_ targets: [String: String]) -> Set<String> {
        memory.changedTargets(targets)
    }

    func parsed(_ page: Page, changedTargets: Set<String>) -> ParsedPage? {
        memory.parsed(page, changedTargets: changedTargets)
    }

    func remember(_ parsed: [ParsedPage], targets: [String: String]) {
        let gone = memory.keep(parsed: parsed, targets: targets)
        plan.remove(gone.flatMap { [Dependency.page($0), .listing($0), .neighbours($0)] })
    }

    func set(_ fact: Dependency, _ fingerprint: @autoclosure () -> Int) {
        plan.set(fact, fingerprint())
    }

    func set(_ fingerprints: [(Dependency, Int)]) {
        plan.set(fingerprints)
    }

    func needsRendering(_ path: String, reading facts: @autoclosure () -> Set<Dependency>) -> Bool {
        plan.needsRendering(path, reading: facts())
    }
}
