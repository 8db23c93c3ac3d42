import Foundation

/// A file sent as a response's body a chunk at a time: the memory a download takes is one
/// chunk, whatever the file's size and however many clients download it at once.
///
/// The length is the file's when it was opened; a file that grows after is sent at that length,
/// and one that shrinks ends the connection early (the client sees a short body, not a wrong one).
final class FileBody: Sendable {
    /// The number of bytes the response promises (its `Content-Length`).
    let length: Int
    private let handle: FileHandle

    /// Opens the regular file at `url`; `nil` when it is not one or cannot be read.
    init?(url: URL) {
        guard (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular,
              let handle = try? FileHandle(forReadingFrom: url),
              let end = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil else { return nil }
        self.handle = handle
        self.length = Int(end)
    }

    /// The next at most `count` bytes; empty at the end of the file.
    func read(upTo count: Int) throws -> Data {
        try handle.read(upToCount: count) ?? Data()
    }

    /// Lets the file go; reading after is an error.
    func close() {
        try? handle.close()
    }
}
