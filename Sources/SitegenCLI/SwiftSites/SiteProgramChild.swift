import Foundation

/// What a site program does first — the `sitegen` a site's library is loaded into, or a
/// program SwiftPM built — when ``SwiftSiteRunner`` started it: it takes the variables the
/// runner set out of its environment (so that a `sitegen` the site's code runs is an ordinary
/// one), and ends when the runner does (a build cancelled with `kill` or `timeout` does not
/// go on to write the output later).
enum SiteProgramChild {
    /// The library to load, when the runner named one; nil also when this process was not
    /// started by a runner.
    static func takeOver() -> String? {
        guard let runner = ProcessInfo.processInfo.environment[SwiftSiteRunner.environmentKey] else { return nil }
        let library = ProcessInfo.processInfo.environment[SiteLibrary.environmentKey]
        unsetenv(SwiftSiteRunner.environmentKey)
        unsetenv(SiteLibrary.environmentKey)
        if let parent = Int32(runner), parent > 1 { watch(parent) }
        return library.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Ends this process once `parent` is no longer its parent (it ended, and this one was
    /// given to another), looking four times a second.
    private static func watch(_ parent: Int32) {
        guard getppid() == parent else { exit(1) }
        let thread = Thread {
            while getppid() == parent { Thread.sleep(forTimeInterval: 0.25) }
            FileHandle.standardError.write(Data("sitegen: error: the sitegen that started this site program ended; stopping\n".utf8))
            exit(1)
        }
        thread.name = "sitegen parent watch"
        thread.start()
    }
}
