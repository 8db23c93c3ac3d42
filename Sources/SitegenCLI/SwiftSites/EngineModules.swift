import Foundation

/// The compiled modules of the running `sitegen` (its `.swiftmodule` files and the C modules
/// they import), against which a site's Swift code is compiled into a library that this same
/// `sitegen` loads: the engine is never compiled again for a site.
///
/// Found in one of two places, both checked against the running executable:
/// - the SwiftPM build folder the executable is in (`.build/release/Modules`, with the
///   compiler's flags read from SwiftPM's `.build/release.yaml`): `swift run`, a link to the
///   build, the tests;
/// - the kit `Scripts/setup --install` puts beside an installed copy
///   (`PREFIX/lib/sitegen/swift-kit/`, made by `sitegen swift-kit --install-into`), which
///   names the size and time of the executable it belongs to.
struct EngineModules: Sendable {
    /// The compiler that built the engine (the one on PATH when it is gone).
    let compiler: String
    /// `-I`, `-target` and the C modules' `-Xcc` flags of the engine's own compilation.
    let flags: [String]
    /// The module the site imports that must be there.
    static let requiredModule = "SitegenCLI"

    /// The running executable, with its links resolved.
    static var executable: String {
        FileManager.default.destinationOfSymbolicLinkFollowingAll("/proc/self/exe")
            ?? (Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? CommandLine.arguments[0])
    }

    /// The modules of the running executable, or why there are none.
    static func locate() -> Result<EngineModules, SwiftSiteError> {
        #if os(Linux)
        let executable = Self.executable
        let folder = (executable as NSString).deletingLastPathComponent
        let kit = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("lib/sitegen/swift-kit")
        if FileManager.default.fileExists(atPath: kit + "/" + kitFlagsFile) {
            return installed(kit: kit, executable: executable)
        }
        if FileManager.default.fileExists(atPath: folder + "/Modules/\(requiredModule).swiftmodule") {
            return buildFolder(folder, executable: executable)
        }
        return .failure(SwiftSiteError("this sitegen has no Swift modules beside it (install it with Scripts/setup --install, "
                                       + "which puts them in PREFIX/lib/sitegen/swift-kit)"))
        #else
        return .failure(SwiftSiteError("compiling a site's Swift code into a library sitegen loads is made for Linux"))
        #endif
    }

    // MARK: A SwiftPM build folder

