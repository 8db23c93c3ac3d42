/// Names made URL-safe the ways Jekyll's permalink placeholders make them, from its documented
/// rules: `:slug` and `:name` keep letters and digits only, lower-cased (`Hello, World!` →
/// `hello-world`); `:title` also keeps the characters a URL path allows (`._~!$&'()+,;=@`)
/// and the letters' case.
enum JekyllSlug {
    /// Which characters besides letters and digits a slug keeps.
    enum Mode {
        /// Letters and digits only.
        case plain
        /// Also `._~!$&'()+,;=@`.
        case pretty
    }

    private static let prettyKept: Set<Character> = [".", "_", "~", "!", "$", "&", "'", "(", ")", "+", ",", ";", "=", "@"]

    /// `text` with every run of other characters made one `-`, without `-` at either end.
    static func make(_ text: String, mode: Mode, cased: Bool) -> String {
        var result = ""
        var pendingHyphen = false
        for character in text {
            let kept = character.isLetter || character.isNumber || (mode == .pretty && prettyKept.contains(character))
            if kept {
                if pendingHyphen && !result.isEmpty { result.append("-") }
                pendingHyphen = false
                result.append(cased ? String(character) : character.lowercased())
            } else {
                pendingHyphen = true
            }
        }
        return result
    }

    /// The title Jekyll gives a document without one, of its file's name without date and
    /// extension: each word between `-` with its first letter capital and the rest small, as
    /// Ruby's `capitalize` makes it (`welcome-to-jekyll` → `Welcome To Jekyll`, `my-API` → `My Api`).
    static func title(ofSlug slug: String) -> String {
        var slug = Substring(slug)
        while slug.hasSuffix(".") { slug.removeLast() }
        return slug.split(separator: "-", omittingEmptySubsequences: false).map { word in
            guard let first = word.first else { return "" }
            return first.uppercased() + word.dropFirst().lowercased()
        }.joined(separator: " ")
    }
}
