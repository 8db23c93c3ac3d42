extension Modifier.Target {
    /// The target as one bit of a set of targets.
    var bit: UInt32 {
        switch self {
        case .metadataKeys: 1 << 0
        case .metadataValues: 1 << 1
        case .blockquotes: 1 << 2
        case .codeBlocks: 1 << 3
        case .headings: 1 << 4
        case .horizontalLines: 1 << 5
        case .html: 1 << 6
        case .images: 1 << 7
        case .inlineCode: 1 << 8
        case .links: 1 << 9
        case .lists: 1 << 10
        case .paragraphs: 1 << 11
        case .tables: 1 << 12
        case .inlineHTML: 1 << 13
        case .text: 1 << 14
        case .footnoteReferences: 1 << 15
        case .emphasis: 1 << 16
        case .strong: 1 << 17
        case .strikethrough: 1 << 18
        }
    }
}
