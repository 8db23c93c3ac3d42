/// A callout: a quote that starts with a GitHub alert marker (`> [!NOTE]`), or a container as
/// Docusaurus, Starlight and VitePress write them (`:::tip` … `:::`). Rendered as GitHub renders
/// alerts: `<div class="markdown-alert markdown-alert-note">`, a title paragraph
/// (`<p class="markdown-alert-title">`) with an icon, then the content.
public struct Alert: Sendable, Hashable {
    /// The five kinds GitHub knows.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case note, tip, important, warning, caution

        /// The title shown when none is given: `Note`, `Tip`, `Important`, `Warning`, `Caution`.
        public var title: String {
            rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }

        /// The kind a marker or container names, case-insensitively: the five kinds, and the
        /// other generators' names for them (`info` is a note, `danger` a caution, `success`
        /// a tip); `nil` for any other name.
        public init?(named name: some StringProtocol) {
            switch name.lowercased() {
            case "note", "info": self = .note
            case "tip", "success", "hint": self = .tip
            case "important": self = .important
            case "warning": self = .warning
            case "caution", "danger", "error": self = .caution
            default: return nil
            }
        }

        /// The kind of a callout type of Obsidian, Docsy or MkDocs (`abstract`, `faq`, `bug`,
        /// `nb`…): a name ``init(named:)`` knows, else `failure`, `fail`, `missing`, `bug` →
        /// caution, `check`, `done` → tip, `attention` → warning, `nb` → important,
        /// and the others of ``calloutTypes`` notes; `nil` for a word that names no type.
        package init?(calloutType type: some StringProtocol) {
            let name = type.lowercased()
            if let kind = Kind(named: name) {
                self = kind
                return
            }
            guard Self.calloutTypes.contains(name) else { return nil }
            switch name {
            case "failure", "fail", "missing", "bug": self = .caution
            case "check", "done": self = .tip
            case "attention": self = .warning
            case "nb": self = .important
            default: self = .note
            }
        }

        /// The callout types of Obsidian, Docsy and MkDocs beyond the five and ``init(named:)``'s.
        package static let calloutTypes: Set<String> = [
            "abstract", "summary", "tldr", "todo", "question", "help", "faq", "example", "quote", "cite", "check", "done",
            "failure", "fail", "missing", "bug", "attention", "nb", "primary", "secondary",
        ]
    }

    /// What kind of callout it is.
    public let kind: Kind
    /// The title written after the marker (`> [!TIP] Faster builds`, `:::tip Faster builds`,
    /// `:::tip[Faster builds]`), as plain text; `nil` when none is given and the kind's own title
    /// shows.
    public let title: String?

    /// An alert of `kind`, titled `title` (or the kind's title).
    public init(kind: Kind, title: String? = nil) {
        self.kind = kind
        self.title = title
    }
}

extension Alert {
    /// The HTML that opens an alert of `kind` with its title paragraph (icon and `titleHTML`),
    /// as alerts written in Markdown open; `</div>` closes it.
    package static func openingHTML(_ kind: Kind, titleHTML: String) -> String {
        "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\">\n<p class=\"markdown-alert-title\">"
            + AlertBlocks.icon(kind) + titleHTML + "</p>\n"
    }
}
