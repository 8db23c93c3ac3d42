import Foundation
import Testing
import TestSupport
@testable import Sitegen

/// A child program (Pagefind) may write only into its own folder: what else it leaves in the
/// build is removed and warned about, a file of the build it changes fails the build, and the
/// manifest lists exactly what was published.
@Suite("Hostile child programs")
struct HostileChildProgramTests {
    /// A fake Pagefind that writes its bundle, then runs `body` with `$site` the folder it indexes.
    private func pagefind(_ body: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("pagefind-\(UUID().uuidString)")
        try ("#!/bin/sh\nsite=\"$2\"\nmkdir -p \"$4\"\necho '// search' > \"$4/pagefind.js\"\n" + body)
            .write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file.path
    }

    private func manifestFiles(_ output: URL) throws -> [String] {
        try String(contentsOf: output.appendingPathComponent(".sitegen-manifest"), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("f ") }.map { String($0.dropFirst(2)) }.sorted()
    }

    @Test("files Pagefind writes outside its pagefind/ folder are removed with a warning, and the manifest lists what was published")
    func strayFiles() throws {
        let site = try TestSite()
        try site.write("title: T\nsearch: true\n", to: "sitegen.yml")
        try site.write("# Home\n\nWords to find.\n", to: "content/index.md")
        let fake = try pagefind("echo evil > \"$site/evil.html\"\nmkdir -p \"$site/deep/er\"\necho x > \"$site/deep/er/x.html\"\n"
                                + "echo bad > \"$site/pagefind-is-not-here.js\"\n", in: site.root)
        for _ in 0..<2 {
            let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path], environment: ["SITEGEN_PAGEFIND": fake])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.contains("evil.html: was written by Pagefind outside its pagefind/ folder and is not published"))
            #expect(result.error.contains("deep: was written by Pagefind outside its pagefind/ folder and is not published"))
            #expect(!site.exists("evil.html") && !site.exists("deep") && !site.exists("pagefind-is-not-here.js"))
            #expect(site.exists("pagefind/pagefind.js"))
            #expect(try manifestFiles(site.output) == site.outputFiles())
        }
    }

    @Test("a Pagefind that changes or removes a page the build wrote fails the build, and the previous output stays")
    func changedFiles() throws {
        let hostile = try HostileSite(good: ["content/index.md": "# Home\n\nGood.\n", "sitegen.yml": "title: T\n"])
        try hostile.site.write("title: T\nsearch: true\n", to: "sitegen.yml")
        for body in ["echo replaced > \"$site/index.html\"\n", "rm \"$site/404.html\"\n"] {
            let fake = try pagefind(body, in: hostile.site.root)
            let before = HostileSite.snapshot(hostile.site.output)
            let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", hostile.site.root.path],
                                               environment: ["SITEGEN_PAGEFIND": fake])
            #expect(result.status == 1)
            #expect(result.error.contains(": was written by sitegen and then changed or removed by Pagefind; nothing is published"),
                    "\(result.error)")
            #expect(HostileSite.snapshot(hostile.site.output) == before)
        }
    }

    @Test("in a cached build, whose pages are the output's own files, a Pagefind that changes a page in place or its mode changes nothing published")
    func changedFilesOfACachedBuild() throws {
        let site = try TestSite()
        try site.write("title: T\nsearch: true\n", to: "sitegen.yml")
        try site.write("# Home\n\nWords.\n", to: "content/index.md")
        try site.write("# A\n\nA.\n", to: "content/a.md")
        let plain = try pagefind("", in: site.root)
        for body in ["echo PWNED >> \"$site/404.html\"\n", "chmod 000 \"$site/a/index.html\"\n"] {
            for _ in 0..<2 {
                let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path, "--cache"], environment: ["SITEGEN_PAGEFIND": plain])
                #expect(result.status == 0, "\(result.error)")
            }
            try site.write("# A\n\nA, edited \(body.count).\n", to: "content/a.md")
            let before = HostileSite.snapshot(site.output)
            let modes = try ["404.html", "a/index.html"].map { try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent($0).path)[.posixPermissions] as? Int }
            let result = try ProcessRunner.run(ProcessRunner.sitegen, ["build", site.root.path, "--cache"],
                                               environment: ["SITEGEN_PAGEFIND": try pagefind(body, in: site.root)])
            #expect(result.status == 1)
            #expect(result.error.contains("was written by sitegen and then changed or removed by Pagefind"), "\(result.error)")
            #expect(HostileSite.snapshot(site.output) == before)
            #expect(try ["404.html", "a/index.html"].map { try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent($0).path)[.posixPermissions] as? Int } == modes)
            #expect(!(try site.page("404.html")).contains("PWNED"))
        }
    }

    @Test("a custom step whose program writes into the output behind the build's back: its files are removed with a warning")
    func customStepStrays() async throws {
        let site = try TestSite()
        try site.write("# Home\n", to: "content/index.md")
        var definition = Site()
        definition.steps = BuildStep.defaultSteps + [
            .step(named: "sneaky") { context in
                let folder = try #require(context.output.builtFolder)
                try "sneaky\n".write(toFile: folder + "/sneaky.html", atomically: false, encoding: .utf8)
                try context.write("fair\n", to: "fair.txt")
            },
        ]
        let summary = try await site.build(site: definition)
        #expect(site.exists("fair.txt") && !site.exists("sneaky.html"))
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("sneaky.html: was put in the output by a build step") })
    }

    @Test("what reaches the staging folder without passing through the output is removed before it is published")
    func straysOfTheStagingFolder() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-strays-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = try OutputFolder(destination: parent.appendingPathComponent("public"))
        try folder.write("<p>page</p>\n", to: "a/index.html")
        let staging = try #require(folder.builtFolder)
        try "stray\n".write(toFile: staging + "/a/stray.html", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: staging + "/b/c", withIntermediateDirectories: true)
        #expect(folder.removeStrays() == ["a/stray.html", "b"])
        try folder.commit()
        #expect(FileManager.default.fileExists(atPath: parent.path + "/public/a/index.html"))
        #expect(!FileManager.default.fileExists(atPath: parent.path + "/public/a/stray.html"))
        #expect(!FileManager.default.fileExists(atPath: parent.path + "/public/b"))
    }
}
