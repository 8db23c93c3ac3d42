import Foundation
import Testing
import Sitegen
@testable import SitegenCLI
import TestSupport

@Suite("Sites with a Swift configuration target", .serialized)
struct SwiftSiteTests {
    @Test("sitegen build compiles Examples/plugins once, runs it, and its plugins shape the output")
    func pluginsExample() throws {
        let example = TestSite.examples.appendingPathComponent("plugins")
        let output = try TestSite()
        try? FileManager.default.removeItem(at: example.appendingPathComponent(".build/sitegen"))
        let first = try Sitegen.run(["build", example.path, "--output", output.output.path])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("Compiling the site's Swift code (1 file) against this sitegen…\n"), "compiled into a library, not by SwiftPM")
        #expect(first.output.contains("Built 2 pages"))
        let libraries = try FileManager.default.contentsOfDirectory(atPath: example.appendingPathComponent(".build/sitegen").path)
        #expect(libraries.filter { $0.hasPrefix("libPluginsSite-") && $0.hasSuffix(".so") }.count == 1)

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
        #expect(!second.output.contains("Compiling"), "no Swift file changed, so no compile")
        #expect(second.output.hasPrefix("Built 2 pages"))
    }

    @Test("a compile error in the site's Swift code shows the compiler's file:line: error line, and the output stays as it was")
    func libraryCompileError() throws {
        let site = try TestSite()
        try Self.writeSwiftSite(in: site, main: """
            import Sitegen
            import SitegenCLI

            @main struct Garden {
                static func main() async throws {
                    let count: Int = "three"
                    try await SitegenCLI.main(site: Site())
                }
            }
            """)
        try site.write("# A\n\n## B\n", to: "content/a.md")
        try site.write("kept\n", to: "public/kept.txt")
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("sitegen: error: compiling the site's Swift code failed:"))
        #expect(result.error.contains("Sources/Garden/Garden.swift:6:26: error: cannot convert value of type 'String' to specified type 'Int'"),
                "\(result.error)")
        #expect(try String(contentsOf: site.root.appendingPathComponent("public/kept.txt"), encoding: .utf8) == "kept\n")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("public/a/index.html").path))

        // Fixed: it builds, with its modifier.
        try Self.writeSwiftSite(in: site, main: Self.shoutingSite)
        let fixed = try Sitegen.run(["build", site.root.path, "--output", site.root.appendingPathComponent("out").path])
        #expect(fixed.status == 0, "\(fixed.error)")
        #expect(try String(contentsOf: site.root.appendingPathComponent("out/a/index.html"), encoding: .utf8)
            .contains("<h2 id=\"b\">B!</h2>"))
    }

    @Test("a configuration target of an older package (tools 5.9, Swift 5 mode, a synchronous main, products named by name) builds")
    func olderConfigurationTarget() throws {
        let site = try TestSite()
        try Self.writeSwiftSite(in: site, toolsVersion: "5.9", dependencies: "\"Sitegen\", \"SitegenCLI\"", main: """
            import Sitegen
            import SitegenCLI

            @main
            enum OldSite {
                static func main() async throws {
                    var site = Site()
                    site.addModifier(Modifier(target: .headings) { input in
                        input.html.replacingOccurrences(of: "</h2>", with: "!</h2>")
                    })
                    try await SitegenCLI.main(site: site)
                }
            }
            """)
        try site.write("# A\n\n## B\n", to: "content/a.md")
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(try site.page("a/index.html").contains("<h2 id=\"b\">B!</h2>"))
    }

    @Test("a site whose Swift code crashes mid-build is a clear error with status 1, and the output stays as it was")
    func crashingSiteCode() throws {
        let site = try TestSite()
        try Self.writeSwiftSite(in: site, main: """
            import Sitegen
            import SitegenCLI

            @main struct Garden {
                static func main() async throws {
                    var site = Site()
                    site.addModifier(Modifier(target: .headings) { input in
                        let parts = input.html.split(separator: "@")
                        return String(parts[3])
                    })
                    try await SitegenCLI.main(site: site)
                }
            }
            """)
        try site.write("# A\n\n## B\n", to: "content/a.md")
        try site.write("kept\n", to: "public/kept.txt")
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.error.contains("sitegen: error: the site's Swift code crashed (signal 4: a Swift runtime error, such as an index out of range; the backtrace above names the file and line); the previous output is untouched"),
                "\(result.error.suffix(500))")
        #expect(result.error.contains("Sources/Garden/Garden.swift:9:"), "the backtrace names the line")
        #expect(try String(contentsOf: site.root.appendingPathComponent("public/kept.txt"), encoding: .utf8) == "kept\n")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("public/a/index.html").path))
    }

    @Test("a main.swift of statements (the older style) is compiled into the library too, its errors at its own lines")
    func mainSwift() throws {
        let site = try TestSite()
        try Self.writeSwiftSite(in: site, main: "")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Sources/Garden/Garden.swift"))
        try site.write("""
            import Sitegen
            @preconcurrency import SitegenCLI

            var site = Site()
            site.addModifier(Modifier(target: .headings) { input in
                input.html.replacingOccurrences(of: "</h2>", with: "\\(mark())</h2>")
            })
            func mark() -> String { "!" }
            try await SitegenCLI.main(site: site)

            """, to: "Sources/Garden/main.swift")
        try site.write("# A\n\n## B\n", to: "content/a.md")
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Compiling the site's Swift code (1 file) against this sitegen…"))
        #expect(try site.page("a/index.html").contains("<h2 id=\"b\">B!</h2>"))

        try site.write("import Sitegen\nimport SitegenCLI\n\nlet count: Int = \"three\"\ntry await SitegenCLI.main(site: Site())\n",
                       to: "Sources/Garden/main.swift")
        let broken = try Sitegen.run(["build", site.root.path])
        #expect(broken.status == 1)
        #expect(broken.error.contains("Sources/Garden/main.swift:4:18: error: cannot convert value of type 'String' to specified type 'Int'"),
                "\(broken.error)")
    }

    @Test("careless targets: SitegenCLI.main() without the site, no Swift files, a printing manifest, braces in strings, @main in a comment, a linked Sources")
    func carelessTargets() throws {
        let site = try TestSite()
        try site.write("# A\n\n## B\n", to: "content/a.md")
        // The plain command line, called from the site's code: an error, not a loop of loads.
        try Self.writeSwiftSite(in: site, main: "import SitegenCLI\n\n@main struct Garden {\n    static func main() async {\n        await SitegenCLI.main()\n    }\n}")
        let plain = try Sitegen.run(["build", site.root.path])
        #expect(plain.status == 1)
        #expect(plain.error.contains("sitegen: error: the site's Swift code calls SitegenCLI.main() without its site"), "\(plain.error)")

        // A manifest that prints; a main.swift with a brace in a string, a main-actor function, and @main in a comment.
        let package = try String(contentsOf: site.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        try site.write(package + "print(\"hello from the manifest\")\n", to: "Package.swift")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Sources/Garden/Garden.swift"))
        try site.write("""
            import Sitegen
            import SitegenCLI

            /* @main struct Example {} */
            func open() -> String { "{" }
            @MainActor func makeSite() -> Site {
                var site = Site()
                site.addModifier(Modifier(target: .headings) { input in
                    input.html.replacingOccurrences(of: "</h2>", with: "!</h2>")
                })
                return site
            }
            print(open())
            try await SitegenCLI.main(site: makeSite())

            """, to: "Sources/Garden/main.swift")
        let careful = try Sitegen.run(["build", site.root.path])
        #expect(careful.status == 0, "\(careful.error)")
        #expect(try site.page("a/index.html").contains("<h2 id=\"b\">B!</h2>"))

        // Sources behind a link: an edit through it is compiled again.
        let elsewhere = try TestSite()
        try FileManager.default.moveItem(at: site.root.appendingPathComponent("Sources"), to: elsewhere.root.appendingPathComponent("Sources"))
        try FileManager.default.createSymbolicLink(at: site.root.appendingPathComponent("Sources"), withDestinationURL: elsewhere.root.appendingPathComponent("Sources"))
        #expect(try Sitegen.run(["build", site.root.path]).status == 0)
        let main = elsewhere.root.appendingPathComponent("Sources/Garden/main.swift")
        try String(contentsOf: main, encoding: .utf8).replacingOccurrences(of: "\"!</h2>\"", with: "\"?</h2>\"")
            .write(to: main, atomically: true, encoding: .utf8)
        let edited = try Sitegen.run(["build", site.root.path])
        #expect(edited.output.contains("Compiling the site's Swift code"))
        #expect(try site.page("a/index.html").contains("<h2 id=\"b\">B?</h2>"))

        // No Swift files: an error at once, not minutes of SwiftPM.
        try FileManager.default.removeItem(at: main)
        let empty = try Sitegen.run(["build", site.root.path])
        #expect(empty.status == 1)
        #expect(empty.error.contains("the target Garden of the site's Package.swift has no Swift files"), "\(empty.error)")
        #expect(!empty.output.contains("SwiftPM"))
    }

    @Test("a build stopped with kill (not ^C) stops its site program too: the output is never written after")
    func stoppedBuild() throws {
        let site = try TestSite()
        try site.write("# A\n", to: "content/a.md")
        try Self.writeSwiftSite(in: site, main: """
            import Sitegen
            import SitegenCLI

            @main struct Garden {
                static func main() async throws {
                    try await Task.sleep(for: .seconds(4))
                    try await SitegenCLI.main(site: Site())
                }
            }
            """)
        // Compiled first, so that the build below spends its time in the site's code.
        try site.write("# A\n", to: "content/a.md")
        #expect(try Sitegen.run(["build", site.root.path, "--output", site.root.appendingPathComponent("first").path]).status == 0)
        let process = Process()
        process.executableURL = Sitegen.executable
        process.arguments = ["build", site.root.path, "--quiet"]
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 5)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("public").path),
                "the site program went on after the build was stopped")
    }

    @Test("a @main type that never calls SitegenCLI.main(site:), or code that exits before it, is a clear error")
    func mainWithoutSite() throws {
        let site = try TestSite()
        try Self.writeSwiftSite(in: site, main: """
            @main struct Quiet {
                static func main() {}
            }
            """)
        try site.write("# A\n\n## B\n", to: "content/a.md")
        let quiet = try Sitegen.run(["build", site.root.path])
        #expect(quiet.status == 1)
        #expect(quiet.error.contains("sitegen: error: the site's @main type returned without calling SitegenCLI.main(site:)"), "\(quiet.error)")
        #expect(!quiet.error.contains("ended the program"), "one message")

        // exit(0) before the site is handed over: nothing built, and not a success.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Sources/Garden/Garden.swift"))
        try site.write("import Foundation\nimport SitegenCLI\n\nprint(\"configuring\")\nexit(0)\n", to: "Sources/Garden/main.swift")
        let exited = try Sitegen.run(["build", site.root.path])
        #expect(exited.status == 1)
        #expect(exited.output.contains("configuring"))
        #expect(exited.error.contains("sitegen: error: the site's Swift code ended the program before it called SitegenCLI.main(site:); nothing was built"))
        #expect(!site.exists("index.html"))
    }

    @Test("the kit `swift-kit --install-into` makes lets an installed copy compile and load a site's code without the build folder")
    func installedKit() throws {
        let prefix = try TestSite()
        let installed = prefix.root.appendingPathComponent("bin/sitegen")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Sitegen.executable, to: installed)
        let kit = prefix.root.appendingPathComponent("lib/sitegen/swift-kit")
        let install = try Sitegen.run(["swift-kit", "--install-into", kit.path, "--executable", installed.path])
        #expect(install.status == 0, "\(install.error)")
        let flags = try String(contentsOf: kit.appendingPathComponent("flags.json"), encoding: .utf8)
        #expect(!flags.contains(TestSite.packageRoot.path), "the kit names none of the build's files")
        #expect(FileManager.default.fileExists(atPath: kit.appendingPathComponent("Modules/SitegenCLI.swiftmodule").path))

        let site = try TestSite()
        try Self.writeSwiftSite(in: site, main: Self.shoutingSite)
        try site.write("# A\n\n## B\n", to: "content/a.md")
        let result = try ProcessRunner.run(installed, ["build", site.root.path], in: site.root)
        #expect(result.status == 0, "\(result.error)")
        // Nothing written into the site but its .build and its output (the compiler writes its module where it runs, unless told).
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
                == [".build", "Package.swift", "Sources", "content", "public", "sitegen-package"])
        #expect(try site.page("a/index.html").contains("<h2 id=\"b\">B!</h2>"))
    }

    @Test("the type marked @main is found past comments, attributes and modifiers")
    func mainType() {
        #expect(SwiftSitePackage.mainType(in: "// @main struct Commented {}\n@main struct Real {}") == "Real")
        #expect(SwiftSitePackage.mainType(in: "@main\n@MainActor\npublic final class Site: Sendable {}") == "Site")
        #expect(SwiftSitePackage.mainType(in: "struct NotMain {}") == nil)
        #expect(SiteLibraryCompiler.moduleName(of: "my-site.v2") == "my_site_v2")
        #expect(SiteLibraryCompiler.moduleName(of: "2026Site") == "_2026Site")
        #expect(EngineModules.moduleFlags(from: ["-module-name", "X", "-I", "/m", "-Xcc", "-fmodule-map-file=/a/module.modulemap",
                                                 "-Xcc", "-I", "-Xcc", "/inc", "-Xcc", "-g", "-target", "x86_64-unknown-linux-gnu"])
                == ["-I", "/m", "-Xcc", "-fmodule-map-file=/a/module.modulemap", "-Xcc", "-I", "-Xcc", "/inc",
                    "-target", "x86_64-unknown-linux-gnu"])
    }

    /// A site whose modifier adds `!` to every level-2 heading.
    static let shoutingSite = """
        import Sitegen
        import SitegenCLI

        @main struct Garden {
            static func main() async throws {
                var site = Site()
                site.addModifier(Modifier(target: .headings) { input in
                    input.html.replacingOccurrences(of: "</h2>", with: "!</h2>")
                })
                try await SitegenCLI.main(site: site)
            }
        }
        """

    /// Writes a Swift configuration target depending on this package (through a link), with one Swift file.
    static func writeSwiftSite(in site: TestSite, toolsVersion: String = "6.0",
                               dependencies: String = ".product(name: \"Sitegen\", package: \"sitegen-package\"), .product(name: \"SitegenCLI\", package: \"sitegen-package\")",
                               main: String) throws {
        let name = main.contains("enum OldSite") ? "OldSite" : "Garden"
        try site.write("""
            // swift-tools-version:\(toolsVersion)
            import PackageDescription

            let package = Package(
                name: "\(name)",
                dependencies: [.package(path: "sitegen-package")],
                targets: [.executableTarget(name: "\(name)", dependencies: [\(dependencies)])]
            )

            """, to: "Package.swift")
        try site.write(main + "\n", to: "Sources/\(name)/\(name).swift")
        // A link named as Examples/plugins names it, so that the package's name is fixed.
        let link = site.root.appendingPathComponent("sitegen-package")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil {
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: TestSite.packageRoot.path)
        }
    }

    @Test("a package SwiftPM must build (a target with resources) that does not compile is a clear error, saying why SwiftPM builds it")
    func compileError() throws {
        let site = try TestSite()
        try site.write("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Broken\", targets: [.executableTarget(name: \"Broken\", resources: [.copy(\"note.txt\")])])\n", to: "Package.swift")
        try site.write("let x: Int = \"not a number\"\n", to: "Sources/Broken/main.swift")
        try site.write("a resource\n", to: "Sources/Broken/note.txt")
        try site.write("# A\n", to: "content/a.md")
        let result = try Sitegen.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.output.contains("Compiling the site's Swift package with SwiftPM"), "resources need SwiftPM")
        #expect(result.output.contains("because it has resources…"))
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
        try site.write("# A\n\n## B\n", to: "content/a.md")
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