    /// The modules of the SwiftPM build folder `folder` (`.build/x86_64-unknown-linux-gnu/release`),
    /// with the flags SwiftPM compiled `SitegenCLI` with (`.build/release.yaml`).
    private static func buildFolder(_ folder: String, executable: String) -> Result<EngineModules, SwiftSiteError> {
        let configuration = (folder as NSString).lastPathComponent
        let buildRoot = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let manifest = buildRoot + "/" + configuration + ".yaml"
        // A build that made the modules and stopped before linking leaves them newer than the executable.
        guard let built = modificationDate(executable),
              ["Sitegen", requiredModule].allSatisfy({ (modificationDate(folder + "/Modules/\($0).swiftmodule") ?? .distantFuture) <= built }) else {
            return .failure(SwiftSiteError("the Swift modules in \(folder) are newer than its sitegen (a build that did not finish?)"))
        }
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8),
              let arguments = compilerArguments(ofModule: requiredModule, in: text) else {
            return .failure(SwiftSiteError("cannot read how \(requiredModule) was compiled from \(manifest)"))
        }
        return .success(EngineModules(compiler: usableCompiler(arguments[0]), flags: moduleFlags(from: Array(arguments.dropFirst()))))
    }

    /// The `args` of the command that compiled `module` in a SwiftPM build manifest.
    static func compilerArguments(ofModule module: String, in manifest: String) -> [String]? {
        var inCommand = false
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("\"C.\(module)-"), trimmed.hasSuffix(".module\":") {
                inCommand = true
            } else if inCommand, trimmed.hasPrefix("args: ") {
                return try? JSONDecoder().decode([String].self, from: Data(trimmed.dropFirst("args: ".count).utf8))
            } else if inCommand, !line.hasPrefix("    ") {
                inCommand = false
            }
        }
        return nil
    }

    /// The flags of a module's compilation that a client of it needs: where the modules are
    /// (`-I`), the target, and the C modules (`-Xcc -fmodule-map-file=…`, `-Xcc -I -Xcc …`).
    static func moduleFlags(from arguments: [String]) -> [String] {
        var flags: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let next = index + 1 < arguments.count ? arguments[index + 1] : ""
            if (argument == "-I" || argument == "-target") && !next.isEmpty {
                flags += [argument, next]
                index += 2
            } else if argument == "-Xcc", next.hasPrefix("-fmodule-map-file=") {
                flags += [argument, next]
                index += 2
            } else if argument == "-Xcc", next == "-I", index + 3 < arguments.count, arguments[index + 2] == "-Xcc" {
                flags += Array(arguments[index...(index + 3)])
                index += 4
            } else {
                index += 1
            }
        }
        return flags
    }

    // MARK: An installed kit

    /// The file of a kit that holds its compiler, the executable it belongs to, and its flags.
    static let kitFlagsFile = "flags.json"

    private struct KitDescription: Codable {
        var compiler: String
        /// Size and modification time of the installed executable the modules belong to.
        var executableSize: UInt64
        var executableModified: Double
        /// Flags with the kit's folder written `$KIT`.
        var flags: [String]
    }

    private static func installed(kit: String, executable: String) -> Result<EngineModules, SwiftSiteError> {
        guard let data = FileManager.default.contents(atPath: kit + "/" + kitFlagsFile),
              let description = try? JSONDecoder().decode(KitDescription.self, from: data) else {
            return .failure(SwiftSiteError("cannot read \(kit)/\(kitFlagsFile)"))
        }
        guard let stamp = sizeAndTime(executable), stamp.size == description.executableSize,
              stamp.modified == description.executableModified else {
            return .failure(SwiftSiteError("the Swift modules in \(kit) belong to another sitegen than \(executable) "
                                           + "(install both again with Scripts/setup --install)"))
        }
        return .success(EngineModules(compiler: usableCompiler(description.compiler),
                                      flags: description.flags.map { $0.replacingOccurrences(of: "$KIT", with: kit) }))
    }

    /// Makes the kit of `executable` (installed from this build folder) in `kit`: the modules, and
    /// a copy of every C module's map and headers, so that the build folder can go.
    func install(into kit: String, executable: String) throws {
        let fileManager = FileManager.default
        try? fileManager.removeItem(atPath: kit)
        try fileManager.createDirectory(atPath: kit + "/Modules", withIntermediateDirectories: true)
        // The C modules' header folders first (module maps are often in them), each in a folder of its own.
        var copied: [(from: String, to: String)] = []
        func copy(_ path: String, as name: String) throws -> String {
            if let done = copied.first(where: { $0.from == path }) { return done.to }
            let folder = kit + "/C/\(copied.count)"
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try fileManager.copyItem(atPath: path, toPath: folder + "/" + name)
            copied.append((path, folder + "/" + name))
            return folder + "/" + name
        }
        for (index, flag) in flags.enumerated() where flag == "-I" && index >= 2 && flags[index - 1] == "-Xcc" {
            _ = try copy(flags[index + 2], as: "include")
        }
        var kitFlags: [String] = []
        var index = 0
        while index < flags.count {
            let flag = flags[index], value = flags[index + 1]
            switch flag {
            case "-I":
                // The libraries' modules, not the executables' (`sitegen`, `sitegen_bench`).
                for name in try fileManager.contentsOfDirectory(atPath: value) where name.hasSuffix(".swiftmodule") && !name.hasPrefix("sitegen") {
                    try fileManager.copyItem(atPath: value + "/" + name, toPath: kit + "/Modules/" + name)
                }
                kitFlags += ["-I", kit + "/Modules"]
                index += 2
            case "-Xcc" where value == "-I":
                kitFlags += ["-Xcc", "-I", "-Xcc", try copy(flags[index + 3], as: "include")]
                index += 4
            case "-Xcc" where value.hasPrefix("-fmodule-map-file="):
                let map = String(value.dropFirst("-fmodule-map-file=".count))
                let folder = (map as NSString).deletingLastPathComponent
                let inKit: String
                if let headers = copied.first(where: { $0.from == folder }) {
                    inKit = headers.to + "/" + (map as NSString).lastPathComponent
                } else {
                    inKit = try copy(map, as: "module.modulemap")
                }
                kitFlags += ["-Xcc", "-fmodule-map-file=" + inKit]
                index += 2
            default:
                kitFlags += [flag, value]
                index += 2
            }
        }
        // Module maps name their headers by the build's paths: the kit's copies instead. A map
        // that names a header beside it in the build (SwiftPM's own maps) gets the header too.
        for (from, to) in copied {
            let maps = to.hasSuffix("module.modulemap") ? [to]
                : ((try? fileManager.subpathsOfDirectory(atPath: to)) ?? []).filter { $0.hasSuffix("module.modulemap") }.map { to + "/" + $0 }
            for map in maps {
                var text = try String(contentsOfFile: map, encoding: .utf8)
                for other in copied where other.from != from || !to.hasSuffix("module.modulemap") {
                    text = text.replacingOccurrences(of: other.from + "/", with: other.to + "/")
                }
                if to.hasSuffix("module.modulemap") {
                    for name in (try? fileManager.contentsOfDirectory(atPath: (from as NSString).deletingLastPathComponent)) ?? []
                    where name.hasSuffix(".h") && text.contains("\"\(name)\"") {
                        try fileManager.copyItem(atPath: (from as NSString).deletingLastPathComponent + "/" + name,
                                                 toPath: (to as NSString).deletingLastPathComponent + "/" + name)
                    }
                }
                try text.write(toFile: map, atomically: true, encoding: .utf8)
            }
        }
        guard let stamp = Self.sizeAndTime(executable) else { throw SwiftSiteError("cannot read \(executable)") }
        let description = KitDescription(compiler: compiler, executableSize: stamp.size, executableModified: stamp.modified,
                                         flags: kitFlags.map { $0.replacingOccurrences(of: kit, with: "$KIT") })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(description).write(to: URL(fileURLWithPath: kit + "/" + Self.kitFlagsFile))
    }

    // MARK: Files

    /// `compiler` when it is still there, else `swiftc` on PATH (which must then be the same Swift).
    private static func usableCompiler(_ compiler: String) -> String {
        FileManager.default.isExecutableFile(atPath: compiler) ? compiler : (SwiftSiteRunner.which("swiftc")?.path ?? compiler)
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// A file's size and modification time (of a link itself, not what it leads to); nil when it cannot be read.
    static func sizeAndTime(_ path: String) -> (size: UInt64, modified: Double)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date else { return nil }
        return (size.uint64Value, modified.timeIntervalSince1970)
    }
}

private extension FileManager {
    func destinationOfSymbolicLinkFollowingAll(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
