import SitegenTemplates
import SitegenLimits

/// How a theme's templates include each other, checked before anything is rendered, since the
/// template library renders partials and layouts by calling itself: a template that includes
/// itself, or a chain of includes too deep, would overflow the stack and crash the program.
///
/// - A loop of includes none of which is inside a section (`page` → `page`, `a` → `b` → `a`,
///   layouts extending each other) is an error naming the loop.
/// - A loop through a section (`toc-entries` including itself inside `{{#children}}`) is
///   recursion over the data, which ends when the data does; the renderer stops it after
///   ``TemplateLibrary/recursionLimit`` levels with an error naming the loop.
/// - The nesting along any chain of includes, counting sections, blocks and the levels of
///   loops, is at most ``depthLimit``; within one template, at most ``nestingLimit``.
struct TemplateGraph {
    /// One template and what it names.
    struct Template {
        let name: String
        let displayPath: String
        /// Whether it is the theme's own, not the site's `templates/`.
        let fromTheme: Bool
        let text: String
        let tags: TemplateTags
    }

    /// Sections, blocks and layouts open at once within one template.
    static let nestingLimit = Limits.templateNesting
    /// Sections, blocks, layouts and includes along a chain of includes: the renderer calls
    /// itself for each, and 200 leave a wide margin on the smallest thread stacks it runs on.
    static let depthLimit = Limits.templateDepth
    /// The most levels a recursion over the data may go.
    static let recursionLimit = TemplateLibrary.recursionLimit
    /// The most partials one page may open (a loop including itself twice doubles them with each level).
    static let expansionLimit = TemplateLibrary.expansionLimit

    private struct Edge {
        let from: Int
        let to: Int
        /// Nesting the include adds: the sections around it and the include itself.
        let weight: Int
        let isInsideSection: Bool
        let reference: TemplateTags.Reference
    }

    private let templates: [Template]
    private let edges: [[Edge]]

