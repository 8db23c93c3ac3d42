import SitegenTemplates

/// An expression in a Tera shortcode: values, `a.b[c]`, math, comparisons, `~`, filters with
/// named arguments, `is` tests and function calls.
indirect enum TeraExpression: Sendable {
    case literal(TemplateValue)
    case array([TeraExpression])
    case variable(String)
    case member(TeraExpression, String)
    case index(TeraExpression, TeraExpression)
    case not(TeraExpression)
    case negate(TeraExpression)
    case binary(TeraOperator, TeraExpression, TeraExpression)
    case filter(TeraExpression, name: String, arguments: [(String, TeraExpression)], line: Int)
    case test(TeraExpression, name: String, arguments: [TeraExpression], negated: Bool, line: Int)
    case call(name: String, arguments: [(String, TeraExpression)], line: Int)

    /// Whether the value is written as it is rather than HTML-escaped: the last filter is `safe`.
    var isMarkedSafe: Bool {
        if case .filter(_, let name, _, _) = self { return name == "safe" }
        return false
    }
}

enum TeraOperator: String, Sendable {
    case or, and, `in`, notIn = "not in"
    case equal = "==", notEqual = "!=", less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case plus = "+", minus = "-", times = "*", divide = "/", modulo = "%", concatenate = "~"
}
