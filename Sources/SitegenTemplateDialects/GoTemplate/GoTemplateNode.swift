/// One piece of a parsed Go template: text, an action, or a block with its body.
indirect enum GoTemplateNode: Sendable {
    case text(String, line: Int)
    /// `{{ pipeline }}`: printed unless it declares or assigns a variable.
    case action(GoPipeline)
    /// `if` and `with`, with their `else if` / `else with` branches and the last `else`.
    case conditional([GoBranch], otherwise: [GoTemplateNode]?)
    case range(GoRange)
    case breakLoop(line: Int)
    case continueLoop(line: Int)
}

/// One `if`, `with`, `else if` or `else with` branch.
struct GoBranch: Sendable {
    /// `with` sets the dot to the value; `if` leaves it.
    var setsDot: Bool
    var condition: GoPipeline
    var body: [GoTemplateNode]
}

/// `{{ range $i, $e := pipeline }} body {{ else }} otherwise {{ end }}`.
struct GoRange: Sendable {
    var pipeline: GoPipeline
    var body: [GoTemplateNode]
    var otherwise: [GoTemplateNode]?
}

/// Commands joined by `|`, maybe declaring (`$x :=`) or assigning (`$x =`) variables.
struct GoPipeline: Sendable {
    var variables: [String] = []
    var isAssignment = false
    var commands: [GoCommand]
    var line: Int
}

/// A function or method and its arguments; a piped value comes as the last argument.
struct GoCommand: Sendable {
    var operands: [GoOperand]
    var line: Int
}

/// One word of a command.
indirect enum GoOperand: Sendable {
    /// A function name such as `printf` or `strings.Contains`.
    case function(String)
    /// `.`, `.A.B`.
    case field([String])
    /// `$`, `$x`, `$x.A.B`.
    case variable(String, fields: [String])
    /// `(pipeline)` and `(pipeline).A.B`.
    case parenthesized(GoPipeline, fields: [String])
    case literal(GoValue)
}
