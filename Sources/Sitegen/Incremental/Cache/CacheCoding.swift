import Foundation
import SitegenMarkdown

// How each value a build cache holds is written and read back: fields in declaration order.
// `CacheCodingTests` writes and reads back one of each, with every field set.

extension FileStamp: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(seconds)
        writer.write(nanoseconds)
        writer.write(size)
        writer.write(inode)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(seconds: try reader.readInt(), nanoseconds: try reader.readInt(), size: try reader.readInt(),
                  inode: try reader.readUInt64())
    }
}

extension SpareFolder.Record: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(manifest)
        writer.write(spareTop)
        writer.write(changed)
        writer.write(goneFolders)
        writer.write(outputFolders)
        writer.write(spareFolders)
        writer.write(readAt.timeIntervalSince1970)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(manifest: try reader.read(), spareTop: try reader.read(), changed: try reader.readStrings(), goneFolders: try reader.readStrings(),
                  outputFolders: try reader.readDictionary(), spareFolders: try reader.readDictionary(),
                  readAt: Date(timeIntervalSince1970: try reader.readDouble()))
    }
}

extension Fact: CacheCodable {
    func write(to writer: inout CacheWriter) {
        switch self {
        case .page(let path): writer.write(1); writer.write(path)
        case .listing(let path): writer.write(2); writer.write(path)
        case .site(let code): writer.write(3); writer.write(code)
        case .words(let code): writer.write(4); writer.write(code)
        case .data(let code): writer.write(5); writer.write(code)
        case .templates: writer.write(6)
        case .feedEntry(let path): writer.write(7); writer.write(path)
        }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        switch try reader.readInt() {
        case 1: self = .page(try reader.readString())
        case 2: self = .listing(try reader.readString())
        case 3: self = .site(try reader.readString())
        case 4: self = .words(try reader.readString())
        case 5: self = .data(try reader.readString())
        case 6: self = .templates
        case 7: self = .feedEntry(try reader.readString())
        default: throw CacheReader.Malformed()
        }
    }
}

extension FrontMatterValue: CacheCodable {
    func write(to writer: inout CacheWriter) {
        switch self {
        case .string(let text): writer.write(1); writer.write(text)
        case .int(let int): writer.write(2); writer.write(int)
        case .double(let double): writer.write(3); writer.write(double)
        case .bool(let bool): writer.write(4); writer.write(bool)
        case .date(let date): writer.write(5); writer.write(date.timeIntervalSinceReferenceDate)
        case .list(let items): writer.write(6); writer.write(items)
        case .map(let map): writer.write(7); writer.write(map)
        case .null: writer.write(8)
        }
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        switch try reader.readInt() {
        case 1: self = .string(try reader.readString())
        case 2: self = .int(try reader.readInt())
        case 3: self = .double(try reader.readDouble())
        case 4: self = .bool(try reader.readBool())
        case 5: self = .date(Date(timeIntervalSinceReferenceDate: try reader.readDouble()))
        case 6: self = .list(try reader.nested { reader throws(CacheReader.Malformed) in try reader.readArray(FrontMatterValue.self) })
        case 7: self = .map(try reader.nested { reader throws(CacheReader.Malformed) in try reader.read(FrontMatter.self) })
        case 8: self = .null
        default: throw CacheReader.Malformed()
        }
    }
}

extension FrontMatter: CacheCodable {
    /// The entries, then the line of each key and the keys given more than once (which warnings name).
    func write(to writer: inout CacheWriter) {
        writer.write(entries.count)
        for (key, value) in entries {
            writer.write(key)
            writer.write(value)
        }
        writer.write(lines.count)
        for (key, line) in lines {
            writer.write(key)
            writer.write(line)
        }
        writer.write(repeatedKeys)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        let count = try reader.readCount(each: 16)
        var entries: [(key: String, value: FrontMatterValue)] = []
        entries.reserveCapacity(count)
        for _ in 0..<count { entries.append((try reader.readString(), try reader.read(FrontMatterValue.self))) }
        let lineCount = try reader.readCount(each: 16)
        var lines: [String: Int] = [:]
        for _ in 0..<lineCount { lines[try reader.readString()] = try reader.readInt() }
        self.init(entries, lines: lines)
        repeatedKeys = try reader.readStrings()
    }
}

extension Heading: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(level)
        writer.write(text)
        writer.write(id)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(level: try reader.readInt(), text: try reader.readString(), id: try reader.readString())
    }
}

extension SiteError: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(file)
        writer.write(line)
        writer.write(message)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(file: try reader.readOptionalString(), line: try reader.readOptionalInt(), try reader.readString())
    }
}

