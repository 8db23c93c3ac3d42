import Foundation
import SitegenMarkdown
import SitegenLimits

/// mdBook's include directives in a page's Markdown, replaced by the lines of the files they
/// name before the page is parsed (inside code blocks too, as mdBook does):
///
/// - `{{#include file}}`: the whole file;
/// - `{{#include file:3}}`, `{{#include file:3:10}}`, `{{#include file::10}}`, `{{#include file:3:}}`:
///   line 3, lines 3 to 10, up to 10, from 3 on (counted from 1, as in the file);
/// - `{{#include file:name}}`: the lines between the lines holding `ANCHOR: name` and
///   `ANCHOR_END: name` (in any comment syntax).
///
/// Lines holding an `ANCHOR:` or `ANCHOR_END:` marker are left out in every form: they are
/// for the include, not for readers. `{{#rustdoc_include …}}` reads the same way. Files are
/// found from the folder of the page (of the including file, for an include in an included
/// file, up to ``maximumDepth`` deep); one whose real path lies outside the site folder is
/// not read unless the site set `followLinksOutside`, the rule for symbolic links. A file that
/// cannot be read leaves the directive as it was and gives a warning at its line;
/// `\{{#include …}}` is the directive's own text, not an include.
///
/// What one page expands to is bounded as it grows, never after: more than
/// ``maximumIncludes`` includes (nested ones counted) or a page of more than
/// ``maximumExpandedBytes`` is an error at the page's line of the include that went over, before
/// the text past the limit is read or built.
struct MdBookIncludes: Sendable {
    /// Where the files are read; on disk, it decides which real paths may be read.
    let source: any SiteSource
    /// The content folder, a path of ``source``.
    let contentFolder: String
    /// How messages name the page at a content path.
    let display: @Sendable (String) -> String
    /// The largest page once its includes are done, in bytes (tests give a small one).
    var maximumExpandedBytes = Limits.expandedPageBytes
    /// The most includes one page may expand, nested ones counted (tests give a small number).
    var maximumIncludes = Limits.includesPerPage
    /// Counts the files read, for tests that count the work an expansion did.
    var reads: Counter?

    /// How deep includes in included files are followed.
    static let maximumDepth = Limits.bookIncludeDepth
    /// The largest file an include reads, as for Markdown files.
    static let maximumBytes = ContentLoader.maximumMarkdownBytes

    /// A file an include read (or tried to), to know whether the page must be parsed again.
    struct File: Sendable, Hashable {
        /// The path, as the directive gave it joined to its folder.
        let path: String
        /// Its stamp when it was read; `nil` when it was not there.
        let stamp: FileStamp?

        /// Whether the file is still as it was when read.
        var isUnchanged: Bool { FileStamp(sourceAt: path) == stamp }
    }

    /// A page's Markdown with its includes done.
    struct Expansion: Sendable {
        let source: MarkdownSource
        let warnings: [SiteError]
        let files: [File]
    }

    /// Does the includes of the page at content path `path`.
    ///
    /// - Throws: ``SiteError`` at the page's line of the include that makes the page expand
    ///   more than ``maximumIncludes`` includes or grow past ``maximumExpandedBytes``.
    func expand(_ source: MarkdownSource, at path: String) throws(SiteError) -> Expansion {
        guard HTMLScan.contains("{{#", in: source.body) else { return Expansion(source: source, warnings: [], files: []) }
        var state = State(page: display(path))
        let folder = FolderWalker.join(self.source.folder?.diskPath(contentFolder) ?? contentFolder, URLPath.folder(of: path))
        let body = try expand(source.body, folder: folder,
                          firstLine: source.bodyLineOffset + 1, nested: false, depth: 0, state: &state)
        return Expansion(source: MarkdownSource(frontMatter: source.frontMatter, body: body[...],
                                                bodyLineOffset: source.bodyLineOffset),
                         warnings: state.warnings, files: state.files)
    }

    /// What an expansion gathers on its way.
    private struct State {
        let page: String
        var warnings: [SiteError] = []
        var files: [File] = []
        /// The bytes of the page so far: text is counted once, where it is first kept (an
        /// included file's text is not counted again when it joins the text around it).
        var bytes = 0
        /// The includes expanded so far, nested ones counted.
        var includes = 0
    }

    /// Counts `bytes` more into the page, or throws when the page grows past the limit.
    private func keep(_ bytes: Int, line: Int?, state: inout State) throws(SiteError) {
        state.bytes += bytes
        guard state.bytes > maximumExpandedBytes else { return }
        throw SiteError(file: state.page, line: line,
                        "the page grows past \(LimitWording.size(maximumExpandedBytes)) with its includes (Limits: expanded page size); "
                            + "include parts of large files (`{{#include file:10:20}}` or an anchor) or split the page")
    }

