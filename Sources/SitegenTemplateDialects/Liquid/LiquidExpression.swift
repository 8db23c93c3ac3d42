import SitegenTemplates

/// An expression in a Liquid tag or output: a literal, a variable path, a comparison, and the
/// filters applied to it.
indirect enum LiquidExpression: Sendable {
    case literal(TemplateValue)
    /// `empty` and `blank`, which only mean something compared with `==` and `!=`.
    case emptiness(blank: Bool)
    /// `["a", "b"]` (Nunjucks).
    case list([LiquidExpression])
    case variable(String)
    case member(LiquidExpression, String)
    case index(LiquidExpression, LiquidExpression)
    case range(LiquidExpression, LiquidExpression)
    case not(LiquidExpression)
    case binary(LiquidOperator, LiquidExpression, LiquidExpression)
    case filtered(LiquidExpression, [LiquidFilterCall])
}

enum LiquidOperator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case contains, and, or, `in`
    case plus = "+", minus = "-", times = "*", divide = "/", modulo = "%", concatenate = "~"
}

/// `| name: argument, key: value`.
struct LiquidFilterCall: Sendable {
    var name: String
    var arguments: [LiquidExpression]
    var keywords: [(String, LiquidExpression)]
    var line: Int
}