extension MdBookIncludes.File: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(path)
        writer.write(stamp)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(path: try reader.readString(), stamp: try reader.readOptional(FileStamp.self))
    }
}

extension ForeignTemplateTags: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(tallies.count)
        for kind in tallies.keys.sorted() {
            writer.write(kind.rawValue)
            writer.write(tallies[kind]!.count)
            writer.write(tallies[kind]!.firstLine)
        }
        writer.write(shortcodeNames.sorted())
        writer.write(zolaNames.sorted())
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        let count = try reader.readCount(each: 24)
        var tallies: [Kind: Tally] = [:]
        for _ in 0..<count {
            guard let kind = Kind(rawValue: try reader.readInt()) else { throw CacheReader.Malformed() }
            tallies[kind] = Tally(count: try reader.readInt(), firstLine: try reader.readInt())
        }
        self.init(tallies: tallies, shortcodeNames: Set(try reader.readStrings()), zolaNames: Set(try reader.readStrings()))
    }
}

extension DependencyRecord: CacheCodable {
    /// The table of facts (``DependencyRecord/factTable``), each with its fingerprint if it
    /// was seen; then each output's path, values and facts, named by their places in the table
    /// (an output kept from the build before: its entry as it was, the table being the one it
    /// was read with, grown since).
    func write(to writer: inout CacheWriter) {
        var entries = CacheWriter(capacity: outputs.count * 64)
        entries.write(outputs.count)
        for (path, reads) in outputs {
            // An output kept from the build before: its entry as the cache held it.
            if let entry = keptEntry(of: path) {
                entries.append(entry)
                continue
            }
            entries.write(path)
            entries.write(reads.values)
            entries.write(reads.facts.count)
            for fact in reads.facts {
                guard let place = place(of: fact) else {
                    // Every fact an output read is in the table (``apply(_:)`` saw it): else it is added first.
                    var completed = self
                    for fact in outputs.values.flatMap(\.facts) where completed.place(of: fact) == nil { completed.see(fact, nil) }
                    return completed.write(to: &writer)
                }
                entries.write(UInt32(place))
            }
        }
        writer.write(factTable.count)
        for (place, fact) in factTable.enumerated() {
            writer.write(fact)
            let fingerprint = fingerprint(at: place)
            writer.write(fingerprint != nil)
            if let fingerprint { writer.write(fingerprint) }
        }
        writer.append(entries.bytes)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        let factCount = try reader.readCount(each: 9)
        var table: [Fact] = []
        var fingerprints: [UInt64?] = []
        table.reserveCapacity(factCount)
        fingerprints.reserveCapacity(factCount)
        for _ in 0..<factCount {
            table.append(try reader.read(Fact.self))
            fingerprints.append(try reader.readBool() ? try reader.readUInt64() : nil)
        }
        let count = try reader.readCount(each: 24)
        var outputs: [String: Reads] = [:]
        var entries: [String: Range<Int>] = [:]
        outputs.reserveCapacity(count)
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let start = reader.position
            let path = try reader.readString()
            let values = try reader.readUInt64()
            let factCount = try reader.readCount(each: 4)
            var facts: [Fact] = []
            facts.reserveCapacity(factCount)
            for _ in 0..<factCount {
                let place = Int(try reader.readUInt32())
                guard place < table.count else { throw CacheReader.Malformed() }
                facts.append(table[place])
            }
            outputs[path] = Reads(values: values, facts: facts)
            entries[path] = start..<reader.position
        }
        self.init(outputs: outputs, facts: table, fingerprints: fingerprints, bytes: reader.source, entries: entries)
    }
}

extension PageText.Kept: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(frontMatter)
        writer.write(bodyLineOffset)
        writer.write(byteCount)
        writer.write(headBytes)
        writer.write(headDigest)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(frontMatter: try reader.read(), bodyLineOffset: try reader.readInt(), byteCount: try reader.readInt(),
                  headBytes: try reader.readInt(), headDigest: try reader.readUInt64())
        guard bodyLineOffset >= 0, byteCount >= 0, headBytes >= 0 else { throw CacheReader.Malformed() }
    }
}

extension RenderedPage.Details: CacheCodable {
    func write(to writer: inout CacheWriter) {
        writer.write(description)
        writer.write(summary)
        writer.write(headings)
        writer.write(data)
        writer.write(titleID)
    }

    init(from reader: inout CacheReader) throws(CacheReader.Malformed) {
        self.init(description: try reader.readString(), summary: try reader.readString(), headings: try reader.readArray(),
                  data: try reader.read(), titleID: try reader.readOptionalString())
    }
}
