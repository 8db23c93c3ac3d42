import ArgumentParser
import Foundation
import Sitegen

/// `sitegen new site NAME` and `sitegen new post TITLE`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a site or a post.",
        subcommands: [NewSiteCommand.self, NewPostCommand.self]
    )

    /// What went wrong, in the system's words: the POSIX reason under a Foundation error
    /// ("Not a directory", "File name too long"), whose own text is often only a code.
    static func reason(_ error: any Error) -> String {
        var error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error { error = underlying as NSError }
        return error.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(error.code))) : error.localizedDescription
    }
}

/// `sitegen new site NAME [--swift --sitegen PATH]`.
struct NewSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Create a site folder that builds at once: sitegen.yml, content/, a first post."
    )

    @Argument(help: "The folder to create.")
    var name: String

    @Flag(help: "Add a Swift configuration target (Package.swift) for your own plugins.")
    var swift = false

    @Option(help: "With --swift: the sitegen package to depend on, a local checkout path or a git URL.")
    var sitegen: String?

    func validate() throws {
        if swift && sitegen == nil { throw ValidationError("--swift needs --sitegen PATH_OR_URL: the sitegen package to depend on.") }
    }

    func run() throws {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            TerminalOutput.error("give the new site a folder name, such as: sitegen new site my-blog")
            throw ExitCode.failure
        }
        let folder = URL(fileURLWithPath: name)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            TerminalOutput.error("\(name) already exists; choose a new folder name")
            throw ExitCode.failure
        }
        let title = ContentWords.title(folder.lastPathComponent)
        var files: [String: String] = [
            "sitegen.yml": "title: \(title)\ndescription: \"\"\nbaseURL: /\nplugins: [headingAnchors, readingTime]\n",
            "content/_index.md": "# \(title)\n\nWelcome. Edit content/_index.md to change this text.\n",
            "content/posts/_index.md": "---\ntitle: Posts\n---\n",
            "content/posts/\(NewPostCommand.datePrefix(Date()))-hello-world.md":
                "---\ntitle: Hello, world\ntags: [welcome]\n---\n\nThis is the first post. Write the next with `sitegen new post \"Title\"`.\n",
            "static/.gitkeep": "",
            ".gitignore": "public/\n.build/\n.sitegen-cache-*\n.sitegen-spare-*\n",
        ]
        var packageLink: URL?
        if let sitegen {
            let isURL = sitegen.contains("://") || sitegen.hasPrefix("git@")
            let dependency = isURL ? ".package(url: \"\(sitegen)\", branch: \"main\")" : ".package(path: \"sitegen-package\")"
            let package = isURL ? URL(string: sitegen)?.deletingPathExtension().lastPathComponent.lowercased() ?? "sitegen" : "sitegen-package"
            files["Package.swift"] = """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "Site",
                    platforms: [.macOS(.v15)],
                    dependencies: [\(dependency)],
                    targets: [
                        .executableTarget(name: "Site", dependencies: [
                            .product(name: "Sitegen", package: "\(package)"),
                            .product(name: "SitegenCLI", package: "\(package)"),
                        ]),
                    ]
                )

                """
            files["Sources/Site/Site.swift"] = """
                import Sitegen
                import SitegenCLI

                /// This site's own build: add modifiers, plugins and steps here.
                @main
                struct SiteProgram {
                    static func main() async throws {
                        var site = Site()
                        site.install(.headingAnchors, .readingTime)
                        site.addModifier(Modifier(target: .images) { html, _ in
                            html.replacingOccurrences(of: "<img ", with: "<img loading=\\"lazy\\" ")
                        })
                        try await SitegenCLI.main(site: site)
                    }
                }

                """
            if !isURL { packageLink = URL(fileURLWithPath: sitegen).standardizedFileURL }
        }
        do {
            if let packageLink {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("sitegen-package"), withDestinationURL: packageLink)
            }
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
        } catch {
            TerminalOutput.error("\(folder.path): cannot create the site: \(NewCommand.reason(error))")
            throw ExitCode.failure
        }
        print("Created \(name)/. Build it with: sitegen build \(name)")
    }
}

