import Foundation
import Sitegen

/// Compiles a site's Swift target into a library that the running `sitegen` loads (see
/// ``SiteLibrary``): its files alone, against the engine's compiled modules, with the
/// compiler that built the engine. A few seconds, where building the site's package with
/// SwiftPM compiles the whole engine and its dependencies again.
struct SiteLibraryCompiler {
    let folder: URL
    let package: SwiftSitePackage
    let modules: EngineModules

    /// The folder of the site's `.build` that holds the library and its entry point.
    var workFolder: URL { folder.appendingPathComponent(".build/sitegen") }

    /// Compiles the library (named after a digest of what it is made from, so that a running
    /// preview can load the next one beside it); returns its path.
    func compile() throws -> URL {
        guard let mainType = package.mainType else { throw SwiftSiteError("no type of the site's target is marked @main") }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: workFolder, withIntermediateDirectories: true)
        let entry = workFolder.appendingPathComponent("SitegenSiteEntry.swift")
        try Self.entrySource(mainType: mainType).write(to: entry, atomically: true, encoding: .utf8)
        var hasher = StableHasher()
        for file in package.sources + [entry] {
            hasher.combine(file.path)
            ((try? Data(contentsOf: file)) ?? Data()).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        hasher.combine(modules.compiler)
        hasher.combine(modules.flags.joined(separator: "\n"))
        let stem = "lib\(package.target)-"
        let library = workFolder.appendingPathComponent(stem + String(hasher.finalize(), radix: 16) + ".so")
        let temporary = workFolder.appendingPathComponent(".\(ProcessID.current.value)-" + library.lastPathComponent)
        let arguments = ["-emit-library", "-parse-as-library", "-module-name", package.target, "-O", "-wmo",
                         "-swift-version", package.languageMode]
            + modules.flags + package.sources.map(\.path) + [entry.path, "-o", temporary.path]
        let result = try SwiftSiteRunner.capture(URL(fileURLWithPath: modules.compiler), arguments, in: folder)
        guard result.status == 0 else {
            try? fileManager.removeItem(at: temporary)
            throw SwiftSiteError("compiling the site's Swift code failed:\n" + result.output, isModuleMismatch: Self.isModuleMismatch(result.output))
        }
        if rename(temporary.path, library.path) != 0 {
            throw SwiftSiteError("cannot put the site's library at \(library.path): \(String(cString: strerror(errno)))")
        }
        // The libraries of earlier code go (a preview that loaded one keeps it open), and those
        // a killed compile left half made (`.PID-libNAME-DIGEST.so`).
        for name in (try? fileManager.contentsOfDirectory(atPath: workFolder.path)) ?? [] where name.hasSuffix(".so") {
            let isEarlier = name.hasPrefix(stem) && name != library.lastPathComponent
            let isLeftover = name.hasPrefix(".") && Int32(name.dropFirst().prefix(while: \.isNumber)).map { ProcessID($0).hasEnded } == true
            if isEarlier || isLeftover { try? fileManager.removeItem(at: workFolder.appendingPathComponent(name)) }
        }
        return library
    }

    /// The library's entry point: what ``SiteLibrary`` calls to run the `@main` type's `main()`.
    static func entrySource(mainType: String) -> String {
        """
        // Written by sitegen: the entry point of this site's library, which sitegen loads.
        @_spi(SiteLibrary) import SitegenCLI

        @_cdecl("\(SiteLibrary.entrySymbol)")
        public func sitegenSiteEntry() -> UnsafeMutableRawPointer {
            SiteLibraryEntry(main: \(mainType).main).retainedPointer
        }

        """
    }

    /// Whether the compiler refused the engine's modules (another Swift compiled them).
    private static func isModuleMismatch(_ output: String) -> Bool {
        output.contains("compiled with Swift") || output.contains("cannot load module")
            || output.contains("error: no such module 'Sitegen")
    }
}
