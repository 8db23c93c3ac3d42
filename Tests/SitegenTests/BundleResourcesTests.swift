import Testing
@testable import Sitegen

@Suite("Bundle resources: Hugo's src patterns")
struct BundleResourcesTests {
    @Test("`*` stays in a folder, `**` crosses folders, `?` is one character but `/`", arguments: [
        ("*.jpg", "a.jpg", true), ("*.jpg", "sub/a.jpg", false), ("**.jpg", "sub/a.jpg", true), ("**", "a/b/c", true),
        ("sub/*", "sub/a.png", true), ("sub/*", "sub/deeper/a.png", false), ("?.jpg", "a.jpg", true), ("?.jpg", "ab.jpg", false),
        ("a?b", "a/b", false), ("*", "", true), ("", "", true), ("", "a", false), ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY", false),
    ])
    func patterns(pattern: String, path: String, matches: Bool) {
        #expect(BundleResources.matches(Array(pattern.utf8)[...], Array(path.utf8)[...]) == matches)
    }

    @Test("a hostile pattern of many stars is answered at once, and an overlong one matches nothing")
    func hostilePatterns() {
        let stars = String(repeating: "*a", count: 500) + "b"
        #expect(!BundleResources.matches(Array(stars.utf8)[...], Array(String(repeating: "a", count: 1000).utf8)[...]))
        #expect(!BundleResources.matches(Array(String(repeating: "*", count: 2000).utf8)[...], Array("a".utf8)[...]))
    }
}
