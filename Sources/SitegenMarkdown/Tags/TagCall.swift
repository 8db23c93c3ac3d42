/// A shortcode written in a page, read into a typed call: Hugo's `{{< name args >}}` and
/// `{{% name args %}}`, with or without inner text up to `{{< /name >}}`, and Zola's
/// `{{ name(k=v) }}` and `{% name(k=v) %}…{% end %}`. See ``TagReader``.
package struct TagCall: Sendable, Hashable {
    /// How the call is written, which says how its output is read.
    package enum Form: Sendable, Hashable {
        /// `{{< x >}}`: the output is HTML.
        case hugoHTML
        /// `{{% x %}}`: the output is Markdown, read with the page's.
        case hugoMarkdown
        /// `{{ x() }}` or `{% x() %}…{% end %}`: the output is HTML.
        case zola
    }

    package let form: Form
    package let name: String
    /// Arguments without a name, in order (`{{< youtube abc >}}`).
    package let positional: [String]
    /// Arguments with a name, in order (`{{< figure src="a.png" >}}`, `{{ x(k=v) }}`).
    package let named: [(name: String, value: String)]
    /// The text between the opening and the closing tag, read for tags in turn; `nil` when
    /// the call has no closing tag.
    package let inner: TagText?
    /// The line of the file the opening tag starts on.
    package let line: Int
    /// The call as written, closing tag and all: what a page shows when the call cannot run.
    package let written: String
    /// The spaces before the opening tag when nothing else comes before it on its line, so
    /// that blocks put in its place stay in the list item or quote it is in; `nil` otherwise.
    package let indentation: String?

    /// The value of the argument called `name`, or of the positional argument at `position`.
    package func argument(_ name: String, at position: Int? = nil) -> String? {
        if let value = named.first(where: { $0.name == name })?.value { return value }
        if let position, position < positional.count { return positional[position] }
        return nil
    }

    package static func == (lhs: TagCall, rhs: TagCall) -> Bool {
        lhs.written == rhs.written && lhs.line == rhs.line
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(written)
        hasher.combine(line)
    }
}

/// Text with the calls in it read: the pieces in order.
package struct TagText: Sendable, Hashable {
    package enum Piece: Sendable, Hashable {
        case text(String)
        /// What a `{% raw %}…{% endraw %}` held: text whose tags are meant to show.
        case raw(String)
        case call(TagCall)
    }

    package var pieces: [Piece]
    /// The text as written.
    package let written: String

    /// Whether the text holds a call.
    package var hasCalls: Bool {
        pieces.contains { if case .call = $0 { true } else { false } }
    }
}
