#if os(Linux)
import Glibc

/// A file's extended attributes (`user.*`, and `security.*` where allowed), copied from one
/// entry to another, links not followed: a folder of the user's that the output writer makes
/// anew in the staging folder keeps what tools (Finder tags, SELinux labels, backup marks) set
/// on it. Glibc's Swift module leaves out `<sys/xattr.h>`, so its three calls are looked up by
/// name, once.
enum ExtendedAttributes {
    private typealias List = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    private struct Calls: Sendable {
        let list: List
        let get: Get
        let set: Set
    }

    private static let calls: Calls? = {
        let process = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        guard let list = dlsym(process, "llistxattr"), let get = dlsym(process, "lgetxattr"),
              let set = dlsym(process, "lsetxattr") else { return nil }
        return Calls(list: unsafeBitCast(list, to: List.self), get: unsafeBitCast(get, to: Get.self),
                     set: unsafeBitCast(set, to: Set.self))
    }()

    /// Sets on `destination` every extended attribute of `source` that can be set; what cannot
    /// (a file system without them, a name this process may not write) is left out.
    static func copy(of source: String, to destination: String) {
        guard let calls else { return }
        let size = calls.list(source, nil, 0)
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let length = names.withUnsafeMutableBufferPointer { calls.list(source, $0.baseAddress, size) }
        guard length > 0 else { return }
        var start = 0
        for index in 0..<min(length, names.count) where names[index] == 0 {
            let name = names[start..<index].map { UInt8(bitPattern: $0) }
            start = index + 1
            guard !name.isEmpty else { continue }
            let key = String(decoding: name, as: UTF8.self)
            let valueSize = calls.get(source, key, nil, 0)
            guard valueSize >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: max(valueSize, 1))
            let read = value.withUnsafeMutableBytes { calls.get(source, key, $0.baseAddress, valueSize) }
            guard read >= 0 else { continue }
            _ = value.withUnsafeBytes { calls.set(destination, key, $0.baseAddress, read, 0) }
        }
    }
}
#endif
