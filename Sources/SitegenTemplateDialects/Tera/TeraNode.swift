/// One piece of a parsed Tera shortcode.
indirect enum TeraNode: Sendable {
    case text(String)
    case output(TeraExpression, line: Int)
    /// `if`/`elif`/`else`: the first branch whose condition holds; a `nil` condition is `else`.
    case branches([(condition: TeraExpression?, body: [TeraNode], line: Int)])
    case loop(TeraLoop)
    case breakLoop
    case continueLoop
    case set(String, TeraExpression, global: Bool, line: Int)
}

struct TeraLoop: Sendable {
    /// `x` in `for x in list`, or `k` and `v` in `for k, v in map`.
    var key: String?
    var value: String
    var collection: TeraExpression
    var body: [TeraNode]
    var otherwise: [TeraNode]?
    var line: Int
}

extension TeraNode {
    /// The line of the tag, for errors.
    var line: Int {
        switch self {
        case .output(_, let line), .set(_, _, _, let line): return line
        case .branches(let branches): return branches.first?.line ?? 1
        case .loop(let loop): return loop.line
        default: return 1
        }
    }
}
