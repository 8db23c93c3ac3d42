import Foundation
import Testing
import Sitegen

@Suite("Sites with a Swift configuration target", .serialized)
struct SwiftSiteTests {
    @Test("sitegen build compiles Examples/plugins once, runs it, and its plugins shape the output")
    func pluginsExample() throws {
        let example = TestSite.examples.appendingPathComponent("plugins")
        let output = try TestSite()
        let first = try Sitegen.run(["build", example.path, "--output", output.output.path])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.hasPrefix("Built 2 pages"))

        let code = try output.page("guides/code/index.html").withoutSpans
        #expect(code.contains("<figure class=\"code\"><figcaption>Sources/App/main.swift</figcaption>\n<pre><code class=\"language-swift\">"))
        #expect(code.contains("<pre><code class=\"language-sh\">swift build\n</code></pre>"), "no caption without a title")
        #expect(code.contains("<h2 id=\"a-captioned-block\">A captioned block <a class=\"permalink\" href=\"#a-captioned-block\">¶</a></h2>"))
        #expect(code.contains("\n<figure><img src=\"/guides/garden.png\" alt=\"A sketch of the garden\" title=\"The garden in May\" decoding=\"async\" width=\"40\" height=\"20\" /><figcaption>The garden in May</figcaption></figure>\n"))
        #expect(code.contains("<p class=\"badge\">Quick read</p>"))
        #expect(code.contains("<a href=\"/\">home page</a>"))
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: output.output.appendingPathComponent("search.json"))) as? [[String: String]]
        #expect(index?.map { $0["url"] ?? "" } == ["/about/", "/guides/code/"])
        #expect(index?.first?["title"] == "About the garden")

        let second = try Sitegen.run(["build", example.path, "--output", output.output.path])
        #expect(second.status == 0)
        #expect(!second.error.contains("Compiling"), "no Swift file changed, so no compile")
    }

    @Test("a Package.swift that does not compile is a clear error")
    func compileError() throws {
        let site = try TestSite()
        try site.write("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Broken\", targets: [.executableTarget(name: \"Broken\")])\n", to: "Package.swift")
        try site.write("let x: Int = \"not a number\"\n", to: "Sources/Broken/main.swift")
        try site.write("# A\n", to: "content/a.md")
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("sitegen: error: compiling the site's Swift package failed:"))
        #expect(result.error.contains("main.swift:1"))
    }

    @Test("sitegen serve keeps its port while a changed Swift site is compiled again and restarted, and the browser reloads")
    func serveRestartsTheSiteProgram() throws {
        let example = TestSite.examples.appendingPathComponent("plugins")
        let added = example.appendingPathComponent("Sources/PluginsSite/LiveTouch.swift")
        defer { try? FileManager.default.removeItem(at: added) }
        let server = try PreviewProcess(root: example, startTimeout: 900)
        try server.waitForLog("Built 2 pages", timeout: 120)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try server.request("/guides/code/").body.contains("<p class=\"badge\">"))
        let events = try server.listen()

        try "// Added by a test: a change to the site's Swift sources.\n".write(to: added, atomically: true, encoding: .utf8)
        _ = try events.waitFor("event: reload", timeout: 900)
        #expect(server.log.contains("The site's Swift files changed: compiling and restarting it"))
        #expect(try server.request("/guides/code/").status == 200)
    }
}

/// A Swift site's worker program stops when `sitegen serve` asks it to, whatever signals it
/// was started ignoring.
@Suite("The worker of a Swift site's preview")
struct SwiftSiteWorkerStopTests {
    @Test("a worker started with SIGTERM ignored (as a parent's handled signals can be) still ends on SIGTERM")
    func stopsOnTerminate() throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        let preview = try TestSite()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `trap '' TERM` leaves SIGTERM ignored across `exec`, as a parent's SIG_IGN is.
        process.arguments = ["-c", "trap '' TERM; exec \"$0\" serve \"$1\" --worker-base-url http://127.0.0.1:9/ --preview-folder \"$2\"",
                             Sitegen.executable.path, site.root.path, preview.root.path]
        let lifeline = Pipe(), output = Pipe()
        process.standardInput = lifeline
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Until its first build is done, then asked to stop.
        var log = Data()
        while !String(decoding: log, as: UTF8.self).contains("\n"), process.isRunning {
            log += output.fileHandleForReading.availableData
        }
        process.terminate()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning, "the worker ignored SIGTERM; its log: \(String(decoding: log, as: UTF8.self))")
        _ = lifeline
    }
}
