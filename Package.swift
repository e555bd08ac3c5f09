// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "slp",
    products: [
        .executable(name: "slp", targets: ["slp"]),
        .library(name: "SLPDomain", targets: ["SLPDomain"]),
        .library(name: "SLPData", targets: ["SLPData"]),
        .library(name: "SLPCommandLine", targets: ["SLPCommandLine"]),
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
        // The argument parsing engine: command tables, parser, help, value syntax.
        .target(name: "SLPCommandLine", dependencies: ["SLPDomain"]),
        .executableTarget(
            name: "slp", dependencies: ["SLPDomain", "SLPData", "SLPCommandLine"],
            // A release `slp` is linked at a fixed address: a position-independent one spent about
            // 1 ms of each run relocating 37k pointers (109 more page faults), a third of start-up.
            linkerSettings: [.unsafeFlags(["-Xlinker", "-no-pie"], .when(configuration: .release))]),
        .executableTarget(name: "slp-bench", dependencies: ["SLPDomain", "SLPData"]),
        // Fuzz targets: `Scripts/fuzz`; a plain build replays saved inputs.
        .target(name: "SLPFuzzSupport"),
        .executableTarget(name: "slp-fuzz-values", dependencies: ["SLPDomain", "SLPFuzzSupport"]),
        .executableTarget(name: "slp-fuzz-arguments", dependencies: ["SLPCommandLine", "SLPDomain", "SLPFuzzSupport"]),
        .testTarget(name: "SLPDomainTests", dependencies: ["SLPDomain"]),
        .testTarget(name: "SLPDataTests", dependencies: ["SLPData", "SLPDomain", "CSQLite"]),
        .testTarget(name: "slpTests", dependencies: ["slp", "SLPCommandLine", "SLPDomain"]),
        .testTarget(name: "CLITests", dependencies: ["slp", "SLPData"]),
    ],
    swiftLanguageModes: [.v6]
)
