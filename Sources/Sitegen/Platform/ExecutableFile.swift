import Foundation

/// The program running: its file's stamp tells one build of `sitegen` from another.
enum ExecutableFile {
    /// The stamp of the running program's file; `nil` when it cannot be found.
    static let stamp: FileStamp? = {
        #if os(Linux)
        return FileStamp("/proc/self/exe")
        #else
        return Bundle.main.executablePath.flatMap(FileStamp.init)
        #endif
    }()
}
