import FieldNotes
import Foundation
import Sitegen

/// Prints each file of the built site: where a program would upload it.
struct PrintedFiles: SiteOutput {
    mutating func write(_ data: Data, to path: String) async throws {
        print("\(path) (\(data.count) bytes)")
    }
}

@main
struct EmbeddingExample {
    static func main() async {
        var printed = PrintedFiles()
        do {
            let summary = try await FieldNotes.build(into: &printed)
            print("\(summary.pages) pages, \(summary.files) files")
        } catch {
            print("error: \(error)")
            exit(1)
        }
    }
}
