import Foundation
import Sitegen
import Synchronization

/// A site's Swift code compiled into a library (``SiteLibraryCompiler``), loaded into the
/// `sitegen` it was compiled against: `sitegen` runs itself with the library's path in
/// ``environmentKey``, loads it, and runs the `@main` type's `main()`, whose call to
/// `SitegenCLI.main(site:)` hands over the configured ``Site`` instead of running a command
/// line of its own. The command then runs with that site, in this `sitegen`.
enum SiteLibrary {
    /// Names the library to load, in the environment of the `sitegen` that runs a site's code.
    static let environmentKey = "SITEGEN_SITE_LIBRARY"
    /// The C name of the library's entry point (``SiteLibraryCompiler/entrySource(mainType:)``).
    static let entrySymbol = "sitegen_site_entry"

    /// Loads the library at `path` and returns the site its `main()` configured.
    static func site(fromLibraryAt path: String) async throws -> Site {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw SwiftSiteError("cannot load the site's compiled Swift code: \(reason)")
        }
        guard let symbol = dlsym(handle, entrySymbol) else {
            throw SwiftSiteError("the site's library \(path) has no \(entrySymbol): it was not compiled by sitegen")
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
        let entry = Unmanaged<SiteLibraryEntry>.fromOpaque(unsafeBitCast(symbol, to: Entry.self)()).takeRetainedValue()
        // The site's code ending the process (`exit(0)`) before it hands its site over built
        // nothing: said, and status 1, not a success.
        atexit {
            guard !SiteHandover.settled.load(ordering: .relaxed) else { return }
            fflush(nil)
            FileHandle.standardError.write(Data("sitegen: error: the site's Swift code ended the program before it called SitegenCLI.main(site:); nothing was built\n".utf8))
            _exit(1)
        }
        let handover = SiteHandover()
        try await SitegenCLI.$siteHandover.withValue(handover) { try await entry.main() }
        guard let site = handover.site else {
            throw SwiftSiteError("the site's @main type returned without calling SitegenCLI.main(site:)")
        }
        return site
    }
}

/// The entry point of a site's library: its `@main` type's `main()`. Made by the code
/// ``SiteLibraryCompiler`` adds to the library; not for use elsewhere.
@_spi(SiteLibrary) public final class SiteLibraryEntry: Sendable {
    let main: @Sendable () async throws -> Void

    public init(main: @escaping @Sendable () async throws -> Void) {
        self.main = main
    }

    /// The entry, retained, as the library's C entry point returns it.
    public var retainedPointer: UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}

/// Where `SitegenCLI.main(site:)` leaves the site while a library's `main()` runs.
final class SiteHandover: Sendable {
    private let kept = Mutex<Site?>(nil)

    var site: Site? { kept.withLock { $0 } }

    func keep(_ site: Site) {
        kept.withLock { $0 = site }
        Self.settled.store(true, ordering: .relaxed)
    }

    /// Whether a site was handed over in this process, or the failure to get one reported.
    static let settled = Atomic<Bool>(false)
}
