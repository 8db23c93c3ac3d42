// swift-tools-version:6.0
// A site with a Swift configuration target: `sitegen build` compiles and runs it.
import PackageDescription

let package = Package(
    name: "PluginsSite",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The sitegen package this example lives in (a link to ../.., so that its name is fixed).
        .package(path: "sitegen-package"),
    ],
    targets: [
        .executableTarget(
            name: "PluginsSite",
            dependencies: [
                .product(name: "Sitegen", package: "sitegen-package"),
                .product(name: "SitegenCLI", package: "sitegen-package"),
            ]
        ),
    ]
)
