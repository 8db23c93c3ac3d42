/// Reads a build cache's bytes as ``CacheWriter`` wrote them. Every count is checked against
/// the bytes left, and nesting is bounded, so that a cache file that is truncated, corrupt or
/// made to harm reads as ``Malformed`` — never a crash, a hang or a huge allocation.
struct CacheReader {
    /// The bytes do not make what was asked.
    struct Malformed: Error {}

    /// How deep values (front matter maps and lists) may nest.
    static let depthLimit = 64

    private let bytes: [UInt8]
    private var offset: Int
    /// Where the bytes read end.
    private let end: Int
    /// How deep the value being read is.
    var depth = 0

    init(_ bytes: [UInt8]) {
        self.init(bytes, range: 0..<bytes.count)
    }

    /// A reader of `range` of `bytes` alone (which shares their storage).
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        offset = range.lowerBound
        end = range.upperBound
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { offset == end }

    /// Where the next byte is read from, in the bytes given.
    var position: Int { offset }

    /// The bytes given (shared, not copied), of which ``position`` tells the place.
    var source: [UInt8] { bytes }

    /// Passes over `count` bytes.
    mutating func skip(_ count: Int) throws(Malformed) {
        guard count >= 0, count <= end - offset else { throw Malformed() }
        offset += count
    }

    /// Passes over a value ``CacheWriter/writeSkippable(_:)`` wrote: where its bytes are, or
    /// `nil` when there was none.
    mutating func readSkippable() throws(Malformed) -> Range<Int>? {
        guard try readBool() else { return nil }
        let length = try readCount()
        let range = position..<position + length
        try skip(length)
        return range
    }

    mutating func readUInt64() throws(Malformed) -> UInt64 {
        guard end - offset >= 8 else { throw Malformed() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        offset += 8
        return UInt64(littleEndian: value)
    }

    mutating func readUInt32() throws(Malformed) -> UInt32 {
        guard end - offset >= 4 else { throw Malformed() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        offset += 4
        return UInt32(littleEndian: value)
    }

    mutating func readInt() throws(Malformed) -> Int {
        Int(Int64(bitPattern: try readUInt64()))
    }

    mutating func readBool() throws(Malformed) -> Bool {
        guard offset < end, bytes[offset] <= 1 else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func readDouble() throws(Malformed) -> Double {
        Double(bitPattern: try readUInt64())
    }

    /// A count of things each at least `size` bytes long: never more than the bytes left hold.
    mutating func readCount(each size: Int = 1) throws(Malformed) -> Int {
        let count = try readInt()
        guard count >= 0, count <= (end - offset) / max(size, 1) else { throw Malformed() }
        return count
    }

    mutating func readString() throws(Malformed) -> String {
        let count = try readCount()
        let text = bytes[offset..<offset + count].withUnsafeBufferPointer { String(checkedUTF8: $0) }
        guard let text else { throw Malformed() }
        offset += count
        return text
    }

    mutating func readOptionalString() throws(Malformed) -> String? {
        try readBool() ? try readString() : nil
    }

    mutating func readOptionalInt() throws(Malformed) -> Int? {
        try readBool() ? try readInt() : nil
    }

    mutating func read<Value: CacheCodable>(_ type: Value.Type = Value.self) throws(Malformed) -> Value {
        try Value(from: &self)
    }

    mutating func readOptional<Value: CacheCodable>(_ type: Value.Type = Value.self) throws(Malformed) -> Value? {
        try readBool() ? try Value(from: &self) : nil
    }

    mutating func readArray<Value: CacheCodable>(_ type: Value.Type = Value.self) throws(Malformed) -> [Value] {
        let count = try readCount()
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try Value(from: &self)) }
        return values
    }

    mutating func readStrings() throws(Malformed) -> [String] {
        let count = try readCount(each: 8)
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count { texts.append(try readString()) }
        return texts
    }

    mutating func readDictionary<Value: CacheCodable>(_ type: Value.Type = Value.self) throws(Malformed) -> [String: Value] {
        let count = try readCount(each: 8)
        var values: [String: Value] = [:]
        values.reserveCapacity(count)
        for _ in 0..<count {
            let key = try readString()
            values[key] = try Value(from: &self)
        }
        return values
    }

    /// Reads a nested value, one level deeper, failing past ``depthLimit``.
    mutating func nested<Value>(_ read: (inout CacheReader) throws(Malformed) -> Value) throws(Malformed) -> Value {
        guard depth < Self.depthLimit else { throw Malformed() }
        depth += 1
        defer { depth -= 1 }
        return try read(&self)
    }
}
