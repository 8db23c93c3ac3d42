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

    // Glibc's Swift module leaves out <sys/xattr.h>: its two calls, looked up by name.
    private typealias SetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer, Int) -> Int

    /// Sets an extended attribute; false where the file system has none.
    private static func setAttribute(_ path: String, _ name: String, _ value: String) -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr") else { return false }
        let call = unsafeBitCast(symbol, to: SetAttribute.self)
        return Array(value.utf8).withUnsafeBytes { call(path, name, $0.baseAddress!, $0.count, 0) } == 0
    }

    private static func attribute(_ path: String, _ name: String) -> String? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr") else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256)
        let size = buffer.withUnsafeMutableBytes { unsafeBitCast(symbol, to: GetAttribute.self)(path, name, $0.baseAddress!, $0.count) }
        return size >= 0 ? String(decoding: buffer.prefix(size), as: UTF8.self) : nil
    }

    /// A process id that no longer runs: a finished child's.
    static func endedProcessID() throws -> Int32 {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        return ended.processIdentifier
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
                try OutputLocation.check(SiteLayout(root: site.root), output: URL(fileURLWithPath: folder))
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

    @Test("a file of the user's whose name is another Unicode form of a published file's (NFD beside NFC) is the user's: it survives builds, cached builds and the spare's removal")
    func userFileOfAnotherUnicodeForm() async throws {
        let site = try TestSite(example: "blog")
        try site.write("the site's\n", to: "static/caf\u{E9}.txt")
        let mine = "cafe\u{301}.txt"
        #expect(Array(mine.utf8) != Array("caf\u{E9}.txt".utf8) && mine == "caf\u{E9}.txt", "two names Swift takes as equal")
        let read = { (path: String) in String(data: FileManager.default.contents(atPath: path) ?? Data(), encoding: .utf8) }
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        try site.write("mine\n", to: "public/" + mine)
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        #expect(read(site.output.path + "/" + mine) == "mine\n")
        #expect(read(site.output.path + "/caf\u{E9}.txt") == "the site's\n")
        let post = "content/about.md"
        let original = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        for round in 1...3 {
            try site.write(original + "\nEdit \(round).\n", to: post)
            #expect(try Sitegen.run(["build", "--cache"], in: site.root).status == 0)
            #expect(read(site.output.path + "/" + mine) == "mine\n", "round \(round)")
        }
        // In the spare, which a build without the cache removes.
        let spare = site.root.appendingPathComponent(".sitegen-spare-public").path
        #expect(FileSystem.kind(spare) == .folder)
        try site.write("mine in the spare\n", to: ".sitegen-spare-public/" + mine)
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        #expect(read(spare + "/" + mine) == "mine in the spare\n")
        #expect(read(site.output.path + "/" + mine) == "mine\n")
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
        let gone = try Self.endedProcessID()
        let leftovers = [".sitegen-staging-public-\(gone)-\(UUID().uuidString)", ".sitegen-public-\(UUID().uuidString)",
                         ".sitegen-previous-public-\(UUID().uuidString)", "public/.sitegen-staging-\(gone)-\(UUID().uuidString)"]
        for leftover in leftovers { try site.write("half a build\n", to: leftover + "/index.html") }
        let cache = ".sitegen-cache-public.\(gone)-\(UUID().uuidString).tmp", runningCache = ".sitegen-cache-public.\(getpid())-\(UUID().uuidString).tmp"
        let pages = ".sitegen-cache-public.pages.\(gone)-\(UUID().uuidString).tmp"
        try site.write("half a cache\n", to: cache)
        try site.write("half a cache's pages\n", to: pages)
        try site.write("a cache being written\n", to: runningCache)
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
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(cache).path))
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(pages).path))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(runningCache).path))
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

    @Test("manifest lines that lead out of the output folder are ignored: nothing outside is removed", .enabled(if: getuid() == 0))
    func manifestCannotLeadOut() throws {
        let (parent, site) = try Self.nestedSite()
        // On a mount point (files moved one by one) and in an ordinary folder (swapped whole).
        let mounted = parent.root.appendingPathComponent("mounted")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
        guard try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "none", mounted.path]).status == 0 else { return }
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [mounted.path]) }
        for output in [mounted, site.appendingPathComponent("public")] {
            #expect(try Sitegen.run(["build", site.path, "-o", output.path]).status == 0)
            try parent.write("victim\n", to: "victim.txt")
            try FileManager.default.createDirectory(at: parent.root.appendingPathComponent("empty-victim"), withIntermediateDirectories: true)
            let manifest = output.appendingPathComponent(".sitegen-manifest")
            let lines = ["f ../victim.txt", "f ../site/sitegen.yml", "d ../empty-victim", "f /etc/hostname", "f a/../../victim.txt", "f "]
            try (String(contentsOf: manifest, encoding: .utf8) + lines.joined(separator: "\n") + "\n").write(to: manifest, atomically: true, encoding: .utf8)
            #expect(try Sitegen.run(["build", site.path, "-o", output.path]).status == 0)
            #expect(FileManager.default.fileExists(atPath: parent.root.appendingPathComponent("victim.txt").path), "\(output.path)")
            #expect(FileManager.default.fileExists(atPath: parent.root.appendingPathComponent("empty-victim").path), "\(output.path)")
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("sitegen.yml").path), "\(output.path)")
        }
    }

    @Test("a folder of the output that the user replaced with a link is never written or removed through", .enabled(if: getuid() == 0))
    func neverThroughAUsersLink() throws {
        let (parent, site) = try Self.nestedSite()
        let mounted = site.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
        guard try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "none", mounted.path]).status == 0 else { return }
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [mounted.path]) }
        #expect(try Sitegen.run(["build", site.path]).status == 0)
        try parent.write("precious\n", to: "elsewhere/index.html")
        try FileManager.default.removeItem(at: mounted.appendingPathComponent("about"))
        try FileManager.default.createSymbolicLink(at: mounted.appendingPathComponent("about"),
                                                   withDestinationURL: parent.root.appendingPathComponent("elsewhere"))
        // While the page is made, the link is in its way: an error; once it is gone, the link stays.
        #expect(try Sitegen.run(["build", site.path]).status == 1)
        try FileManager.default.removeItem(at: site.appendingPathComponent("content/about.md"))
        #expect(try Sitegen.run(["build", site.path]).status == 0)
        #expect(try String(contentsOf: parent.root.appendingPathComponent("elsewhere/index.html"), encoding: .utf8) == "precious\n")
    }

    @Test("an output folder that holds the home folder is refused")
    func holdingHomeIsRefused() throws {
        let (parent, site) = try Self.nestedSite()
        try parent.write("secret\n", to: "people/me/.ssh/id")
        let process = Process()
        process.executableURL = ProcessRunner.sitegen
        process.arguments = ["build", site.path, "-o", parent.root.appendingPathComponent("people").path]
        process.environment = ["HOME": parent.root.appendingPathComponent("people/me").path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("it holds your home folder"))
    }

    @Test("an output folder reached through a bind mount of a site folder is refused", .enabled(if: getuid() == 0))
    func bindMountIsNoWayRound() throws {
        let (parent, site) = try Self.nestedSite()
        try parent.write("{{> nothing}}\n", to: "site/templates/mine.mustache")
        let bound = parent.root.appendingPathComponent("bound")
        try FileManager.default.createDirectory(at: bound, withIntermediateDirectories: true)
        guard try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"),
                                    ["--bind", site.appendingPathComponent("templates").path, bound.path]).status == 0 else { return }
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [bound.path]) }
        let result = try Sitegen.run(["build", site.path, "-o", bound.path])
        #expect(result.status == 1)
        #expect(result.error.contains("cannot be the output folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("templates").path) == ["mine.mustache"])
    }

    @Test("an output folder given as a link to nothing is refused, saying so; nothing is made where it points")
    func outputLinkToNothing() throws {
        let site = try TestSite(example: "blog")
        let link = site.root.appendingPathComponent("out"), target = site.root.appendingPathComponent("gone/out")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let result = try Sitegen.run(["build", "-o", "out"], in: site.root)
        #expect(result.status == 1)
        #expect(result.error.contains("out: cannot be the output folder: it is a link to \(target.path), which is not there"), "\(result.error)")
        #expect(FileSystem.kind(target.deletingLastPathComponent().path) == nil && FileSystem.kind(link.path) == .link)
    }

    @Test("folders of the user's in the output keep their permissions, owner and time across builds")
    func userFoldersKeepTheirAttributes() throws {
        let site = try TestSite(example: "blog")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        let notes = site.output.appendingPathComponent("notes")
        try site.write("mine\n", to: "public/notes/todo.txt")
        let old = Date(timeIntervalSince1970: 1_577_836_800)
        try FileManager.default.setAttributes([.posixPermissions: 0o2770, .modificationDate: old], ofItemAtPath: notes.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o2775], ofItemAtPath: site.output.path)
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: notes.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o2770)
        #expect((attributes[.modificationDate] as? Date) == old)
        #expect((try FileManager.default.attributesOfItem(atPath: site.output.path)[.posixPermissions] as? Int) == 0o2775)
    }

    @Test("a folder of the user's in the output (a .git/) keeps its extended attributes across builds, and its files stay the same files")
    func userFoldersKeepTheirExtendedAttributes() throws {
        let site = try TestSite(example: "blog")
        #expect(try Sitegen.run(["build"], in: site.root).status == 0)
        try site.write("ref: refs/heads/main\n", to: "public/.git/HEAD")
        try site.write("mine\n", to: "public/.git/objects/ab/cdef")
        try site.write("named like sitegen's\n", to: "public/.sitegen-notes/keep.txt")
        let git = site.output.appendingPathComponent(".git").path
        let canTag = Self.setAttribute(git, "user.sitegen-test", "kept") && Self.setAttribute(git + "/objects", "user.other", "too")
        let files = [git + "/HEAD", git + "/objects/ab/cdef"]
        let inodes = files.map(Self.inode)
        for _ in 0..<2 { #expect(try Sitegen.run(["build"], in: site.root).status == 0) }
        #expect(files.map(Self.inode) == inodes, "the same files, not copies")
        if canTag {
            #expect(Self.attribute(git, "user.sitegen-test") == "kept")
            #expect(Self.attribute(git + "/objects", "user.other") == "too")
        }
        #expect(try site.page(".git/HEAD") == "ref: refs/heads/main\n")
        #expect(try site.page(".sitegen-notes/keep.txt") == "named like sitegen's\n")
        #expect(try site.page("index.html").contains("<html"))
    }

    @Test("two builds into one output folder at once leave a manifest that names every file sitegen wrote")
    func concurrentBuilds() throws {
        let first = try TestSite(example: "blog")
        let second = try TestSite(example: "blog")
        try second.write("---\ntitle: Only here\n---\n\nOnly in the second site.\n", to: "content/only-here.md")
        let shared = first.root.appendingPathComponent("shared")
        let processes = [first.root, second.root, first.root].map { root -> Process in
            let process = Process()
            process.executableURL = ProcessRunner.sitegen
            process.arguments = ["build", root.path, "-o", shared.path, "--quiet"]
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        // Whichever build came last, the next builds of either site replace all of it.
        #expect(try Sitegen.run(["build", second.root.path, "-o", shared.path]).status == 0)
        #expect(try Sitegen.run(["build", first.root.path, "-o", shared.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: shared.appendingPathComponent("only-here/index.html").path))
    }
}
