import Foundation
import SitegenImages
import Synchronization

/// `sitegen-bench images [--widths 480,960,1600] [--format webp] [--quality 75] [--out DIR] FILE…`:
/// makes every image at each width no wider than it (as `ImageLibrary` makes them for pages),
/// one image per core, and prints the time, how many images were made and their bytes.
enum ImageBenchmark {
    static func run(_ arguments: [String]) throws {
        var widths = [480, 960, 1600]
        var format = ImageFormat.webp
        var quality = 75
        var output: URL?
        var files: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--widths": widths = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--format": format = ImageFormat(rawValue: rest.popFirst() ?? "") ?? .webp
            case "--quality": quality = Int(rest.popFirst() ?? "") ?? 75
            case "--out": output = rest.popFirst().map { URL(fileURLWithPath: $0) }
            default: files.append(argument)
            }
        }
        guard !files.isEmpty else { throw BenchError("usage: sitegen-bench images [--widths 480,960,1600] [--format webp] [--quality 75] [--out DIR] FILE…") }
        if let output { try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true) }
        print("libvips \(ImageLibrary.version), \(files.count) images, widths \(widths), \(format.rawValue) q\(quality)")
        try make(files, widths: widths, format: format, quality: quality, output: output)
    }

    private static func make(_ files: [String], widths: [Int], format: ImageFormat, quality: Int, output: URL?) throws {
        let start = Date()
        let totals = Mutex((made: 0, bytes: 0, failed: 0))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            do {
                let made = try ImageLibrary.make(widths: widths, format: format, quality: quality, fromFileAt: file)
                for (width, bytes) in made {
                    if let output {
                        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + "-\(width).\(format.fileExtension)"
                        try Data(bytes).write(to: output.appendingPathComponent(name))
                    }
                    totals.withLock { $0.made += 1; $0.bytes += bytes.count }
                }
            } catch {
                totals.withLock { $0.failed += 1 }
            }
        }
        let seconds = Date().timeIntervalSince(start)
        let done = totals.withLock { $0 }
        print(String(format: "made %d images (%.1f MB) in %.2f s; %d failed", done.made, Double(done.bytes) / 1e6, seconds, done.failed))
    }
}
