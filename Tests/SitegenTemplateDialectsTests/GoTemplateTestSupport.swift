import SitegenTemplates
@testable import SitegenTemplateDialects

/// Renders `source` as a Hugo shortcode for `call` (a call of `test` without arguments by default).
func renderShortcode(_ source: String, _ call: HugoShortcodeCall = HugoShortcodeCall(name: "test")) throws(DialectError) -> String {
    try HugoShortcodeTemplate(source).render(call)
}

/// The error parsing `source` throws, or `nil` when it parses.
func parseError(_ source: String) -> DialectError? {
    do {
        _ = try HugoShortcodeTemplate(source)
        return nil
    } catch {
        return error
    }
}

/// The error rendering `source` throws (parsing must succeed), or `nil` when it renders.
func renderError(_ source: String, _ call: HugoShortcodeCall = HugoShortcodeCall(name: "test")) -> DialectError? {
    do {
        _ = try renderShortcode(source, call)
        return nil
    } catch {
        return error
    }
}

/// A call with positional arguments.
func positional(_ arguments: String..., inner: String? = nil) -> HugoShortcodeCall {
    HugoShortcodeCall(name: "test", positional: arguments, inner: inner)
}

/// A call with named arguments.
func named(_ arguments: [String: String], inner: String? = nil) -> HugoShortcodeCall {
    HugoShortcodeCall(name: "test", named: arguments, inner: inner)
}
