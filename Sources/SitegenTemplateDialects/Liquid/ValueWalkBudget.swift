import SitegenLimits

/// How many values (list items, object members, 64-byte runs of text) one render may still walk
/// to print, compare, encode or filter values.
///
/// A template can build values far larger than its output (`{% assign a = a | push: a %}` in a
/// loop doubles one each time); the walks that would take forever take this budget down
/// instead, and the render stops with a limit error once it is spent.
final class ValueWalkBudget {
    private(set) var remaining: Int

    init(_ values: Int) {
        remaining = values
    }

    /// Takes `count` values; `false` once the budget is spent.
    @discardableResult
    func take(_ count: Int = 1) -> Bool {
        remaining = remaining &- max(0, count)
        return remaining >= 0
    }

    var isSpent: Bool { remaining < 0 }

    /// A limit error once the budget is spent.
    func check(line: Int) throws(DialectError) {
        if isSpent {
            throw DialectError(.limit, line: line,
                               "The template walked more than \(Limits.dialectWalkedValues) values: a value it built is too large.")
        }
    }
}
