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
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: workFolder, withIntermediateDirectories: true)
        var sources = package.sources
        let mainType: String
        switch package.entry {
        case .mainType(let name)?:
            mainType = name
        case .mainFile(let file)?:
            // Its statements, in a function the entry point calls (compiler messages name main.swift's lines).
            let statements = workFolder.appendingPathComponent("TopLevelCode.swift")
            try Self.topLevelCodeSource(String(contentsOf: file, encoding: .utf8), path: file.path)
                .write(to: statements, atomically: true, encoding: .utf8)
            sources = sources.filter { $0 != file } + [statements]
            mainType = Self.topLevelCodeType
        case nil:
            throw SwiftSiteError("the site's target has neither a main.swift nor a type marked @main")
        }
        let entry = workFolder.appendingPathComponent("SitegenSiteEntry.swift")
        try Self.entrySource(mainType: mainType).write(to: entry, atomically: true, encoding: .utf8)
        var hasher = StableHasher()
        for file in sources + [entry] {
            hasher.combine(file.path)
            ((try? Data(contentsOf: file)) ?? Data()).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        hasher.combine(modules.compiler)
        hasher.combine(modules.flags.joined(separator: "\n"))
        let stem = "lib\(package.target)-"
        let library = workFolder.appendingPathComponent(stem + String(hasher.finalize(), radix: 16) + ".so")
        let temporary = workFolder.appendingPathComponent(".\(ProcessID.current.value)-" + library.lastPathComponent)
        // With debug information, so that a crash in the site's code names its file and line; the
        // module that goes with it in the work folder (by default the compiler puts it in the
        // folder it runs in: the site's).
        let module = Self.moduleName(of: package.target)
        let arguments = ["-emit-library", "-parse-as-library", "-module-name", module, "-O", "-wmo", "-g",
                         "-emit-module-path", workFolder.appendingPathComponent("module/\(module).swiftmodule").path,
                         "-swift-version", package.languageMode, "-module-cache-path", workFolder.appendingPathComponent("module-cache").path]
            + modules.flags + sources.map(\.path) + [entry.path, "-o", temporary.path]
        let result = try SwiftSiteRunner.capture(URL(fileURLWithPath: modules.compiler), arguments, in: folder)
        guard result.status == 0 else {
            try? fileManager.removeItem(at: temporary)
            var message = "compiling the site's Swift code failed:\n" + result.output
            if case .mainFile(let file)? = package.entry {
                message += "\n(sitegen compiles \(file.lastPathComponent)'s statements and variables as the body of a function, and its "
                    + "functions, types and extensions written from the first column outside it: one of those that reads a variable of the "
                    + "statements does not compile; pass it the value, or move the code into a type marked @main)"
            }
            throw SwiftSiteError(message, isModuleMismatch: Self.isModuleMismatch(result.output))
        }
        if rename(temporary.path, library.path) != 0 {
            throw SwiftSiteError("cannot put the site's library at \(library.path): \(String(cString: strerror(errno)))")
        }
        // The libraries of earlier code go (a preview that loaded one keeps it open), and those
        // a killed compile left half made (`.PID-libNAME-DIGEST.so`), not those being made.
        for name in (try? fileManager.contentsOfDirectory(atPath: workFolder.path)) ?? [] where name.hasSuffix(".so") {
            let isEarlier = name.hasPrefix("lib") && name != library.lastPathComponent
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

    /// The module name SwiftPM gives a target: its name with every character that may not be in
    /// an identifier made `_` (`my-site` → `my_site`), and `_` before a leading digit.
    static func moduleName(of target: String) -> String {
        let name = String(target.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// The type whose `main()` runs a `main.swift`'s statements.
    static let topLevelCodeType = "SitegenTopLevelCode"

    /// A `main.swift` as a library can hold it: its imports and the declarations written from
    /// its first column (functions, types, extensions) at file scope, its statements (and
    /// variables) the body of ``topLevelCodeType``'s `main()`; every line keeps its number in
    /// `path` for the compiler's messages (`#sourceLocation`). A declaration that reads one of
    /// the statements' variables does not compile there.
    static func topLevelCodeSource(_ text: String, path: String) -> String {
        let file = "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r") + "\""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Read for braces and keywords with comments and strings blanked; written as they are.
        let code = SwiftCode.blanked(text).split(separator: "\n", omittingEmptySubsequences: false)
        var fileScope = ""
        var body = [Substring](repeating: "", count: lines.count)
        var index = 0
        while index < lines.count {
            let end = isImport(code[index]) ? index : declarationEnd(code, from: index)
            guard let end else {
                body[index] = lines[index]
                index += 1
                continue
            }
            fileScope += "#sourceLocation(file: \(file), line: \(index + 1))\n" + lines[index...end].joined(separator: "\n") + "\n#sourceLocation()\n"
            index = end + 1
        }
        return "// Written by sitegen: the target's main.swift, its statements run by the site's library.\n" + fileScope
            // On the main actor, as a main.swift's statements are.
            + "enum \(topLevelCodeType) {\n    @MainActor static func main() async throws {\n#sourceLocation(file: \(file), line: 1)\n"
            + body.joined(separator: "\n") + "\n#sourceLocation()\n    }\n}\n"
    }

    /// Whether a line is an import (`import Sitegen`, `@preconcurrency import Foundation`, `public import X`).
    private static func isImport(_ line: Substring) -> Bool {
        keyword(of: line) == "import"
    }

    /// The last line of the declaration that starts at `start` in the first column (after
    /// attributes on lines of their own), where its braces close; nil when none starts there.
    private static func declarationEnd(_ lines: [Substring], from start: Int) -> Int? {
        guard let character = lines[start].first, !character.isWhitespace else { return nil }
        var line = start
        // Attributes on lines of their own (`@MainActor`) belong to the declaration below them.
        while line < lines.count, lines[line].hasPrefix("@"), keyword(of: lines[line]) == nil { line += 1 }
        let declarations: Set<Substring> = ["func", "struct", "enum", "class", "actor", "extension", "protocol", "typealias"]
        guard line < lines.count, let declared = keyword(of: lines[line]), declarations.contains(declared) else { return nil }
        var depth = 0, opened = false
        while line < lines.count {
            for byte in lines[line].utf8 {
                if byte == UInt8(ascii: "{") { depth += 1; opened = true } else if byte == UInt8(ascii: "}") { depth -= 1 }
            }
            if declared == "typealias" || (opened && depth <= 0) { return line }
            line += 1
        }
        return lines.count - 1
    }

    /// The first word of a line after its attributes and access modifiers (`import`, `func`…).
    private static func keyword(of line: Substring) -> Substring? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "final", "nonisolated"]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
        return words.first
    }

    /// Whether the compiler refused the engine's modules (another Swift compiled them).
    private static func isModuleMismatch(_ output: String) -> Bool {
        output.contains("compiled with Swift") || output.contains("cannot load module")
            || output.contains("error: no such module 'Sitegen")
    }
}
