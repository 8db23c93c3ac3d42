import Testing
@testable import Sitegen

/// A path's folder, last name and extension, found from the last `/` or `.` of its bytes.
@Suite("The parts of a path")
struct PathPartsTests {
    @Test("folder, last component and extension of plain, nested, non-ASCII and edge paths",
          arguments: [
              ("posts/hello.md", "posts", "hello.md", "md"),
              ("a/b/c/index.html", "a/b/c", "index.html", "html"),
              ("café/日本/ü.tar.gz", "café/日本", "ü.tar.gz", "gz"),
              ("name", "", "name", ""),
              ("/", "", "", ""),
              ("folder/", "folder", "", ""),
              (".hidden", "", ".hidden", ""),
              ("é", "", "é", ""),
              ("", "", "", ""),
          ])
    func parts(path: String, folder: String, last: String, pathExtension: String) {
        #expect(URLPath.folder(of: path) == folder)
        #expect(URLPath.lastComponent(of: path) == last)
        #expect(URLPath.fileExtension(of: path) == pathExtension)
        // A path cut out of a longer text is found the same.
        let inside = ("x/" + path + "/y").dropFirst(2).dropLast(2)
        #expect(String(inside).lastUTF8Index(of: UInt8(ascii: "/")).map { String(String(inside)[..<$0]) } ?? "" == folder)
    }
}
