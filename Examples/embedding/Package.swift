// swift-tools-version:6.0
// A program that builds a site from documents in memory, with sitegen as a library.
import PackageDescription

let package = Package(
    name: "EmbeddingExample",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The sitegen package this example lives in (a link to ../.., so that its name is fixed).
        .package(path: "sitegen-package"),
    ],
    targets: [
        .target(name: "FieldNotes", dependencies: [.product(name: "Sitegen", package: "sitegen-package")]),
        .executableTarget(name: "embedding-example",
                          dependencies: ["FieldNotes", .product(name: "Sitegen", package: "sitegen-package")]),
    ]
)
