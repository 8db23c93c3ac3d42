import Foundation
import SitegenLimits

/// The list of what sitegen wrote into an output folder, kept in it as `.sitegen-manifest`:
/// the next build replaces or removes only these files and folders, and leaves every other
/// entry of the folder (`.git/`, `CNAME`, a user's notes) as it was.
struct OutputManifest: Equatable {
    /// The file's name inside the output folder.
    static let fileName = URLPath.manifestFile
    private static let header = "sitegen output manifest 1"

    /// Output files, relative paths (`posts/hello/index.html`).
    var files: Set<String> = []
    /// Folders sitegen made, relative paths (`posts/hello`).
    var folders: Set<String> = []
    /// Of the files, the image copies, each with the key of what it was made from and how
    /// (``ImageCopyMaker``): the next build links one it would make alike.
    var images: [String: String] = [:]

    /// Whether `path` is an entry of the manifest, byte for byte (see ``Swift/Set/containsExactly(_:)``).
    func owns(_ path: String) -> Bool {
        files.containsExactly(path) || folders.containsExactly(path)
    }

    /// The manifest of the output folder at `folder`; `nil` when it has none (or one that
    /// sitegen did not write).
    static func read(from folder: String) -> OutputManifest? {
        // Only a regular file of sane size (a million outputs take about 50 MB).
        let file = folder + "/" + fileName
        guard FileSystem.kind(file) == .file,
              let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size <= maximumSize,
              let data = FileManager.default.contents(atPath: file) else { return nil }
        // Split by bytes, not characters: a manifest holds a line an output.
        let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard let first = lines.first, first.elementsEqual(header.utf8) else { return nil }
        var manifest = OutputManifest()
        // Room for every line in each set (a site has about as many folders as files): grown by doubling, every path was hashed again.
        manifest.files.reserveCapacity(lines.count)
        manifest.folders.reserveCapacity(lines.count)
        for line in lines.dropFirst() where line.count > 2 {
            let path = unescape(Substring(String(decoding: line.dropFirst(2), as: UTF8.self)))
            // An entry that would lead out of the folder, or to sitegen's own files, was not written by sitegen.
            guard isPlainPath(path) else { continue }
            switch line.first {
            case UInt8(ascii: "f"): manifest.files.insert(path)
            case UInt8(ascii: "d"): manifest.folders.insert(path)
            case UInt8(ascii: "i"):
                // `i KEY PATH`: an image copy, also listed as a file.
                guard let space = path.firstIndex(of: " ") else { continue }
                let file = String(path[path.index(after: space)...])
                if isPlainPath(file) { manifest.images[file] = String(path[..<space]) }
            default: continue
            }
        }
        manifest.images = manifest.images.filter { manifest.files.contains($0.key) }
        return manifest
    }

    /// The error for `file`, which was not written by sitegen and which a build would replace;
    /// `hint` follows the advice.
    static func notWrittenBySitegen(_ file: String, hint: String = "") -> SiteError {
        SiteError(file: file, "was not written by sitegen, and this build makes a file or folder there; sitegen never replaces "
                  + "what it did not write: move it away, or choose another output folder with -o" + hint)
    }

    /// The largest manifest read; a bigger file is not one sitegen wrote.
    static let maximumSize = Limits.manifestBytes

    /// Whether `path` is a relative path inside the folder: no empty, `.` or `..` component,
    /// no control character, not sitegen's own files.
    static func isPlainPath(_ path: String) -> Bool {
        guard !path.hasPrefix(".sitegen-") else { return false }
        // One pass over the bytes (a manifest holds one path per output): `length` and `dots`
        // describe the component read so far.
        var length = 0, dots = 0
        for byte in path.utf8 {
            if byte < 0x20 || byte == 0x7F { return false }
            if byte == UInt8(ascii: "/") {
                if length == 0 || length == dots && dots <= 2 { return false }
                (length, dots) = (0, 0)
                continue
            }
            length += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return length > 0 && !(length == dots && dots <= 2)
    }

    /// The manifest's text: one entry a line, folders then files, sorted.
    var text: String {
        var text = Self.header + "\n"
        text.reserveCapacity(folders.count * 24 + files.count * 40)
        for (kind, paths) in [("d ", folders), ("f ", files)] {
            for path in paths.sorted() {
                text += kind
                text += Self.escape(path)
                text += "\n"
            }
        }
        for (path, key) in images.sorted(by: { $0.key < $1.key }) where files.contains(path) {
            text += "i \(key) \(Self.escape(path))\n"
        }
        return text
    }

    /// File names may hold line breaks: `%`, `\n` and `\r` are written as `%25`, `%0A`, `%0D`.
    private static func escape(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
            return path
        }
        return path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            .replacingOccurrences(of: "\r", with: "%0D")
    }

    private static func unescape(_ path: Substring) -> String {
        guard path.utf8.contains(UInt8(ascii: "%")) else { return String(path) }
        return path.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%25", with: "%")
    }
}
