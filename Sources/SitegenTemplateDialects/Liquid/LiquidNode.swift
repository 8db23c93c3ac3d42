import SitegenTemplates

/// One piece of a parsed Liquid template.
indirect enum LiquidNode: Sendable {
    case text(String)
    case output(LiquidExpression, line: Int)
    /// `if`/`elsif`/`else` and `unless` (its condition negated): the first branch whose
    /// condition holds renders; a `nil` condition is `else`.
    case branches([LiquidBranch])
    case caseOf(LiquidExpression, whens: [([LiquidExpression], [LiquidNode])], otherwise: [LiquidNode]?)
    case loop(LiquidLoop)
    case breakLoop
    case continueLoop
    case assign(String, LiquidExpression, line: Int)
    case capture(String, [LiquidNode])
    case increment(String, by: Int)
    case cycle(group: String, values: [LiquidExpression])
    case include(LiquidInclude)
    case highlight(language: String, options: String, body: [LiquidNode], line: Int)
    /// A tag the site's environment renders (`post_url`, `seo`, an Eleventy shortcode).
    case custom(name: String, argument: String, line: Int)
    /// A paired tag the environment renders with its rendered body (`{% callout %}…{% endcallout %}`).
    case customBlock(name: String, argument: String, body: [LiquidNode], line: Int)
}

struct LiquidBranch: Sendable {
    var condition: LiquidExpression?
    var body: [LiquidNode]
    var line: Int
}

struct LiquidLoop: Sendable {
    var variables: [String]
    var collection: LiquidExpression
    var limit: LiquidExpression?
    var offset: LiquidExpression?
    var reversed: Bool
    var body: [LiquidNode]
    var otherwise: [LiquidNode]?
    var line: Int
}

struct LiquidInclude: Sendable {
    /// The file's name: text, or text with outputs (`{% include icons/{{ name }}.svg %}`).
    var name: [LiquidNode]
    var parameters: [(String, LiquidExpression)]
    var line: Int
    /// Jekyll's `include_relative`: the file is found from the page's folder.
    var isRelative = false
    /// jekyll-include-cache's `include_cached`: its output is made once for each name and
    /// parameters (``LiquidEnvironment/includeCache``).
    var isCached = false
}

extension LiquidNode {
    /// The line of the tag, for nodes that keep it.
    var line: Int? {
        switch self {
        case .output(_, let line), .highlight(_, _, _, let line), .custom(_, _, let line), .customBlock(_, _, _, let line):
            return line
        case .loop(let loop): return loop.line
        case .include(let include): return include.line
        case .assign(_, _, let line): return line
        default: return nil
        }
    }
}
