import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// LibSass, the Sass compiler Jekyll 4's jekyll-sass-converter runs (through sassc): the one
/// file that calls it. It is opened when first asked for (`dlopen`), not linked: sitegen runs
/// without it, and a site with no Sass never loads it.
///
/// Every `@import` goes through ``compile(_:path:indented:style:resolve:)``'s `resolve`: the
/// library never reads a file itself, so what a stylesheet can import is what `resolve` gives.
package enum SassLibrary {
    /// How the CSS is laid out (Sass's output styles).
    package enum Style: String, Sendable, CaseIterable {
        case nested, expanded, compact, compressed

        fileprivate var code: Int32 {
            switch self {
            case .nested: 0
            case .expanded: 1
            case .compact: 2
            case .compressed: 3
            }
        }
    }

    /// A stylesheet that did not compile: the message, and where (a path as `resolve` named
    /// it, the line from 1), when LibSass says.
    package struct Failure: Error, Sendable, Equatable {
        package var message: String
        package var path: String?
        package var line: Int?
    }

    /// What `resolve` found for an `@import`: the imported file's path (its extension says
    /// its syntax) and text, or why there is none. (`resolve` gives `nil` for an import of
    /// plain CSS, `NAME.css` or a URL, which LibSass keeps as an `@import` without reading.)
    package enum Import {
        case found(path: String, text: String)
        case refused(String)
    }

    /// Why LibSass cannot be used here (not installed), or `nil`.
    package static var unavailability: String? {
        functions == nil ? "LibSass is not installed (on Debian or Ubuntu: apt-get install libsass1; on macOS: brew install libsass)" : nil
    }

    /// Compiles `source`, the text of the stylesheet at `path` (`indented`: the indented
    /// `.sass` syntax) into CSS laid out as `style`. `resolve(url, from)` answers each
    /// `@import` of `url` written in the file at `from` (a path it gave, or `path`).
    package static func compile(_ source: String, path: String, indented: Bool, style: Style,
                                resolve: @escaping (String, String) -> Import?) -> Result<String, Failure> {
        guard let sass = functions else { return .failure(Failure(message: unavailability ?? "")) }
        let box = Unmanaged.passRetained(Resolver(resolve: resolve, functions: sass))
        defer { box.release() }
        guard let data = sass.makeDataContext(sass.copyString(source)) else { return .failure(Failure(message: "LibSass could not start")) }
        defer { sass.deleteDataContext(data) }
        let context = sass.dataContextGetContext(data)
        let options = sass.contextGetOptions(context)
        sass.setOutputStyle(options, style.code)
        sass.setIndented(options, indented)
        sass.setPrecision(options, 10)
        sass.setInputPath(options, path)
        let importers = sass.makeImporterList(1)
        sass.importerSetListEntry(importers, 0, sass.makeImporter(importer, 0, box.toOpaque()))
        sass.setImporters(options, importers)
        _ = sass.compileDataContext(data)
        guard sass.contextGetErrorStatus(context) == 0 else {
            let message = sass.contextGetErrorMessage(context).map { String(cString: $0) } ?? "Sass error"
            let file = sass.contextGetErrorFile(context).map { String(cString: $0) }
            let line = sass.contextGetErrorLine(context)
            // The message's lines before the place LibSass shows (an import loop's name its files).
            var first = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .prefix { !$0.hasPrefix("on line ") && !$0.hasPrefix(">>") }.joined(separator: " ")
            if first.hasPrefix("Error: ") { first.removeFirst(7) }
            return .failure(Failure(message: first,
                                    path: file, line: line > 0 ? Int(line) : nil))
        }
        return .success(sass.contextGetOutputString(context).map { String(cString: $0) } ?? "")
    }

    /// What an import callback is given through its cookie.
    private final class Resolver {
        let resolve: (String, String) -> Import?
        let functions: Functions

        init(resolve: @escaping (String, String) -> Import?, functions: Functions) {
            self.resolve = resolve
            self.functions = functions
        }
    }

    /// The import callback: every `@import` LibSass would load is answered by the resolver,
    /// with a file or an error (never `NULL`, which would let LibSass read the disk itself).
    private static let importer: @convention(c) (UnsafePointer<CChar>?, OpaquePointer?, OpaquePointer?) -> OpaquePointer? = { url, entry, compiler in
        guard let cookie = functions?.importerGetCookie(entry) else { return nil }
        let resolver = Unmanaged<Resolver>.fromOpaque(cookie).takeUnretainedValue()
        let sass = resolver.functions
        let wanted = url.map { String(cString: $0) } ?? ""
        let last = sass.compilerGetLastImport(compiler)
        let from = sass.importGetAbsPath(last).map { String(cString: $0) } ?? ""
        guard let found = resolver.resolve(wanted, from) else {
            // Plain CSS, as LibSass keeps it: only a name ending in `.css` or a URL, never a file read.
            let plain = wanted.hasSuffix(".css") || wanted.hasPrefix("//") || wanted.contains("://")
            return plain ? nil : refusal(wanted, sass)
        }
        let list = sass.makeImportList(1)
        switch found {
        case .found(let path, let text):
            sass.importSetListEntry(list, 0, sass.makeImportEntry(path, sass.copyString(text), nil))
        case .refused(let reason):
            let failed = sass.makeImportEntry(wanted, nil, nil)
            _ = sass.importSetError(failed, reason, 0, 0)
            sass.importSetListEntry(list, 0, failed)
        }
        return list
    }

    /// A list of one import that fails with `url` not found.
    private static func refusal(_ url: String, _ sass: Functions) -> OpaquePointer? {
        let list = sass.makeImportList(1)
        let failed = sass.makeImportEntry(url, nil, nil)
        _ = sass.importSetError(failed, "File to import not found: \(url)", 0, 0)
        sass.importSetListEntry(list, 0, failed)
        return list
    }

    /// The calls sitegen makes, looked up once.
    private struct Functions: Sendable {
        let copyString: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
        let makeDataContext: @convention(c) (UnsafeMutablePointer<CChar>?) -> OpaquePointer?
        let deleteDataContext: @convention(c) (OpaquePointer?) -> Void
        let dataContextGetContext: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let contextGetOptions: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let setOutputStyle: @convention(c) (OpaquePointer?, Int32) -> Void
        let setIndented: @convention(c) (OpaquePointer?, Bool) -> Void
        let setPrecision: @convention(c) (OpaquePointer?, Int32) -> Void
        let setInputPath: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void
        let setImporters: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
        let compileDataContext: @convention(c) (OpaquePointer?) -> Int32
        let contextGetErrorStatus: @convention(c) (OpaquePointer?) -> Int32
        let contextGetErrorMessage: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        let contextGetErrorFile: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        let contextGetErrorLine: @convention(c) (OpaquePointer?) -> Int
        let contextGetOutputString: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        let makeImporterList: @convention(c) (Int) -> OpaquePointer?
        let importerSetListEntry: @convention(c) (OpaquePointer?, Int, OpaquePointer?) -> Void
        let makeImporter: @convention(c) (@convention(c) (UnsafePointer<CChar>?, OpaquePointer?, OpaquePointer?) -> OpaquePointer?,
                                          Double, UnsafeMutableRawPointer?) -> OpaquePointer?
        let importerGetCookie: @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
        let compilerGetLastImport: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let importGetAbsPath: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
        let makeImportList: @convention(c) (Int) -> OpaquePointer?
        let makeImportEntry: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?) -> OpaquePointer?
        let importSetError: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int, Int) -> OpaquePointer?
        let importSetListEntry: @convention(c) (OpaquePointer?, Int, OpaquePointer?) -> Void

        init?(_ library: UnsafeMutableRawPointer) {
            func look<T>(_ name: String, as: T.Type) -> T? {
                dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
            }
            guard let copyString = look("sass_copy_c_string", as: type(of: copyString)),
                  let makeDataContext = look("sass_make_data_context", as: type(of: makeDataContext)),
                  let deleteDataContext = look("sass_delete_data_context", as: type(of: deleteDataContext)),
                  let dataContextGetContext = look("sass_data_context_get_context", as: type(of: dataContextGetContext)),
                  let contextGetOptions = look("sass_context_get_options", as: type(of: contextGetOptions)),
                  let setOutputStyle = look("sass_option_set_output_style", as: type(of: setOutputStyle)),
                  let setIndented = look("sass_option_set_is_indented_syntax_src", as: type(of: setIndented)),
                  let setPrecision = look("sass_option_set_precision", as: type(of: setPrecision)),
                  let setInputPath = look("sass_option_set_input_path", as: type(of: setInputPath)),
                  let setImporters = look("sass_option_set_c_importers", as: type(of: setImporters)),
                  let compileDataContext = look("sass_compile_data_context", as: type(of: compileDataContext)),
                  let contextGetErrorStatus = look("sass_context_get_error_status", as: type(of: contextGetErrorStatus)),
                  let contextGetErrorMessage = look("sass_context_get_error_message", as: type(of: contextGetErrorMessage)),
                  let contextGetErrorFile = look("sass_context_get_error_file", as: type(of: contextGetErrorFile)),
                  let contextGetErrorLine = look("sass_context_get_error_line", as: type(of: contextGetErrorLine)),
                  let contextGetOutputString = look("sass_context_get_output_string", as: type(of: contextGetOutputString)),
                  let makeImporterList = look("sass_make_importer_list", as: type(of: makeImporterList)),
                  let importerSetListEntry = look("sass_importer_set_list_entry", as: type(of: importerSetListEntry)),
                  let makeImporter = look("sass_make_importer", as: type(of: makeImporter)),
                  let importerGetCookie = look("sass_importer_get_cookie", as: type(of: importerGetCookie)),
                  let compilerGetLastImport = look("sass_compiler_get_last_import", as: type(of: compilerGetLastImport)),
                  let importGetAbsPath = look("sass_import_get_abs_path", as: type(of: importGetAbsPath)),
                  let makeImportList = look("sass_make_import_list", as: type(of: makeImportList)),
                  let makeImportEntry = look("sass_make_import_entry", as: type(of: makeImportEntry)),
                  let importSetError = look("sass_import_set_error", as: type(of: importSetError)),
                  let importSetListEntry = look("sass_import_set_list_entry", as: type(of: importSetListEntry))
            else { return nil }
            (self.copyString, self.makeDataContext, self.deleteDataContext, self.dataContextGetContext) =
                (copyString, makeDataContext, deleteDataContext, dataContextGetContext)
            (self.contextGetOptions, self.setOutputStyle, self.setIndented, self.setPrecision, self.setInputPath, self.setImporters) =
                (contextGetOptions, setOutputStyle, setIndented, setPrecision, setInputPath, setImporters)
            (self.compileDataContext, self.contextGetErrorStatus, self.contextGetErrorMessage, self.contextGetErrorFile) =
                (compileDataContext, contextGetErrorStatus, contextGetErrorMessage, contextGetErrorFile)
            (self.contextGetErrorLine, self.contextGetOutputString, self.makeImporterList, self.importerSetListEntry) =
                (contextGetErrorLine, contextGetOutputString, makeImporterList, importerSetListEntry)
            (self.makeImporter, self.importerGetCookie, self.compilerGetLastImport, self.importGetAbsPath) =
                (makeImporter, importerGetCookie, compilerGetLastImport, importGetAbsPath)
            (self.makeImportList, self.makeImportEntry, self.importSetError, self.importSetListEntry) =
                (makeImportList, makeImportEntry, importSetError, importSetListEntry)
        }
    }

    /// LibSass's calls, when it is installed; opened once, on first use.
    private static let functions: Functions? = {
        #if os(macOS)
        let names = ["libsass.1.dylib", "libsass.dylib", "/opt/homebrew/lib/libsass.dylib", "/usr/local/lib/libsass.dylib"]
        #else
        let names = ["libsass.so.1", "libsass.so"]
        #endif
        for name in names {
            if let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return Functions(library) }
        }
        return nil
    }()
}
