// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "slp",
    products: [
        .executable(name: "slp", targets: ["slp"]),
        .library(name: "SLPDomain", targets: ["SLPDomain"]),
        .library(name: "SLPData", targets: ["SLPData"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "SLPDomain"),
        .target(name: "SLPData", dependencies: ["SLPDomain", "CSQLite"]),
        .executableTarget(name: "slp", dependencies: ["SLPDomain", "SLPData"]),
        .executableTarget(name: "slp-bench", dependencies: ["SLPDomain", "SLPData"]),
        // Fuzz targets: `Scripts/fuzz`; a plain build replays saved inputs.
        .executableTarget(name: "slp-fuzz-values", dependencies: ["SLPDomain"]),
        .testTarget(name: "SLPDomainTests", dependencies: ["SLPDomain"]),
        .testTarget(name: "SLPDataTests", dependencies: ["SLPData", "SLPDomain", "CSQLite"]),
        .testTarget(name: "slpTests", dependencies: ["slp", "SLPDomain"]),
        .testTarget(name: "CLITests", dependencies: ["slp", "SLPData"]),
    ],
    swiftLanguageModes: [.v6]
)
