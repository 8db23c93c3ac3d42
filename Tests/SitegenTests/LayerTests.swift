import Foundation
import Testing
import TestSupport

/// The folders of Sitegen and SitegenCLI are layers (Scripts/layers.txt): a file names only
/// what its own folder and the folders below it declare. Scripts/check-layers.py checks it.
@Suite("Layers")
struct LayerTests {
    private static let script = TestSite.packageRoot.appendingPathComponent("Scripts/check-layers.py")

    private static func check(root: URL? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"),
                              ["python3", script.path] + (root.map { ["--root", $0.path] } ?? []))
    }

    @Test("no file of Sitegen or SitegenCLI names what a folder above its own declares")
    func foldersAreLayers() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasPrefix("Layers hold: "), "\(result.output)\(result.error)")
    }

    @Test("the check names each use of a higher or a peer folder at its file and line, not a name in a comment or in a string's text")
    func checkFindsUpwardUses() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Scripts/layers.txt": "[Sources/Lib]\nLow\nMiddle Side\nHigh\nallow Middle Forgotten\n",
            "Sources/Lib/Low/Base.swift": "struct Base {\n    // HighThing, in a comment\n    let high: HighThing\n}\n",
            "Sources/Lib/Middle/Thing.swift": "struct Thing {\n    let side = SideValue()\n    let text = \"HighThing \\(HighThing.self)\"\n}\n",
            "Sources/Lib/Side/SideValue.swift": "struct SideValue {}\n",
            "Sources/Lib/High/HighThing.swift": "struct HighThing {\n    let thing: Thing\n    let base: Base\n}\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try Self.check(root: root)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").dropLast().map(String.init)
        #expect(lines == [
            "Sources/Lib/Low/Base.swift:3: Low uses HighThing of High, a layer above",
            "Sources/Lib/Middle/Thing.swift:2: Middle uses SideValue of Side, a peer layer",
            "Sources/Lib/Middle/Thing.swift:3: Middle uses HighThing of High, a layer above",
            "Scripts/layers.txt:5: `allow Middle Forgotten` is no longer needed: delete it",
        ])
    }
}
