/// What a built-in makes of a call.
enum ShortcodeOutput {
    /// Markdown read with the page's.
    case markdown(String)
    /// HTML kept aside.
    case html(String)
    /// HTML around the call's inner Markdown.
    case block(opening: String, closing: String)
    /// Nothing (a comment).
    case nothing
    /// The call is not one the built-in draws: why (it lacks what the built-in needs).
    case refused(String)
}