/// `sitegen new post TITLE [--path SITE]`.
struct NewPostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "post", abstract: "Write a dated post with front matter.")

    @Argument(help: "The post's title.")
    var title: String

    @Option(help: "The site folder.")
    var path: String = "."

    @Option(help: "The section folder inside content/.")
    var section: String = "posts"

    func run() throws {
        let root = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            TerminalOutput.error("\(path): no such folder")
            throw ExitCode.failure
        }
        let hasContentFolder = FileManager.default.fileExists(atPath: root.appendingPathComponent("content").path)
        // Outside a site a post would land in a stray ./posts/ that no build reads as meant.
        guard hasContentFolder || SiteLayout.ownConfigurationNames.contains(where: {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }) else {
            TerminalOutput.error("\(root.standardizedFileURL.path) is not a site: it has no content/ folder and no sitegen.yml (or sitegen.yaml); "
                                 + "run this in a site folder, give one with --path SITE, or start one with: sitegen new site NAME")
            throw ExitCode.failure
        }
        let content = hasContentFolder ? root.appendingPathComponent("content") : root
        let names = section.split(separator: "/", omittingEmptySubsequences: false)
        guard !section.hasPrefix("/"), names.allSatisfy({ name in
            !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".")
                && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        }) else {
            TerminalOutput.error("--section \(section): give a folder inside content/, such as posts or notes/2026 (no /, .. or hidden folders)")
            throw ExitCode.failure
        }
        // The page's URL comes from the file name by the same rule: the post is at /posts/SLUG/.
        let slug = Self.shortened(Slug.make(title))
        guard slug.contains(where: { $0.isLetter || $0.isNumber }) else {
            TerminalOutput.error("the title \"\(title)\" has no letters or digits to name the file after; give it a title with words")
            throw ExitCode.failure
        }
        let folder = content.appendingPathComponent(section)
        guard Self.staysInside(content, folder) else {
            TerminalOutput.error("--section \(section): \(folder.path) links outside \(content.path); choose another section")
            throw ExitCode.failure
        }
        let file = folder.appendingPathComponent("\(Self.datePrefix(Date()))-\(slug).md")
        // attributesOfItem does not follow links: a link there, even one that leads nowhere, is not written through.
        guard (try? FileManager.default.attributesOfItem(atPath: file.path)) == nil else {
            TerminalOutput.error("\(file.path) already exists")
            throw ExitCode.failure
        }
        var folderOnTheWay = content
        for name in names {
            folderOnTheWay.appendPathComponent(String(name))
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folderOnTheWay.path, isDirectory: &isFolder), !isFolder.boolValue {
                TerminalOutput.error("--section \(section): \(folderOnTheWay.path) is a file, not a folder; choose another section")
                throw ExitCode.failure
            }
        }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "---\ntitle: \"\(Self.quoted(title))\"\ndate: \(ISO8601DateFormatter().string(from: Date()))\ntags: []\n---\n\n".write(to: file, atomically: true, encoding: .utf8)
        } catch {
            TerminalOutput.error("\(file.path): cannot create the post: \(NewCommand.reason(error))")
            throw ExitCode.failure
        }
        print("Created \(file.path)")
    }

    /// A slug short enough for a file name (at most 80 UTF-8 bytes, cut after a whole word
    /// when one ends past half of it), whatever the title's length.
    static func shortened(_ slug: String) -> String {
        let limit = 80
        guard slug.utf8.count > limit else { return slug }
        var cut = ""
        for character in slug {
            guard cut.utf8.count + character.utf8.count <= limit else { break }
            cut.append(character)
        }
        if let dash = cut.lastIndex(of: "-"), cut.utf8.distance(from: cut.startIndex, to: dash) > limit / 2 {
            cut = String(cut[..<dash])
        }
        return cut
    }

    /// Whether `folder` (which need not exist yet) is inside `content` once the links of its
    /// existing part are followed: a section that is a link to elsewhere is not written into.
    static func staysInside(_ content: URL, _ folder: URL) -> Bool {
        var existing = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: existing.path) && existing.pathComponents.count > 1 {
            existing.deleteLastPathComponent()
        }
        let real = existing.resolvingSymlinksInPath().path
        let top = content.standardizedFileURL.resolvingSymlinksInPath().path
        return real == top || real.hasPrefix(top.hasSuffix("/") ? top : top + "/")
    }

    /// `title` inside YAML double quotes: backslashes, quotes and control characters escaped.
    static func quoted(_ title: String) -> String {
        var text = ""
        for scalar in title.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: text += String(format: "\\x%02X", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    static func datePrefix(_ date: Date) -> String {
        String(ISO8601DateFormatter().string(from: date).prefix(10))
    }
}

/// Names for scaffolded files and titles.
enum ContentWords {
    /// `my-blog` → `My blog`.
    static func title(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