    /// `text` with its directives replaced. `firstLine` is the page's line of the text's first
    /// line, for messages; in `nested` text (an included file's), every directive is reported at
    /// `firstLine`, the page's directive that included it.
    private func expand(_ text: Substring, folder: String, firstLine: Int?, nested: Bool, depth: Int,
                        state: inout State) throws(SiteError) -> String {
        var result = ""
        result.reserveCapacity(min(text.utf8.count, maximumExpandedBytes))
        var lineNumber = 0
        var rest = text
        while !rest.isEmpty {
            let lineEnd = rest.firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
            let line = rest[..<lineEnd]
            rest = rest[lineEnd...]
            lineNumber += 1
            let reportedLine = nested ? firstLine : firstLine.map { $0 + lineNumber - 1 }
            guard HTMLScan.contains("{{#", in: line) else {
                try keep(line.utf8.count, line: reportedLine, state: &state)
                result += line
                continue
            }
            result += try expandLine(line, folder: folder, line: reportedLine, depth: depth, state: &state)
        }
        return result
    }

    private func expandLine(_ line: Substring, folder: String, line lineNumber: Int?, depth: Int,
                            state: inout State) throws(SiteError) -> String {
        var result = ""
        var rest = line
        while let open = rest.range(of: "{{#") {
            let before = rest[..<open.lowerBound]
            if before.last == "\\" {
                // `\{{#include …}}` is the directive's text.
                try keep(before.utf8.count, line: lineNumber, state: &state)
                result += before.dropLast() + "{{#"
                rest = rest[open.upperBound...]
                continue
            }
            try keep(before.utf8.count, line: lineNumber, state: &state)
            result += before
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}"), let directive = Directive(afterOpen[..<close.lowerBound]) else {
                try keep("{{#".utf8.count, line: lineNumber, state: &state)
                result += "{{#"
                rest = afterOpen
                continue
            }
            let written = rest[open.lowerBound..<close.upperBound]
            rest = afterOpen[close.upperBound...]
            // The included text was counted as it was kept, in `include`.
            if let included = try include(directive, written: written, folder: folder, line: lineNumber, depth: depth, state: &state) {
                result += included
            } else {
                try keep(written.utf8.count, line: lineNumber, state: &state)
                result += written
            }
        }
        try keep(rest.utf8.count, line: lineNumber, state: &state)
        return result + rest
    }

    /// The text `directive` includes, or `nil` (with a warning) when it includes nothing.
    private func include(_ directive: Directive, written: Substring, folder: String, line: Int?, depth: Int,
                         state: inout State) throws(SiteError) -> String? {
        func warn(_ message: String) {
            state.warnings.append(SiteError(file: state.page, line: line, "`\(written)` \(message); left as text"))
        }
        // Counted before the file is read, so that a page of includes in includes stops here;
        // those that read nothing count too, so that a page's warnings are as few as its includes.
        state.includes += 1
        guard state.includes <= maximumIncludes else {
            throw SiteError(file: state.page, line: line,
                            "`\(written)`: the page expands more than \(LimitWording.count(maximumIncludes)) includes, counting those in included files "
                                + "(Limits: includes per page); include each file once, or split the page")
        }
        guard depth < Self.maximumDepth else {
            warn("is in a file included \(Self.maximumDepth) deep (an include in a circle?)")
            return nil
        }
        let (found, file) = read(directive, from: folder)
        if let file { state.files.append(file) }
        let data: Data, real: String
        switch found {
        case .success(let read): (data, real) = read
        case .failure(let problem):
            warn(problem.message)
            return nil
        }
        let whole: String
        switch UTF8Problem.text(of: data) {
        case .success(let read): whole = read
        case .failure(let problem):
            warn("reads \(directive.path) (line \(problem.line)), which \(problem.message)")
            return nil
        }
        var lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        switch directive.part {
        case .whole:
            break
        case .body:
            // Front matter: a `---` line, up to the next `---` (or `...`) line.
            if lines.first?.trimmingCharacters(in: .whitespaces) == "---",
               let end = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingCharacters(in: .whitespaces)) }) {
                lines = Array(lines[(end + 1)...])
            }
        case .lines(let first, let last):
            let start = max(first ?? 1, 1) - 1
            let end = min(last ?? lines.count, lines.count)
            lines = start < end ? Array(lines[start..<end]) : []
        case .anchor(let name):
            guard let start = lines.firstIndex(where: { Self.anchor(in: $0, marker: "ANCHOR:").map(String.init) == name }) else {
                warn("names no anchor: \(directive.path) has no line with `ANCHOR: \(name)`")
                return nil
            }
            let after = lines[(start + 1)...]
            let end = after.firstIndex(where: { Self.anchor(in: $0, marker: "ANCHOR_END:").map(String.init) == name }) ?? lines.endIndex
            lines = Array(lines[(start + 1)..<end])
        }
        let kept = lines.filter { !Self.isAnchorLine($0) }
        guard kept.contains(where: { HTMLScan.contains("{{#", in: $0) }) else {
            // Counted before joined: a text past the limit is never built.
            try keep(kept.reduce(max(kept.count - 1, 0)) { $0 + $1.utf8.count }, line: line, state: &state)
            return kept.joined(separator: "\n")
        }
        let text = kept.joined(separator: "\n")
        let realFolder = URLPath.folder(of: real)
        return try expand(text[...], folder: realFolder.isEmpty && source.folder != nil ? "/" : realFolder, firstLine: line, nested: true,
                      depth: depth + 1, state: &state)
    }

    /// What an include could not read, in words for its warning.
    private struct Unread: Error {
        let message: String
    }

    /// The bytes of the file `directive` names from `folder`, and where it is (a path on disk,
    /// links resolved, for a folder on disk; else a path of the source); and, on disk, the file
    /// to watch for a live build.
    private func read(_ directive: Directive, from folder: String) -> (Result<(Data, String), Unread>, File?) {
        guard let disk = source.folder else {
            // No links in other sources: a path climbs out of the site only by its `..`.
            guard !directive.path.hasPrefix("/"), let path = URLPath.normalize(FolderWalker.join(folder, directive.path)) else {
                return (.failure(Unread(message: "reads \(directive.path), outside the site folder")), nil)
            }
            do {
                let data = try source.contents(of: path, maximumSize: Self.maximumBytes)
                _ = reads?.increment()
                return (.success((data, path)), nil)
            } catch {
                if source.kind(of: path) == nil { return (.failure(Unread(message: "names no file: \(directive.path) is not there")), nil) }
                return (.failure(Unread(message: "cannot read \(directive.path): \((error as? SiteError)?.message ?? "\(error)")")), nil)
            }
        }
        let joined = directive.path.hasPrefix("/") ? directive.path : folder + "/" + directive.path
        let file = File(path: joined, stamp: FileStamp(sourceAt: joined))
        guard let real = FileSystem.resolved(joined) else {
            return (.failure(Unread(message: "names no file: \(directive.path) is not there")), file)
        }
        guard disk.allows(real) else {
            return (.failure(Unread(message: "reads \(real), outside the site folder; set `followLinksOutside: true` in sitegen.yml to allow it")), file)
        }
        do {
            let data = try RegularFile.contents(of: real, maximumSize: Self.maximumBytes)
            _ = reads?.increment()
            return (.success((data, real)), file)
        } catch {
            return (.failure(Unread(message: "cannot read \(directive.path): \(error.reason)")), file)
        }
    }

    /// Whether a line holds an anchor marker.
    private static func isAnchorLine(_ line: Substring) -> Bool {
        line.contains("ANCHOR") && (anchor(in: line, marker: "ANCHOR:") != nil || anchor(in: line, marker: "ANCHOR_END:") != nil)
    }

    /// The name after `marker` in `line` (`// ANCHOR: setup` → `setup`), if the line has one.
    private static func anchor(in line: Substring, marker: String) -> Substring? {
        guard let found = line.range(of: marker) else { return nil }
        // `ANCHOR:` must not be the end of `ANCHOR_END:` or of a longer word.
        if found.lowerBound > line.startIndex, line[line.index(before: found.lowerBound)].isWordCharacter { return nil }
        let name = line[found.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isWordCharacter || $0 == "-" }
        return name.isEmpty ? nil : name
    }

    /// One include directive: `include path`, `include path:3:10`, `include path:name`.
    private struct Directive {
        enum Part {
            case whole
            /// The file without its front matter: an MDX partial (``MdxImports``), `{{#mdx_partial path}}`.
            case body
            case lines(first: Int?, last: Int?)
            case anchor(String)
        }

        let path: String
        let part: Part

        init?(_ text: Substring) {
            let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard words.count == 2, ["include", "rustdoc_include", "mdx_partial"].contains(words[0]) else { return nil }
            let argument = words[1].trimmingCharacters(in: .whitespaces)
            if words[0] == "mdx_partial" {
                guard !argument.isEmpty else { return nil }
                (path, part) = (argument, .body)
                return
            }
            let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
            guard let first = parts.first, !first.isEmpty else { return nil }
            path = String(first)
            switch parts.count {
            case 1:
                part = .whole
            case 2 where parts[1].allSatisfy(\.isASCIIDigit) && !parts[1].isEmpty:
                let line = Int(parts[1])
                part = .lines(first: line, last: line)
            case 2 where !parts[1].isEmpty:
                part = .anchor(String(parts[1]))
            case 3 where parts[1...].allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }):
                part = .lines(first: Int(parts[1]), last: Int(parts[2]))
            default:
                return nil
            }
        }
    }
}

private extension Character {
    var isWordCharacter: Bool { isLetter || isNumber || self == "_" }
    var isASCIIDigit: Bool { isASCII && isNumber }
}
