/// One name in a folder of a ``SiteSource``, and whether it is a file or a folder.
public struct SiteSourceEntry: Sendable, Hashable {
    /// What an entry is.
    public enum Kind: Sendable, Hashable {
        /// A file, read with ``SiteSource/contents(of:maximumSize:)``.
        case file
        /// A folder, listed with ``SiteSource/entries(in:)``.
        case folder
    }

    /// The name, without the folder's path: `hello.md`, `posts`.
    public let name: String
    /// Whether it is a file or a folder.
    public let kind: Kind

    /// An entry named `name`.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}
