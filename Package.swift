// swift-tools-version:6.0
import PackageDescription

/// Release links of the other executables use lld too: with `--static-swift-stdlib`, gold warns
/// at every link about a `mktemp` call inside Foundation's static library.
let lldInRelease: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"], .when(configuration: .release))]

/// Release code asks for the metadata of concrete generic types (`[String: [String]]`,
/// `Store<SearchFeature>`) through accessors that are handed the conformances, instead of by
/// mangled name: a name is demangled at run time and each conformance it needs looked up among
/// all 3,400 records of the binary, about half a million instructions in every process.
let directMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

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
        // Text normalisation, elementary functions and hashing: what the rules need but are not.
        .target(name: "SLPSupport", swiftSettings: directMetadata),
        .target(name: "SLPDomain", dependencies: ["SLPSupport"], swiftSettings: directMetadata),
        .target(name: "SLPData", dependencies: ["SLPDomain", "SLPSupport", "CSQLite"], swiftSettings: directMetadata),
        // The argument parsing engine: command tables, parser, help, value syntax.
        .target(name: "SLPCommandLine", dependencies: ["SLPDomain"], swiftSettings: directMetadata),
        .executableTarget(
            name: "slp", dependencies: ["SLPDomain", "SLPData", "SLPCommandLine"],
            // A release `slp` is one static executable (Swift's runtime, libstdc++, the system's
            // libsqlite3.a, glibc): no dynamic loader mapping four libraries and binding 3,400
            // symbols at every start, about 1.9 ms of a 7 ms search on the benchmark machine; and
            // a fixed address, so none of its 37k pointers is relocated. lld, because gold warns
            // at every link about glibc calls that want shared NSS or dlopen at run time in a static
            // binary (the home directory lookup; SQLite's extension loading, never enabled here).
            // Foundation's own static libraries are named for a build without
            // `--static-swift-stdlib`, which does not list them.
            // The functions everyday commands run come first, side by side (`Scripts/link-order`
            // writes the list): a search process then faults in 72 stretches of code instead of 98.
            exclude: ["link-order.txt"],
            swiftSettings: directMetadata,
            linkerSettings: [.unsafeFlags([
                "-static-executable", "-use-ld=lld",
                "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
                "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/slp/link-order.txt",
                "-Xlinker", "--no-warn-symbol-ordering",
            ], .when(configuration: .release))]),
        .executableTarget(name: "slp-bench", dependencies: ["SLPDomain", "SLPData", "SLPSupport"], linkerSettings: lldInRelease),
        // Fuzz targets: `Scripts/fuzz`; a plain build replays saved inputs.
        .target(name: "SLPFuzzSupport"),
        .executableTarget(name: "slp-fuzz-values", dependencies: ["SLPDomain", "SLPFuzzSupport"], linkerSettings: lldInRelease),
        .executableTarget(name: "slp-fuzz-arguments", dependencies: ["SLPCommandLine", "SLPDomain", "SLPFuzzSupport"], linkerSettings: lldInRelease),
        .testTarget(name: "SLPSupportTests", dependencies: ["SLPSupport"]),
        .testTarget(name: "SLPDomainTests", dependencies: ["SLPDomain", "SLPSupport"]),
        .testTarget(name: "SLPDataTests", dependencies: ["SLPData", "SLPDomain", "SLPSupport", "CSQLite"]),
        .testTarget(name: "slpTests", dependencies: ["slp", "SLPCommandLine", "SLPDomain"]),
        .testTarget(name: "CLITests", dependencies: ["slp", "SLPData"]),
    ],
    swiftLanguageModes: [.v6]
)
