/// Writes a build cache's bytes: numbers in eight bytes, texts and lists after their counts,
/// in the order ``CacheReader`` reads them back.
struct CacheWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// Bytes written before, as they are.
    mutating func append(_ written: some Collection<UInt8>) {
        bytes.append(contentsOf: written)
    }

    /// `value` after whether there is one and its length, so that a reader can pass over it
    /// and read it only when needed (``CacheReader/readSkippable()``).
    mutating func writeSkippable<Value: CacheCodable>(_ value: Value?) {
        write(value != nil)
        guard let value else { return }
        // The length is filled in once the value is written after it.
        let lengthAt = bytes.count
        write(0)
        value.write(to: &self)
        withUnsafeBytes(of: UInt64(bytes.count - lengthAt - 8).littleEndian) { length in
            bytes.withUnsafeMutableBytes { $0[lengthAt..<lengthAt + 8].copyBytes(from: length) }
        }
    }

    /// Bytes a ``writeSkippable(_:)`` wrote before (its value's, as ``CacheReader/readSkippable()``
    /// found them), written again as it wrote them.
    mutating func appendSkippable(_ written: some Collection<UInt8>) {
        write(true)
        write(written.count)
        bytes.append(contentsOf: written)
    }

    /// Forgets the bytes written (handed on already), keeping the room they took.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Int) {
        write(UInt64(bitPattern: Int64(value)))
    }

    mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func write(_ value: Double) {
        write(value.bitPattern)
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            write(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func write(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    mutating func write(_ value: Int?) {
        write(value != nil)
        if let value { write(value) }
    }

    mutating func write<Value: CacheCodable>(_ value: Value) {
        value.write(to: &self)
    }

    mutating func write<Value: CacheCodable>(_ value: Value?) {
        write(value != nil)
        if let value { value.write(to: &self) }
    }

    mutating func write<Value: CacheCodable>(_ values: [Value]) {
        write(values.count)
        for value in values { value.write(to: &self) }
    }

    mutating func write(_ texts: [String]) {
        write(texts.count)
        for text in texts { write(text) }
    }

    /// A dictionary, in the order it holds its keys (a reader makes a dictionary of them again:
    /// the cache's bytes need no order, and sorting took a fifth of writing it).
    mutating func write<Value: CacheCodable>(_ values: [String: Value]) {
        write(values.count)
        for (key, value) in values {
            write(key)
            value.write(to: &self)
        }
    }
}

/// A value a build cache holds: written by ``write(to:)`` and read back, in the same order, by
/// ``init(from:)``, which throws on bytes that do not make a value.
protocol CacheCodable {
    func write(to writer: inout CacheWriter)
    init(from reader: inout CacheReader) throws(CacheReader.Malformed)
}
