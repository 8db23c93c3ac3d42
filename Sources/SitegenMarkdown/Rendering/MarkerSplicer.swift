import Foundation

/// Runs modifiers over HTML whose targeted nodes are bracketed by markers.
///
/// One pass over the rendered document: bytes are copied to the output until a marker; a
/// start marker remembers where the node's HTML begins in the output; the matching end
/// marker cuts that HTML out, runs the target's modifiers on it and writes their result
/// back. Inner nodes end before outer ones, so an outer modifier sees its children already
/// modified.
struct MarkerSplicer {
    let nonce: [UInt8]
    let marked: [MarkedNode]
    let modifiers: [Modifier.Target: [Modifier]]
    let frontMatter: FrontMatter
    /// Lines of the file before the Markdown body (the front matter's).
    let lineOffset: Int

    func splice(_ html: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(html.count + html.count / 8)
        var open: [(id: Int, start: Int)] = []
        var position = 0
        while position < html.count {
            guard let markerStart = firstMarkerByte(in: html, from: position) else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: html[position...]))
                break
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: html[position..<markerStart]))
            guard let (isStart, id, afterMarker) = parseMarker(in: html, at: markerStart) else {
                output.append(html[markerStart])
                position = markerStart + 1
                continue
            }
            position = afterMarker
            let placement = marked[id].placement
            if case .block = placement, position < html.count, html[position] == UInt8(ascii: "\n") {
                position += 1
            }
            if isStart {
                var start = output.count
                if case .paragraph(wrapped: true) = placement, let tag = output.lastIndex(of: UInt8(ascii: "<")) {
                    start = tag
                }
                open.append((id, start))
                continue
            }
            guard let last = open.popLast(), last.id == id else { continue }
            var nodeHTML = Array(output[last.start...])
            output.removeSubrange(last.start...)
            var addsNewline = false
            switch placement {
            case .block:
                if nodeHTML.last == UInt8(ascii: "\n") {
                    nodeHTML.removeLast()
                    addsNewline = true
                }
            case .paragraph(wrapped: true):
                if let close = find(Array("</p>".utf8), in: html, from: position) {
                    nodeHTML.append(contentsOf: html[position..<close + 4])
                    position = close + 4
                }
            case .paragraph, .inline:
                break
            }
            let result = apply(marked[id], html: String(decoding: nodeHTML, as: UTF8.self))
            output.append(contentsOf: result.utf8)
            if addsNewline, !result.isEmpty, !result.hasSuffix("\n") { output.append(UInt8(ascii: "\n")) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func apply(_ node: MarkedNode, html: String) -> String {
        var html = html
        if !node.openingAttributes.isEmpty, html.hasPrefix("<h") {
            html.insert(contentsOf: node.openingAttributes, at: html.index(html.startIndex, offsetBy: 3))
        }
        for modifier in modifiers[node.target, default: []] {
            html = modifier.modify(Modifier.Input(html: html, markdown: node.markdown, node: node.node,
                                                  frontMatter: frontMatter, line: lineOffset + node.line))
        }
        return html
    }

    private func firstMarkerByte(in html: UnsafeBufferPointer<UInt8>, from position: Int) -> Int? {
        // memchr: pages are mostly text between markers.
        guard let base = html.baseAddress, position < html.count,
              let hit = memchr(base + position, Int32(MarkerText.open), html.count - position) else { return nil }
        return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// Reads `\u{2}` nonce kind digits `\u{3}` at `offset`: whether it starts a node, the node's
    /// id, and the offset after the marker. `nil` when the bytes are not one of our markers.
    private func parseMarker(in html: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Bool, Int, Int)? {
        var cursor = offset + 1
        guard cursor + nonce.count + 2 < html.count,
              html[cursor..<cursor + nonce.count].elementsEqual(nonce) else { return nil }
        cursor += nonce.count
        let kind = html[cursor]
        guard kind == MarkerText.startKind || kind == MarkerText.endKind else { return nil }
        cursor += 1
        var id = 0
        var digits = 0
        while cursor < html.count, html[cursor] >= UInt8(ascii: "0"), html[cursor] <= UInt8(ascii: "9") {
            id = id * 10 + Int(html[cursor] - UInt8(ascii: "0"))
            digits += 1
            cursor += 1
        }
        guard digits > 0, cursor < html.count, html[cursor] == MarkerText.close, id < marked.count else { return nil }
        return (kind == MarkerText.startKind, id, cursor + 1)
    }

    private func find(_ needle: [UInt8], in html: UnsafeBufferPointer<UInt8>, from position: Int) -> Int? {
        guard needle.count <= html.count else { return nil }
        var index = position
        while index + needle.count <= html.count {
            if html[index] == needle[0], html[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
