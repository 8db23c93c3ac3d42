import Foundation
import Testing
import TestSupport
@testable import Sitegen
#if canImport(Glibc)
import Glibc
#endif

/// What sitegen promises about the output folder: it writes only there, replaces or removes
/// only what it wrote, refuses folders that hold the site, and leaves the previous output as it
/// was when a build fails or is killed.
@Suite("The output folder", .serialized)
struct OutputSafetyTests {
    /// A site in `site/` of a temporary folder, so that the folder above it is a test's own.
    private static func nestedSite() throws -> (parent: TestSite, site: URL) {
        let parent = try TestSite()
        let site = parent.root.appendingPathComponent("site")
        try parent.write("---\ntitle: Hello\n---\n\nHello.\n", to: "site/content/posts/hello.md")
        try parent.write("# About\n\nAbout.\n", to: "site/content/about.md")
        try parent.write("title: Nested\n", to: "site/sitegen.yml")
        try parent.write("body {}\n", to: "site/static/extra.css")
        try parent.write("neighbour\n", to: "neighbour/notes.txt")
        return (parent, site)
    }

    /// Every file under `folder` (hidden ones too) with its bytes.
    private static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: full) ?? Data()
            }
        }
        return files
    }

    private static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test("an output folder that is or holds the site, its content or its sources is refused, and nothing changes")
    func refusedOutputs() throws {
        let (parent, site) = try Self.nestedSite()
        try parent.write("a file\n", to: "site/a-file.txt")
        let before = Self.snapshot(parent.root)
        let cases: [(arguments: [String], folder: URL)] = [
            (["build", site.path, "-o", site.path], parent.root),
            (["build", site.path, "-o", site.appendingPathComponent("content").path], parent.root),
            (["build", site.path, "-o", site.appendingPathComponent("content/posts/..").path], parent.root),
            (["build", site.path, "-o", parent.root.path], parent.root),
            (["build", "-o", "."], site),
            (["build", "-o", ""], site),
            (["build", ".", "-o", ".."], site),
            (["build", site.path, "-o", site.appendingPathComponent("a-file.txt").path], parent.root),
            (["build", site.path, "-o", site.appendingPathComponent("static/out").path], parent.root),
            (["build", site.path, "-o", site.appendingPathComponent("sitegen.yml").path], parent.root),
        ]
        for (arguments, folder) in cases {
            let result = try Sitegen.run(arguments, in: folder)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error.contains("cannot be the output folder"), "\(arguments): \(result.error)")
            #expect(Self.snapshot(parent.root) == before, "\(arguments) changed files")
        }
    }

    @Test("the root of the file system and the home folder are refused as output folders")
    func rootAndHomeAreRefused() throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        for folder in ["/", NSHomeDirectory()] {
            #expect(throws: SiteError.self, "\(folder)") {
                try OutputLocation.check(SiteLayout(root: site.root, output: URL(fileURLWithPath: folder)))
            }
        }
    }

    @Test("files in the output folder that sitegen did not write survive builds and failed builds, untouched")
    func userFilesSurvive() throws {
        let site = try TestSite(example: "blog")
        try site.write("ref: refs/heads/gh-pages\n", to: "public/.git/HEAD")
        try site.write("notes.example.org\n", to: "public/CNAME")
        try site.write("", to: "public/.nojekyll")
        try site.write("mine\n", to: "public/notes/todo.txt")
        try FileManager.default.createDirectory(at: site.output.appendingPathComponent("empty-folder"), withIntermediateDirectories: true)
        let user = ["public/.git/HEAD", "public/CNAME", "public/.nojekyll", "public/notes/todo.txt"]
        let inodes = user.map { Self.inode(site.root.appendingPathComponent($0).path) }

        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        try site.write("mine too\n", to: "public/posts/my-draft.txt")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        try site.write("---\ntitle: [broken\n---\n", to: "content/broken.md")
        #expect(try Sitegen.run(["build"], in: site.root).status == 1)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/broken.md"))
        // A page goes: its output goes, the user's file beside it stays.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/about.md"))
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)

        #expect(!site.exists("about/index.html"))
        #expect(site.exists("posts/index.html"))
        #expect(user.map { Self.inode(site.root.appendingPathComponent($0).path) } == inodes, "the same files, not copies")
        #expect(try site.page(".git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(try site.page("CNAME") == "notes.example.org\n")
        #expect(try site.page("notes/todo.txt") == "mine\n")
        #expect(try site.page("posts/my-draft.txt") == "mine too\n")
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("empty-folder").path))
        #expect(try site.page(".sitegen-manifest").contains("f posts/index.html\n"))
        #expect(try !site.page(".sitegen-manifest").contains("CNAME"))
    }

    @Test("a file sitegen did not write where the build makes one is an error, and the folder stays as it was")
    func neverReplacesAUsersFile() throws {
        let site = try TestSite(example: "blog")
        try site.write("my own about page\n", to: "public/about/index.html")
        let before = Self.snapshot(site.output)
        let result = try Sitegen.run(["build"], in: site.root)
        #expect(result.status == 1)
        #expect(result.error.contains("public/about/index.html: was not written by sitegen"))
        #expect(Self.snapshot(site.output) == before)
    }

    @Test("a folder of Markdown is never taken as the output folder")
    func markdownFolderIsNotAnOutput() throws {
        let site = try TestSite()
        try site.write("# Notes\n", to: "index.md")
        try site.write("# Published thoughts\n", to: "public/thoughts.md")
        let before = Self.snapshot(site.root)
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("looks like content"))
        #expect(Self.snapshot(site.root) == before)
    }

    @Test("leftovers of killed builds are removed by the next build, and nothing else")
    func leftoversAreRemoved() throws {
        let site = try TestSite(example: "blog")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        // A process id that no longer runs: a finished child's.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier
        let leftovers = [".sitegen-staging-public-\(gone)-\(UUID().uuidString)", ".sitegen-public-\(UUID().uuidString)",
                         ".sitegen-previous-public-\(UUID().uuidString)", "public/.sitegen-staging-\(gone)-\(UUID().uuidString)"]
        for leftover in leftovers { try site.write("half a build\n", to: leftover + "/index.html") }
        try site.write("mine\n", to: ".sitegen-notes/keep.txt")
        // A running build's staging folder (this process's) is not a leftover.
        let running = ".sitegen-staging-public-\(getpid())-\(UUID().uuidString)"
        try site.write("being written\n", to: running + "/index.html")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        for leftover in leftovers {
            #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(leftover).path), "\(leftover)")
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".sitegen-notes/keep.txt").path))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(running).path))
    }

    @Test("an output folder that is a symbolic link is written where it leads, and stays a link")
    func linkedOutputFolder() throws {
        let (parent, site) = try Self.nestedSite()
        let elsewhere = parent.root.appendingPathComponent("www/site")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try parent.write("example.org\n", to: "www/site/CNAME")
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("public"), withDestinationURL: elsewhere)
        for _ in 0..<2 { #expect(try Sitegen.run(["build", site.path]).status == 0) }
        #expect(FileSystem.kind(site.appendingPathComponent("public").path) == .link)
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("posts/hello/index.html").path))
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("CNAME"), encoding: .utf8) == "example.org\n")
    }

    @Test("an output folder that is a mount point is written file by file", .enabled(if: getuid() == 0))
    func mountPointOutputFolder() throws {
        let (parent, site) = try Self.nestedSite()
        let output = site.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        guard try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "none", output.path]).status == 0 else { return }
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [output.path]) }
        try parent.write("example.org\n", to: "site/public/CNAME")
        #expect(try Sitegen.run(["build", site.path]).status == 0)
        try FileManager.default.removeItem(at: site.appendingPathComponent("content/about.md"))
        let second = try Sitegen.run(["build", site.path])
        #expect(second.status == 0, "\(second.error)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("posts/hello/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("about/index.html").path))
        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "example.org\n")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix(".sitegen-staging") }
        #expect(hidden.isEmpty)
    }

    @Test("a 5,000-page build killed at any moment leaves the previous output as it was, and the next build leaves no leftovers")
    func killedBuilds() throws {
        let site = try TestSite()
        for index in 0..<5_000 {
            try site.write("---\ntitle: Page \(index)\ntags: [t\(index % 50)]\n---\n\nText of page \(index), with a [link](/).\n",
                           to: "content/section-\(index % 20)/page-\(index).md")
        }
        try site.write("notes.example.org\n", to: "public/CNAME")
        let start = Date()
        #expect(try Sitegen.run(["build", site.root.path, "--quiet"]).status == 0)
        let duration = Date().timeIntervalSince(start)
        var before = Self.snapshot(site.output)
        var change = 0
        try site.write("---\ntitle: Changed 0\n---\n\nChanged.\n", to: "content/section-0/page-0.md")
        for fraction in [0.05, 0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 1.0, 1.05] {
            let process = Process()
            process.executableURL = ProcessRunner.sitegen
            process.arguments = ["build", site.root.path, "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: duration * fraction)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = Self.snapshot(site.output)
            // Killed before its swap: the old output; after it: the whole new one. Never a mix.
            if after != before {
                #expect(try site.page("section-0/page-0/index.html").contains("Changed \(change)"), "killed at \(fraction): a mix")
                #expect(after.count == before.count, "killed at \(fraction): a mix")
                before = after
                change += 1
                try site.write("---\ntitle: Changed \(change)\n---\n\nChanged.\n", to: "content/section-0/page-0.md")
            }
        }
        #expect(try Sitegen.run(["build", site.root.path, "--quiet"]).status == 0)
        #expect(try site.page("section-0/page-0/index.html").contains("Changed \(change)"))
        #expect(try site.page("CNAME") == "notes.example.org\n")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".sitegen") }
            + FileManager.default.contentsOfDirectory(atPath: site.output.path).filter { $0.hasPrefix(".sitegen-staging") }
        #expect(hidden.isEmpty, "\(hidden)")
    }

    @Test("after a sitegen serve session with an edit, public/ is byte for byte what sitegen build wrote")
    func serveLeavesPublicAlone() throws {
        let site = try TestSite(example: "blog")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        let before = Self.snapshot(site.output)
        var preview: URL?
        do {
            let server = try PreviewProcess(root: site.root)
            preview = server.previewFolder
            let events = try server.listen()
            try site.write("---\ntitle: Edited while serving\n---\n\nEdited.\n", to: "content/about.md")
            _ = try events.waitFor("event: reload")
            #expect(try server.request("/about/").body.contains("Edited while serving"))
            #expect(try server.request("/atom.xml").body.contains("http://127.0.0.1:"))
        }
        #expect(Self.snapshot(site.output) == before)
        #expect(preview.map { !FileManager.default.fileExists(atPath: $0.path) } ?? false, "the preview folder is removed")
    }
}
