/// The grammar of HTML, and of XML, which has no `<script>` or `<style>` to embed and, as in
/// Pygments, gives its tags' brackets the tag's class.
///
/// In HTML the code of a `<script>` is lexed as JavaScript and that of a `<style>` as CSS, up
/// to the closing tag (or the end of the code when there is none).
struct Markup {
    var html = true

    static let nameSet = ByteSet("a-zA-Z0-9_:.-").union(.nonASCII)
    static let name = Pattern.run(nameSet)
    static let optionalWhitespace = Pattern.optional(.run(.whitespace))

    var grammar: Grammar {
        let space = Markup.optionalWhitespace
        let special: [Rule] = [
            Rule(.sequence([.text("&"), .optional(.run(ByteSet(" \t\r\n;<&").inverted)), .text(";")]), .nameEntity),
            Rule(.delimited(open: Array("<![CDATA[".utf8), close: Array("]]>".utf8), escape: nil, nests: false, singleLine: false),
                 .commentPreprocessor),
            Rule(.delimited(open: Array("<!--".utf8), close: Array("-->".utf8), escape: nil, nests: false, singleLine: false),
                 .commentMultiline),
            Rule(.delimited(open: Array("<?".utf8), close: Array("?>".utf8), escape: nil, nests: false, singleLine: false),
                 .commentPreprocessor),
            Rule(.delimited(open: Array("<!".utf8), close: Array(">".utf8), escape: nil, nests: false, singleLine: false),
                 .commentPreprocessor),
        ]
        let attribute: [(String, [Rule])] = [
            ("attribute", [
                Rule(.run(.whitespace), .plain),
                Rule(.delimited(open: [34], close: [34], escape: nil, nests: false, singleLine: false), .string, .pop),
                Rule(.delimited(open: [39], close: [39], escape: nil, nests: false, singleLine: false), .string, .pop),
                Rule(.run(ByteSet(" \t\r\n>").inverted), .string, .pop),
                Rule(.ahead(.character), .plain, .pop),
            ]),
        ]
        guard html else {
            return Grammar([
                ("root", [Rule(.run(ByteSet(" \t\r\n<&").inverted), .plain), Rule(.run(.whitespace), .plain)] + special + [
                    Rule(.sequence([.text("<"), space, Markup.name]), .nameTag, .push("tag")),
                    Rule(.sequence([.text("<"), space, .text("/"), space, Markup.name, space, .text(">")]), .nameTag),
                ]),
                ("tag", [
                    Rule(.run(.whitespace), .plain),
                    Rule(.sequence([Markup.name, space, .text("=")]), .nameAttribute, .push("attribute")),
                    Rule(.sequence([.optional(.text("/")), space, .text(">")]), .nameTag, .pop),
                ]),
            ] + attribute)
        }
        func opening(_ tag: String) -> Rule {
            Rule(.sequence([.text("<"), space, .custom(first: ByteSet(tag.prefix(1).lowercased() + tag.prefix(1).uppercased()),
                                                       match: Markup.tagName(tag))]),
                 .parts([.punctuation, .plain, .nameTag]), .push(tag + "-tag"))
        }
        func closing(_ name: Pattern, _ transition: Rule.Transition) -> Rule {
            Rule(.sequence([.either([.text("</"), .sequence([.text("<"), space, .text("/")])]), space, name, space, .text(">")]),
                 .parts([.punctuation, .plain, .nameTag, .plain, .punctuation]), transition)
        }
        func tag(_ end: Rule.Transition) -> [Rule] {
            [
                Rule(.run(.whitespace), .plain),
                Rule(.sequence([.run(Markup.nameSet), space, .text("="), space]),
                     .parts([.nameAttribute, .plain, .operator, .plain]), .push("attribute")),
                Rule(.run(Markup.nameSet), .nameAttribute),
                Rule(.either([.text(">"), .text("/>")]), .punctuation, end),
                Rule(.sequence([.text("/"), .run(.whitespace), .text(">")]), .parts([.punctuation, .plain, .punctuation]), end),
            ]
        }
        func content(_ tag: String, _ language: Grammar) -> [Rule] {
            [
                closing(.custom(first: ByteSet(tag.prefix(1).lowercased() + tag.prefix(1).uppercased()), match: Markup.tagName(tag)), .pop),
                Rule(.custom(first: .all, match: Markup.untilClosing(tag)), .embed(language)),
            ]
        }
        return Grammar([
            ("root", [Rule(.run(ByteSet("<&").inverted), .plain)] + special + [
                opening("script"),
                opening("style"),
                Rule(.sequence([.text("<"), space, Markup.name]), .parts([.punctuation, .plain, .nameTag]), .push("tag")),
                closing(Markup.name, .stay),
            ]),
            ("tag", tag(.pop)),
            ("script-tag", tag(.replace("script-content"))),
            ("style-tag", tag(.replace("style-content"))),
            ("script-content", content("script", Grammars.javascript)),
            ("style-content", content("style", Grammars.css)),
        ] + attribute)
    }
}

extension Markup {
    /// Matches `name` in any case, when no other letter of a name follows.
    static func tagName(_ name: String) -> @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? {
        let lowercase = Array(name.lowercased().utf8)
        return { bytes, at in
            guard at + lowercase.count <= bytes.count else { return nil }
            for (offset, byte) in lowercase.enumerated() where bytes[at + offset] | 0x20 != byte { return nil }
            let end = at + lowercase.count
            return end < bytes.count && nameSet.contains(bytes[end]) ? nil : end
        }
    }

    /// Matches up to the `</name>` that ends an element's code, or to the end of the code.
    static func untilClosing(_ name: String) -> @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? {
        let matchName = tagName(name)
        return { bytes, at in
            let count = bytes.count
            var index = at
            while index < count {
                if bytes[index] == UInt8(ascii: "<") {
                    var next = index + 1
                    while next < count, ByteSet.whitespace.contains(bytes[next]) { next += 1 }
                    if next < count, bytes[next] == UInt8(ascii: "/") {
                        next += 1
                        while next < count, ByteSet.whitespace.contains(bytes[next]) { next += 1 }
                        if var end = matchName(bytes, next) {
                            while end < count, ByteSet.whitespace.contains(bytes[end]) { end += 1 }
                            if end < count, bytes[end] == UInt8(ascii: ">") { return index > at ? index : nil }
                        }
                    }
                }
                index += 1
            }
            return count
        }
    }
}
