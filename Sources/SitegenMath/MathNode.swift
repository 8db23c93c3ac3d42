/// A MathML Core element of the output: a token (`mi`, `mn`, `mo`, `mtext`) with its text, or
/// an element with children.
struct MathNode: Sendable {
    enum Tag: UInt8, Sendable {
        case mi, mn, mo, mtext, mspace, mrow, mfrac, msqrt, mroot, msub, msup, msubsup, munder, mover, munderover
        case mtable, mtr, mtd, mstyle, mpadded, mphantom

        var name: String {
            switch self {
            case .mi: "mi"
            case .mn: "mn"
            case .mo: "mo"
            case .mtext: "mtext"
            case .mspace: "mspace"
            case .mrow: "mrow"
            case .mfrac: "mfrac"
            case .msqrt: "msqrt"
            case .mroot: "mroot"
            case .msub: "msub"
            case .msup: "msup"
            case .msubsup: "msubsup"
            case .munder: "munder"
            case .mover: "mover"
            case .munderover: "munderover"
            case .mtable: "mtable"
            case .mtr: "mtr"
            case .mtd: "mtd"
            case .mstyle: "mstyle"
            case .mpadded: "mpadded"
            case .mphantom: "mphantom"
            }
        }

        var isToken: Bool { self == .mi || self == .mn || self == .mo || self == .mtext }
    }

    var tag: Tag
    /// Attributes as written, each with a leading space and already escaped: ` stretchy="false"`.
    var attributes: String
    /// The text of a token element, not yet escaped.
    var text: String
    var children: [MathNode]

    init(_ tag: Tag, _ text: String, attributes: String = "") {
        self.tag = tag
        self.attributes = attributes
        self.text = text
        self.children = []
    }

    init(_ tag: Tag, attributes: String = "", _ children: [MathNode]) {
        self.tag = tag
        self.attributes = attributes
        self.text = ""
        self.children = children
    }

    static func space(_ width: String) -> MathNode { MathNode(.mspace, "", attributes: " width=\"\(width)\"") }

    /// `nodes` as one node: the node itself when there is one, else an `mrow`.
    static func row(_ nodes: [MathNode]) -> MathNode {
        nodes.count == 1 ? nodes[0] : MathNode(.mrow, nodes)
    }

    func write(to output: inout [UInt8]) {
        output.append(0x3C)
        output.append(contentsOf: tag.name.utf8)
        output.append(contentsOf: attributes.utf8)
        output.append(0x3E)
        if tag.isToken {
            MathWriter.escape(text, into: &output)
        } else {
            for child in children { child.write(to: &output) }
        }
        output.append(0x3C)
        output.append(0x2F)
        output.append(contentsOf: tag.name.utf8)
        output.append(0x3E)
    }
}

enum MathWriter {
    /// `text` with `&`, `<`, `>` and `"` escaped, for element content and attribute values.
    static func escape(_ text: String, into output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x26: output.append(contentsOf: "&amp;".utf8)
            case 0x3C: output.append(contentsOf: "&lt;".utf8)
            case 0x3E: output.append(contentsOf: "&gt;".utf8)
            case 0x22: output.append(contentsOf: "&quot;".utf8)
            default: output.append(byte)
            }
        }
    }

    static func escaped(_ text: String) -> String {
        var output: [UInt8] = []
        escape(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
