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
            ".gitignore": "public/\n.build/\n",
        ]
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
            if !isURL {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let target = URL(fileURLWithPath: sitegen).standardizedFileURL
                try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("sitegen-package"), withDestinationURL: target)
            }
        }
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
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
        let content = FileManager.default.fileExists(atPath: root.appendingPathComponent("content").path)
            ? root.appendingPathComponent("content") : root
        // The page's URL comes from the file name by the same rule: the post is at /posts/SLUG/.
        let titleSlug = Slug.make(title)
        let slug = titleSlug.contains(where: { $0.isLetter || $0.isNumber }) ? titleSlug : "post"
        let file = content.appendingPathComponent(section).appendingPathComponent("\(Self.datePrefix(Date()))-\(slug).md")
        guard !FileManager.default.fileExists(atPath: file.path) else {
            TerminalOutput.error("\(file.path) already exists")
            throw ExitCode.failure
        }
        let quoted = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "---\ntitle: \"\(quoted)\"\ndate: \(ISO8601DateFormatter().string(from: Date()))\ntags: []\n---\n\n".write(to: file, atomically: true, encoding: .utf8)
        print("Created \(file.path)")
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
