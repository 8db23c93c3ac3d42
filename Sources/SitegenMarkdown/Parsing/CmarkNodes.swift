import CCmarkGFM

/// The few kinds of node sitegen adds to cmark's tree, and C strings read back as Swift text.
enum CmarkNodes {
    /// A text node: cmark escapes it when it renders.
    static func text(_ literal: String) -> OpaquePointer {
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_TEXT)
        cmark_node_set_literal(node, literal)
        return node
    }

    /// Raw HTML among inline nodes, written as it is.
    static func inlineHTML(_ html: String) -> OpaquePointer {
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)
        cmark_node_set_on_enter(node, html)
        return node
    }

    /// A block written as `opening`, its children, then `closing` (each on a line of its own
    /// when not empty).
    static func block(opening: String, closing: String = "") -> OpaquePointer {
        let node: OpaquePointer = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
        if !opening.isEmpty { cmark_node_set_on_enter(node, opening) }
        if !closing.isEmpty { cmark_node_set_on_exit(node, closing) }
        return node
    }
}

/// A C string as Swift text; `""` for none.
func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}
