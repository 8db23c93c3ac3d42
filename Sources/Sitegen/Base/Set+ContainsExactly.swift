extension Set<String> {
    /// Whether the set holds `text` byte for byte. Swift's `contains` takes canonically
    /// equivalent text as equal (`é`, and `e` then U+0301), which a file system keeps as two
    /// names: a name read from a folder is matched with this, so that a file of the user's is
    /// never taken for sitegen's one of the other form.
    func containsExactly(_ text: String) -> Bool {
        guard let index = firstIndex(of: text) else { return false }
        return self[index].utf8.elementsEqual(text.utf8)
    }
}
