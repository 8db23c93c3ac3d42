import CCmarkGFM

/// Makes cmark-gfm's parsers safe to finish on many threads at once, without a lock; read it
/// once before any parser is made (a Swift lazy global: run once, thread-safely).
///
/// In cmark-gfm 0.29.0.gfm.6, `cmark_parser_finish` adds each attached extension's trigger
/// characters to process-wide tables (inlines.c: `SPECIAL_CHARS`, and `SKIP_CHARS` for an
/// extension marked as emphasis) and removes them when it is done, so a parser finishing on
/// another thread could miss autolinks or strikethrough (github/cmark-gfm PR #176). Here the
/// trigger characters are added once and for good, and no extension lists them any more, so
/// no parser removes them (a trigger character met where no extension matches is read as text):
/// - autolink's `:` and `w`: autolink finds its matches without the list.
/// - strikethrough's `~`: the inline parser finds the extension that closes a delimiter by
///   looking for the delimiter's byte in the extensions' lists, so strikethrough lists a
///   stand-in byte (``CmarkLibrary/strikethroughStandIn``) instead of `~`, its match function
///   is wrapped to mark the `~` delimiters it pushes with the stand-in, and it is no longer
///   marked as emphasis (so the stand-in never enters `SKIP_CHARS`). When parsers add and
///   remove the stand-in, a text run may be split at that byte, and cmark joins adjacent text
///   again before it returns the document: the output is the same.
///
/// The extension objects are changed in place (through the layout in cmark-gfm's own
/// `syntax_extension.h`, which Debian installs with the library), so every parser of the
/// process that attaches them, ours or not, parses the same way. Registering the core
/// extensions happens here too (the C guard is a plain flag).
package let cmarkLibraryReady: Void = {
    cmark_gfm_core_extensions_ensure_registered()
    guard let primer = cmark_parser_new(CMARK_OPT_DEFAULT) else { return }
    let autolink = cmark_find_syntax_extension(MarkdownParser.Extension.autolink.rawValue)
    let strikethrough = cmark_find_syntax_extension(MarkdownParser.Extension.strikethrough.rawValue)
    for syntaxExtension in [autolink, strikethrough].compactMap({ $0 }) {
        cmark_parser_attach_syntax_extension(primer, syntaxExtension)
    }
    cmark_manage_extensions_special_characters(primer, 1)
    cmark_parser_free(primer)
    if let autolink { cmark_syntax_extension_set_special_inline_chars(autolink, nil) }
    if let strikethrough { CmarkLibrary.markStrikethroughWithStandIn(strikethrough) }
}()

/// The process-wide changes ``cmarkLibraryReady`` makes to cmark-gfm's extensions.
enum CmarkLibrary {
    /// The byte strikethrough's delimiters carry instead of `~`: a control character that no
    /// extension matches and that Markdown gives no meaning (below 128, as cmark's tables of
    /// delimiters require).
    static let strikethroughStandIn: UInt8 = 0x01

    /// Lists the stand-in as strikethrough's trigger byte and wraps its match function (kept
    /// in the extension's private pointer, which strikethrough does not use) so that the `~`
    /// delimiters it pushes carry the stand-in.
    fileprivate static func markStrikethroughWithStandIn(_ strikethrough: UnsafeMutablePointer<cmark_syntax_extension>) {
        guard strikethrough.pointee.priv == nil, strikethrough.pointee.match_inline != nil else { return }
        strikethrough.pointee.priv = unsafeBitCast(strikethrough.pointee.match_inline, to: UnsafeMutableRawPointer?.self)
        strikethrough.pointee.match_inline = { syntaxExtension, parser, parent, character, inlineParser in
            guard let syntaxExtension,
                  let match = unsafeBitCast(syntaxExtension.pointee.priv, to: cmark_match_inline_func?.self),
                  let node = match(syntaxExtension, parser, parent, character, inlineParser) else { return nil }
            if let delimiter = cmark_inline_parser_get_last_delimiter(inlineParser), delimiter.pointee.inl_text == node {
                delimiter.pointee.delim_char = CmarkLibrary.strikethroughStandIn
            }
            return node
        }
        let standIn = UnsafeMutableRawPointer(bitPattern: UInt(strikethroughStandIn))
        cmark_syntax_extension_set_special_inline_chars(strikethrough, cmark_llist_append(cmark_get_default_mem_allocator(), nil, standIn))
        cmark_syntax_extension_set_emphasis(strikethrough, 0)
    }
}
