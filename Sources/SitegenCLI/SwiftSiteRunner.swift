import ArgumentParser
import Foundation

/// Runs a site's Swift configuration target: a `Package.swift` beside `content/` whose
/// executable calls `SitegenCLI.main(site:)`. It is compiled with `swift build -c release`
/// (not again while no Swift file changed) and run with the same arguments, its output and
/// exit status passed through.
struct SwiftSiteRunner {
    /// Set in the site program's environment, so that it builds instead of compiling itself.
    static let environmentKey = "SITEGEN_SWIFT_SITE"

    let folder: URL

    /// The folder's Swift configuration target, if it has one and we are not running inside it.
    static func find(in folder: URL) -> SwiftSiteRunner? {
        guard ProcessInfo.processInfo.environment[environmentKey] == nil,
              FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else { return nil }
        return SwiftSiteRunner(folder: folder)
    }

    /// When `folder` has a Swift configuration target (and this is not the site's own program),
    /// runs it with this process's arguments and returns true; the command is then done.
    /// A non-zero exit of the site program, or a problem compiling it, ends the process.
    static func delegate(folder: URL, quiet: Bool) throws -> Bool {
        guard SitegenCLI.configuredSite == nil, let site = find(in: folder) else { return false }
        do {
            let status = try site.run(arguments: Array(CommandLine.arguments.dropFirst()), quiet: quiet)
            if status != 0 { throw ExitCode(status) }
            return true
        } catch let error as SwiftSiteError {
            TerminalOutput.error(error.description)
            throw ExitCode.failure
        }
    }

    /// Compiles when needed, then runs the site program with `arguments`; returns its exit status.
    func run(arguments: [String], quiet: Bool) throws -> Int32 {
        let process = Self.siteProgram(try compiledExecutable(quiet: quiet), arguments: arguments)
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A process for the compiled site program, told that it is the site's own program.
    static func siteProgram(_ executable: URL, arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = "1"
        process.environment = environment
        return process
    }

    private var cacheFile: URL { folder.appendingPathComponent(".build/sitegen-site.cache") }

    /// The built site program, compiling it first unless the cache says its Swift files are unchanged.
    func compiledExecutable(quiet: Bool) throws -> URL {
        let stamps = try self.sourceStamps()
        if let cached = try? String(contentsOf: cacheFile, encoding: .utf8) {
            let lines = cached.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.count >= 2, lines[0] == stamps, FileManager.default.isExecutableFile(atPath: lines[1]) {
                return URL(fileURLWithPath: lines[1])
            }
        }
        guard let swift = Self.which("swift") else {
            throw SwiftSiteError("this site has a Package.swift, which needs the Swift toolchain to compile; `swift` is not on PATH. Install Swift, or remove Package.swift to build the site without Swift.")
        }
        if !quiet { FileHandle.standardError.write(Data("Compiling the site's Swift package (swift build -c release)…\n".utf8)) }
        let product = try executableProduct(swift: swift)
        let build = try Self.capture(swift, ["build", "-c", "release", "--product", product], in: folder)
        guard build.status == 0 else {
            throw SwiftSiteError("compiling the site's Swift package failed:\n" + build.output)
        }
        let binPath = try Self.capture(swift, ["build", "-c", "release", "--show-bin-path"], in: folder)
        let executable = URL(fileURLWithPath: binPath.output.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent(product)
        try? FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? (stamps + "\n" + executable.path + "\n").write(to: cacheFile, atomically: true, encoding: .utf8)
        return executable
    }

    /// The name of the package's executable product.
    private func executableProduct(swift: URL) throws -> String {
        let description = try Self.capture(swift, ["package", "describe", "--type", "json"], in: folder)
        guard description.status == 0, let data = description.output.data(using: .utf8),
              let package = try? JSONDecoder().decode(PackageProducts.self, from: data) else {
            throw SwiftSiteError("cannot read the site's Package.swift:\n" + description.output)
        }
        let executables = package.products.filter(\.isExecutable).map(\.name)
        guard let product = executables.first, executables.count == 1 else {
            throw SwiftSiteError("the site's Package.swift must have exactly one executable product (found \(executables.count))")
        }
        return product
    }

    /// Sizes and modification times of Package.swift, every Swift file under Sources/, and the
    /// running `sitegen` (a new sitegen compiles the site again, against its library).
    private func sourceStamps() throws -> String {
        var entries: [String] = []
        let fileManager = FileManager.default
        if let running = Bundle.main.executableURL,
           let attributes = try? fileManager.attributesOfItem(atPath: running.resolvingSymlinksInPath().path) {
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            entries.append("sitegen:\(attributes[.size] ?? 0):\(modified)")
        }
        var files = [folder.appendingPathComponent("Package.swift")]
        if let sources = fileManager.enumerator(at: folder.appendingPathComponent("Sources"), includingPropertiesForKeys: nil) {
            for case let url as URL in sources where url.pathExtension == "swift" { files.append(url) }
        }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let attributes = try fileManager.attributesOfItem(atPath: file.path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            entries.append("\(file.lastPathComponent):\(attributes[.size] ?? 0):\(modified)")
        }
        return entries.joined(separator: "|")
    }

    private static func which(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    private static func capture(_ executable: URL, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A problem with a site's Swift configuration target.
struct SwiftSiteError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The products of `swift package describe --type json`: each one's name, and whether its
/// `type` is `{"executable": null}`.
private struct PackageProducts: Decodable {
    struct Product: Decodable {
        let name: String
        let isExecutable: Bool

        private enum Keys: String, CodingKey { case name, type }
        private struct Kind: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            isExecutable = try container.nestedContainer(keyedBy: Kind.self, forKey: .type).contains(Kind(stringValue: "executable"))
        }
    }

    let products: [Product]
}
