import SitegenTemplates

/// The ``RenderingMemory`` of a live build: parses come from and go to the ``BuildMemory``,
/// what each output read to and from the ``OutputPlan``.
struct LiveRendering: RenderingMemory {
    let memory: BuildMemory
    let plan: OutputPlan

    var isRecording: Bool { plan.isRecording }
    var mayNarrow: Bool { plan.mayNarrow }

    func changedTargets(_ targets: [String: String]) -> Set<String> {
        memory.changedTargets(targets)
    }

    func parsed(_ pages: [Page], changedTargets: Set<String>) -> [ParsedPage?] {
        memory.parsed(pages, changedTargets: changedTargets)
    }

    func remember(_ parsed: [ParsedPage], targets: [String: String]) {
        memory.keep(parsed: parsed, targets: targets)
    }

    func settles(_ path: String) -> Bool {
        plan.settles(path)
    }

    func narrowed(_ site: RenderedSite, facts: FactValues) -> [Int]? {
        plan.narrow(to: site, facts: facts, edits: memory.edits)
    }

    func decide(_ path: String, _ values: TemplateValue, facts: FactValues?, codeReads: Set<Fact>) -> RenderDecision {
        plan.decide(path, values, facts: facts, codeReads: codeReads)
    }
}
