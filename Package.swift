// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SitegenMarkdown", targets: ["SitegenMarkdown"]),
        .library(name: "SitegenTemplates", targets: ["SitegenTemplates"]),
        .library(name: "SitegenHighlight", targets: ["SitegenHighlight"]),
        .library(name: "SitegenImages", targets: ["SitegenImages"]),
        .library(name: "Sitegen", targets: ["Sitegen"]),
        .library(name: "SitegenCLI", targets: ["SitegenCLI"]),
        .executable(name: "sitegen", targets: ["sitegen"]),
        .executable(name: "sitegen-bench", targets: ["sitegen-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            providers: [
                .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
                .brew(["cmark-gfm"]),
            ]
        ),
        // libvips for images (Debian's libvips-dev, Homebrew's vips) behind non-variadic C
        // functions (Swift cannot call libvips' variadic ones) that SitegenImages alone imports.
        // The few libvips calls are declared in the shim itself, and libvips is opened when
        // first asked for (`dlopen`), not linked: no headers or build flags, and no 14 ms of
        // loading its libraries at the start of every command.
        .target(name: "CVipsShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "SitegenImages", dependencies: ["CVipsShim", "SitegenLimits"]),
        // libcurl for `check --external`, behind a small non-variadic C function (Swift cannot
        // call `curl_easy_setopt`). The system's libcurl.so.4, the one FoundationNetworking uses.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        .target(
            name: "SitegenMarkdown",
            dependencies: [
                "CCmarkGFM",
                "SitegenLimits",
                "SitegenMath",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .target(name: "SitegenLimits"),
        .target(name: "SitegenTemplates", dependencies: ["SitegenLimits"]),
        .target(name: "SitegenHighlight"),
        .target(name: "SitegenMath", dependencies: ["SitegenLimits"]),
        .target(name: "SitegenTemplateDialects", dependencies: ["SitegenLimits", "SitegenTemplates"]),
        .target(
            name: "Sitegen",
            dependencies: ["CCurl", "SitegenLimits", "SitegenMarkdown", "SitegenTemplates", "SitegenHighlight", "SitegenMath",
                           "SitegenTemplateDialects", "SitegenImages"]
        ),
        .target(
            name: "SitegenCLI",
            dependencies: [
                "Sitegen",
                "SitegenLimits",
                "SitegenImages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]
        ),
        .executableTarget(
            name: "sitegen",
            dependencies: ["SitegenCLI"],
            // mimalloc replaces glibc's malloc in the command: a 10,000-page build spends a fifth
            // of its CPU time in glibc's allocator and 30% less CPU overall with mimalloc
            // (Benchmarks/README.md, "Speed and memory"). Library products keep the host's allocator.
            // Its symbols are exported (`--export-dynamic`), so that a site's Swift code, compiled
            // into a library against its modules, links to this engine when it loads it
            // (SwiftSites/SiteLibrary.swift) instead of compiling the engine again.
            // An installed copy finds the Swift runtime's libraries that `Scripts/setup --install`
            // puts beside it first, so that it runs on a machine without the Swift toolchain.
            linkerSettings: [
                .linkedLibrary("mimalloc", .when(platforms: [.linux])),
                .unsafeFlags(["-Xlinker", "--export-dynamic", "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../lib/sitegen/swift-runtime"],
                             .when(platforms: [.linux])),
            ]
        ),
        .executableTarget(
            name: "sitegen-bench",
            dependencies: ["Sitegen", "SitegenMarkdown", "SitegenHighlight", "SitegenMath", "SitegenImages", "CCmarkGFM"],
            path: "Benchmarks/sitegen-bench"
        ),
        // Examples/embedding's targets, built here too, so that the tests check them without
        // compiling the engine a second time (its own Package.swift builds them alone).
        .target(name: "FieldNotes", dependencies: ["Sitegen"], path: "Examples/embedding/Sources/FieldNotes"),
        .executableTarget(name: "embedding-example", dependencies: ["FieldNotes", "Sitegen"],
                          path: "Examples/embedding/Sources/embedding-example"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SitegenMarkdownTests",
            dependencies: ["SitegenMarkdown", "SitegenCLI", "TestSupport"]
        ),
        .testTarget(name: "SitegenTemplatesTests", dependencies: ["SitegenTemplates"]),
        .testTarget(name: "SitegenHighlightTests", dependencies: ["SitegenHighlight"]),
        .testTarget(name: "SitegenImagesTests", dependencies: ["SitegenImages", "SitegenLimits"], exclude: ["Fixtures"]),
        .testTarget(name: "SitegenMathTests", dependencies: ["SitegenMath"]),
        .testTarget(name: "SitegenTemplateDialectsTests", dependencies: ["SitegenTemplateDialects", "SitegenTemplates"]),
        .testTarget(
            name: "SitegenTests",
            dependencies: ["Sitegen", "SitegenCLI", "SitegenLimits", "SitegenImages", "TestSupport", "FieldNotes"]
        ),
    ]
)