    /// The graph of `templates`, whose references are all known names (see ``referenceErrors(_:)``).
    init(_ templates: [Template]) {
        let sorted = templates.sorted { $0.name < $1.name }
        let index = Dictionary(sorted.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.templates = sorted
        edges = sorted.enumerated().map { from, template in
            template.tags.references.compactMap { reference in
                index[reference.name].map {
                    Edge(from: from, to: $0, weight: reference.depth + 1, isInsideSection: reference.isInsideSection, reference: reference)
                }
            }
        }
    }

    // MARK: Checks

    /// Partials and layouts that name no template, name none at all, or are named by the data.
    static func referenceErrors(_ templates: [Template]) -> [SiteError] {
        let names = Set(templates.map(\.name))
        var errors: [SiteError] = []
        for template in templates {
            for reference in template.tags.references {
                let kind = reference.kind == .partial ? "partial" : "layout"
                let tag = reference.kind == .partial ? "{{> " : "{{<"
                if reference.isDynamic {
                    errors.append(SiteError(file: template.displayPath, line: reference.line,
                                            "\(tag)*\(reference.name)}}: a \(kind) named by the data is not supported; name the template, as in \(tag)header}}"))
                } else if reference.name.isEmpty {
                    errors.append(SiteError(file: template.displayPath, line: reference.line,
                                            "\(tag)}} names no \(kind); write the template's name, as in \(tag)header}}"))
                } else if !names.contains(reference.name) {
                    errors.append(SiteError(file: template.displayPath, line: reference.line,
                                            "unknown \(kind) '\(reference.name)': add templates/\(reference.name).mustache or fix the name"))
                }
            }
        }
        return errors
    }

    /// Each loop of includes that no section interrupts: the template would include itself forever.
    func loopErrors() -> [SiteError] {
        let outside = edges.map { $0.filter { !$0.isInsideSection } }
        return Self.components(count: templates.count, edges: outside).compactMap { component in
            guard let loop = loop(in: component, edges: outside) else { return nil }
            let first = loop[0].reference
            let kinds = Set(loop.map(\.reference.kind))
            let what = kinds == [.layout] ? "recursive layouts" : kinds == [.partial] ? "recursive partials" : "recursive partials and layouts"
            return SiteError(file: templates[loop[0].from].displayPath, line: first.line,
                             "\(what): \(chain(loop)); a template cannot include itself except inside a section that walks into a list, as {{#children}}{{> entries}}{{/children}} does")
        }
    }

    /// The deepest chain of includes, when it nests more than ``depthLimit`` levels.
    func depthErrors() -> [SiteError] {
        let components = Self.components(count: templates.count, edges: edges)
        var componentOf = [Int](repeating: 0, count: templates.count)
        for (index, component) in components.enumerated() { for node in component { componentOf[node] = index } }
        // Components come sinks first, so what an edge leads to is known before it is needed.
        var deepest = [Int](repeating: 0, count: components.count)
        var next = [Edge?](repeating: nil, count: components.count)
        for (index, component) in components.enumerated() {
            var best = component.map { templates[$0].tags.depth }.max() ?? 0
            for node in component {
                for edge in edges[node] where componentOf[edge.to] != index {
                    let depth = edge.weight + deepest[componentOf[edge.to]]
                    if depth > best {
                        best = depth
                        next[index] = edge
                    }
                }
            }
            let (levels, weight) = recursion(of: component)
            deepest[index] = best + levels * weight
        }
        guard let top = deepest.indices.max(by: { deepest[$0] < deepest[$1] }), deepest[top] > Self.depthLimit else { return [] }
        var path: [Edge] = []
        var component = top
        while let edge = next[component] {
            path.append(edge)
            component = componentOf[edge.to]
        }
        let start = path.first?.from ?? components[top][0]
        var names = [templates[start].name] + path.map { templates[$0.to].name }
        if names.count > 6 { names = names.prefix(3) + ["…"] + names.suffix(2) }
        return [SiteError(file: templates[start].displayPath, line: path.first?.reference.line,
                          "templates nest more than \(Self.depthLimit) levels deep, counting the sections in them: \(names.joined(separator: " → ")); include fewer templates inside each other")]
    }

    // MARK: Recursion over data

    /// How many levels a component's recursion is unrolled to (0 when it has no loop), and the
    /// nesting one level adds.
    private func recursion(of component: [Int]) -> (levels: Int, weight: Int) {
        let members = Set(component)
        let inner = component.map { node in edges[node].filter { members.contains($0.to) }.map(\.weight).max() ?? 0 }
        guard inner.contains(where: { $0 > 0 }) else { return (0, 0) }
        let weight = inner.reduce(0, +)
        var levels = min(Self.recursionLimit, max(4, Self.depthLimit / 2 / weight))
        // A template that includes the loop several times renders branching^levels copies:
        // fewer levels, so that the copies stay under expansionLimit.
        let branching = component.map { node in edges[node].filter { members.contains($0.to) }.count }.max() ?? 1
        if branching > 1 {
            var copies = 1
            var affordable = 0
            while affordable < levels, copies <= Self.expansionLimit / branching {
                copies *= branching
                affordable += 1
            }
            levels = max(1, affordable)
        }
        return (levels, weight)
    }

    // MARK: Graph walks

    /// A loop through `component` along `edges`, from its first template (the site's own before
    /// the theme's, then by name); `nil` when the component has none.
    private func loop(in component: [Int], edges: [[Edge]]) -> [Edge]? {
        let members = Set(component)
        guard let start = component.min(by: { preferred($0, over: $1) }) else { return nil }
        // Breadth first: the shortest loop.
        var reachedBy: [Int: Edge] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] where members.contains(edge.to) {
                if edge.to == start {
                    var loop = [edge]
                    var current = node
                    while current != start, let previous = reachedBy[current] {
                        loop.insert(previous, at: 0)
                        current = previous.from
                    }
                    return loop
                }
                if reachedBy[edge.to] == nil {
                    reachedBy[edge.to] = edge
                    queue.append(edge.to)
                }
            }
        }
        return nil
    }

    private func preferred(_ node: Int, over other: Int) -> Bool {
        (templates[node].fromTheme ? 1 : 0, templates[node].name) < (templates[other].fromTheme ? 1 : 0, templates[other].name)
    }

    /// `a → b → a`.
    private func chain(_ loop: [Edge]) -> String {
        ([templates[loop[0].from].name] + loop.map { templates[$0.to].name }).joined(separator: " → ")
    }

    /// The strongly connected components of a graph (Tarjan's algorithm, without recursion),
    /// each before any component that leads to it.
    private static func components(count: Int, edges: [[Edge]]) -> [[Int]] {
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var counter = 0
        for root in 0..<count where order[root] == -1 {
            var work: [(node: Int, next: Int)] = [(root, 0)]
            order[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (node, next) = work.last {
                if next < edges[node].count {
                    work[work.count - 1].next += 1
                    let target = edges[node][next].to
                    if order[target] == -1 {
                        order[target] = counter
                        low[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack[target] = true
                        work.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
                    if low[node] == order[node] {
                        var component: [Int] = []
                        while let member = stack.popLast() {
                            onStack[member] = false
                            component.append(member)
                            if member == node { break }
                        }
                        components.append(component.sorted())
                    }
                }
            }
        }
        return components
    }
}
