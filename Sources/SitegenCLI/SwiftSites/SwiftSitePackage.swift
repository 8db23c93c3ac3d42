import Foundation

/// What `sitegen` reads of a site's `Package.swift` (`swift package dump-package`): its
/// executable target, the files of it, and whether it needs nothing but sitegen's own modules,
/// which is when it can be compiled into a library that the running `sitegen` loads.
struct SwiftSitePackage: Sendable {
    /// The executable target's name (also its module's).
    let target: String
    /// Its Swift files, sorted.
    let sources: [URL]
    /// Why it must be built by SwiftPM as a program of its own; nil when it can be a library.
    let needsSwiftPM: String?
    /// Where the target's program starts, which calls `SitegenCLI.main(site:)`.
    let entry: Entry?
    /// The Swift language mode of its tools version (`6` from `swift-tools-version:6.0` on).
    let languageMode: String

    enum Entry: Sendable, Equatable {
        /// The type marked `@main`.
        case mainType(String)
        /// `main.swift`, whose statements are the program.
        case mainFile(URL)
    }

    /// The modules of sitegen's package a site target may use.
    static let engineProducts: Set<String> = ["Sitegen", "SitegenCLI", "SitegenMarkdown", "SitegenTemplates",
                                              "SitegenHighlight", "SitegenImages"]

    /// Reads the package of `folder` with `swift`.
    static func read(folder: URL, swift: URL) throws -> SwiftSitePackage {
        // The manifest's cache in the site's `.build`, not the user's home; what it prints, and
        // SwiftPM's notes (another build holding `.build`), apart from the JSON.
        let dump = try SwiftSiteRunner.capture(swift, ["package", "--manifest-cache", "local", "dump-package"], in: folder,
                                               separatingErrors: true)
        guard dump.status == 0, let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(dump.output.utf8)) else {
            throw SwiftSiteError("cannot read the site's Package.swift:\n" + dump.errors + dump.output)
        }
        let executables = manifest.targets.filter { $0.type == "executable" }
        guard let target = executables.first, executables.count == 1 else {
            throw SwiftSiteError("the site's Package.swift must have exactly one executable target (found \(executables.count))")
        }
        let site = folder.standardizedFileURL.path
        let written = folder.appendingPathComponent(target.path ?? "Sources/\(target.name)").standardizedFileURL
        guard written.path.hasPrefix(site + "/") else {
            throw SwiftSiteError("the target \(target.name) of the site's Package.swift is at \(target.path ?? written.path), outside the site folder")
        }
        // Its files where they are (a linked folder followed), as SwiftPM finds them.
        let folder = written.resolvingSymlinksInPath()
        let excluded = target.exclude.map { folder.appendingPathComponent($0).standardizedFileURL.path }
        var sources: [URL] = []
        if let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
            for case let file as URL in files where file.pathExtension == "swift"
                && !excluded.contains(where: { file.standardizedFileURL.path == $0 || file.standardizedFileURL.path.hasPrefix($0 + "/") }) {
                sources.append(file.standardizedFileURL)
            }
        }
        sources.sort { $0.path < $1.path }
        guard !sources.isEmpty else { throw SwiftSiteError("the target \(target.name) of the site's Package.swift has no Swift files in \(folder.path)") }
        let entry = sources.first(where: { $0.lastPathComponent == "main.swift" }).map(Entry.mainFile)
            ?? sources.lazy.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
                .compactMap { Self.mainType(in: SwiftCode.blanked($0)) }.first.map(Entry.mainType)
        return SwiftSitePackage(target: target.name, sources: sources,
                                needsSwiftPM: Self.reasonForSwiftPM(target, entry: entry),
                                entry: entry,
                                languageMode: (Int(manifest.toolsVersion.version.prefix(while: \.isNumber)) ?? 6) >= 6 ? "6" : "5")
    }

    /// Why `target` cannot be compiled alone against sitegen's modules, if it cannot.
    private static func reasonForSwiftPM(_ target: Manifest.Target, entry: Entry?) -> String? {
        for dependency in target.dependencies {
            switch dependency {
            case .product(let name) where engineProducts.contains(name): continue
            case .product(let name): return "it uses \(name), which is not one of sitegen's modules"
            case .target(let name): return "it uses its own target \(name)"
            }
        }
        if !target.resources.isEmpty { return "it has resources" }
        if !target.settings.isEmpty { return "it has build settings" }
        if entry == nil { return "it has neither a main.swift nor a type marked @main" }
        return nil
    }

    /// The name of the type declared `@main` in `source`, outside comments.
    static func mainType(in source: String) -> String? {
        var afterMain = false
        for line in source.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if let comment = words.firstIndex(where: { $0.hasPrefix("//") }) { words.removeSubrange(comment...) }
            if !afterMain {
                guard let at = words.firstIndex(of: "@main") else { continue }
                words.removeSubrange(...at)
                afterMain = true
            }
            for (index, word) in words.enumerated() where ["struct", "enum", "class", "actor"].contains(word) {
                guard index + 1 < words.count else { return nil }
                let name = words[index + 1].prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                return name.isEmpty ? nil : String(name)
            }
        }
        return nil
    }

    /// The parts of `swift package dump-package`'s JSON read here.
    private struct Manifest: Decodable {
        struct Target: Decodable {
            let name: String
            let type: String
            let path: String?
            let exclude: [String]
            let resources: [Resource]
            let settings: [Setting]
            let dependencies: [Dependency]

            struct Resource: Decodable {}
            struct Setting: Decodable {}
        }

        enum Dependency: Decodable {
            case product(String)
            case target(String)

            private enum Keys: String, CodingKey { case product, target, byName }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                if var product = try? container.nestedUnkeyedContainer(forKey: .product) {
                    self = .product(try product.decode(String.self))
                } else if var target = try? container.nestedUnkeyedContainer(forKey: .target) {
                    self = .target(try target.decode(String.self))
                } else {
                    // `byName`: a product of a package of the same name, or a target of this package.
                    var byName = try container.nestedUnkeyedContainer(forKey: .byName)
                    let name = try byName.decode(String.self)
                    self = SwiftSitePackage.engineProducts.contains(name) ? .product(name) : .target(name)
                }
            }
        }

        let targets: [Target]
        let toolsVersion: ToolsVersion

        struct ToolsVersion: Decodable {
            let version: String
            private enum Keys: String, CodingKey { case version = "_version" }
            init(from decoder: any Decoder) throws {
                version = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .version)
            }
        }
    }
}
