// swift-tools-version:6.1
import PackageDescription

// MARK: - The release build
//
// `swift build -c release --static-swift-stdlib` is the release build (README). These settings,
// all here and all for release builds only, make `slp` start and search faster; each stays
// because slp-bench measured it buying at least 5% on the whole `slp search` process (the
// figures and how they were taken: docs/PERFORMANCE.md, "What each remaining speed device
// buys"). CI builds exactly this, so a toolchain that breaks one fails CI. The default trait
// `StaticExecutable` carries the link flags; `swift build -c release --traits PostgreSQL`
// replaces it, as libpq cannot be linked statically.

/// `slp` as one static executable: no dynamic loader, libraries to map or symbols to bind at
/// each start. `--static-swift-stdlib` alone leaves libsqlite3, libstdc++ and glibc dynamic;
/// FoundationEssentials' static libraries must then be named, as that flag lists them only
/// for a dynamic link. lld, because gold warns about glibc functions that want shared libraries
/// at run time in a static binary (user lookup, SQLite's extension loading, never enabled).
let staticExecutable: [String] = [
    "-static-executable", "-use-ld=lld",
    "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
]

/// The functions and variables everyday commands touch laid out side by side, in the order
/// `Release/link-order.txt` gives (`Scripts/link-order` writes it): a command faults in fewer
/// pages of the binary. A stale list only costs speed; names it lists that no longer exist are
/// skipped without a warning.
let linkOrder: [String] = [
    "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Release/link-order.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
]

/// Metadata of concrete generic types reached through accessors handed their conformances,
/// not by demangling a name and searching the binary's conformance records at run time.
let directMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

/// Release executables link with lld: with `--static-swift-stdlib`, gold warns at every link
/// about a `mktemp` call inside Foundation's static library (`slp` built with `--traits PostgreSQL` too).
let lldInRelease: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"], .when(configuration: .release))]

// MARK: - Targets

/// The PostgreSQL backend (`--traits PostgreSQL`): libpq, linked dynamically, and the
/// repositories over it. The default build neither needs nor links libpq.
let postgreSQL: TargetDependencyCondition? = .when(traits: ["PostgreSQL"])

let package = Package(
    name: "slp",
    products: [
        .executable(name: "slp", targets: ["slp"]),
        .executable(name: "slp-push", targets: ["slp-push"]),
        .library(name: "SLPDomain", targets: ["SLPDomain"]),
        .library(name: "SLPData", targets: ["SLPData"]),
        .library(name: "SLPCommandLine", targets: ["SLPCommandLine"]),
    ],
    traits: [
        .trait(name: "StaticExecutable", description: "Release builds link `slp` as one static executable (the flags above)."),
        .trait(name: "PostgreSQL", description: "The PostgreSQL backend: --db postgresql://… (needs libpq, apt-get install libpq-dev)."),
        // `--traits PostgreSQL` replaces the default: libpq and its libraries are linked dynamically.
        .default(enabledTraits: ["StaticExecutable"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // OpenSSL's libcrypto: every cryptographic step of the API's tokens (statically linked
        // into the release executable from libcrypto.a, as libssl-dev installs it).
        .systemLibrary(
            name: "CCrypto",
            path: "Sources/CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // libcurl, linked dynamically (Debian's cannot be linked statically): only `slp-push`'s
        // transport uses it, never `slp`.
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Linux's epoll, eventfd and sync_file_range, part of the C library but not of Swift's Glibc module.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Text normalisation, elementary functions and hashing: what the rules need but are not.
        .target(name: "SLPSupport", swiftSettings: directMetadata),
        .target(name: "SLPDomain", dependencies: ["SLPSupport"], swiftSettings: directMetadata),
        .target(
            name: "SLPData", dependencies: ["SLPDomain", "SLPSupport", "SLPIdentity", "CSQLite", "CLinux", .target(name: "CLibPQ", condition: postgreSQL)],
            swiftSettings: directMetadata),
        // Who calls the API: slp's own tokens and Firebase ID tokens, signed and checked by libcrypto.
        .target(name: "SLPIdentity", dependencies: ["CCrypto", "SLPSupport"]),
        // The realtime protocols the SLP apps speak, knowing neither the command line nor storage:
        // WebSocket (RFC 6455), Engine.IO 4 and Socket.IO 5 framing; SHA-1 for the handshake from libcrypto.
        .target(name: "SLPRealtime", dependencies: ["CCrypto", "CLinux", "SLPSupport"]),
        // `slp serve`'s web server, knowing neither the API nor storage: lighttpd configured, started
        // and watched in front of slp's SCGI workers or CGI, and slp's realtime hub beside it.
        .target(name: "SLPWebServer", dependencies: ["CLinux", "SLPSupport", "SLPWebClient"]),
        // The web client's page (HTML, CSS, JavaScript modules in `Files/`), compiled into slp by
        // the `EmbedFiles` plugin so that the release binary stays one static executable.
        // SwiftPM's `.embedInCode` would name each file by its last path component alone (two
        // `main.js` in different folders collide, the folders are lost) and makes each one an
        // array literal, slow to compile; the plugin keeps relative paths and writes string literals.
        .target(name: "SLPWebClient", dependencies: ["SLPSupport"], exclude: ["Files"], plugins: ["EmbedFiles"]),
        .executableTarget(name: "slp-embed-files", linkerSettings: lldInRelease),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["slp-embed-files"]),
        // FCM HTTP v1 as a transport, knowing neither the domain nor storage: OAuth 2.0 for a service
        // account and many sends in flight through one curl multi handle on a thread of its own.
        .target(name: "SLPPush", dependencies: ["CCurl", "SLPIdentity", "SLPSupport"]),
        // The argument parsing engine: command tables, parser, help, value syntax.
        .target(name: "SLPCommandLine", swiftSettings: directMetadata),
        // The terminal as a screen: raw mode, keys, display widths, painting by escape sequences.
        .target(name: "SLPTerminal", dependencies: ["SLPSupport"], swiftSettings: directMetadata),
        .executableTarget(
            name: "slp",
            dependencies: ["SLPDomain", "SLPData", "SLPCommandLine", "SLPSupport", "SLPIdentity", "SLPTerminal", "SLPRealtime", "SLPWebServer", "SLPWebClient"],
            swiftSettings: directMetadata,
            linkerSettings: lldInRelease + [.unsafeFlags(staticExecutable + linkOrder, .when(configuration: .release, traits: ["StaticExecutable"]))]),
        // The push sender `slp serve` starts: a program of its own, as libcurl cannot be linked
        // statically into `slp` (Debian's links GSSAPI, which ships no static libraries).
        .executableTarget(
            name: "slp-push",
            dependencies: ["SLPDomain", "SLPData", "SLPPush", "SLPIdentity", "SLPSupport", "SLPWebServer", .target(name: "CLibPQ", condition: postgreSQL)],
            linkerSettings: lldInRelease),
        .executableTarget(
            name: "slp-bench",
            dependencies: ["SLPDomain", "SLPData", "SLPSupport", "SLPIdentity", "SLPRealtime", .target(name: "SLPPrivateCluster", condition: postgreSQL), .target(name: "CLibPQ", condition: postgreSQL)],
            linkerSettings: lldInRelease),
        // Fuzz targets: `Scripts/fuzz`; a plain build replays saved inputs.
        .target(name: "SLPFuzzSupport"),
        .executableTarget(name: "slp-fuzz-values", dependencies: ["SLPDomain", "SLPFuzzSupport"], linkerSettings: lldInRelease),
        .executableTarget(name: "slp-fuzz-arguments", dependencies: ["SLPCommandLine", "SLPDomain", "SLPFuzzSupport"], linkerSettings: lldInRelease),
        // In-memory storage (plain tables, no rules), test values, seeds and a process runner with a
        // deadline, shared by the tests.
        .target(name: "SLPTestSupport", dependencies: ["SLPDomain", "SLPSupport"]),
        // A private PostgreSQL server for the tests and the benchmark (`--traits PostgreSQL`; empty without it).
        .target(name: "SLPPrivateCluster", dependencies: [.target(name: "CLibPQ", condition: postgreSQL)]),
        .testTarget(name: "SLPSupportTests", dependencies: ["SLPSupport", "SLPTestSupport"]),
        .testTarget(name: "SLPIdentityTests", dependencies: ["SLPIdentity", "SLPTestSupport"]),
        .testTarget(name: "SLPPushTests", dependencies: ["SLPPush", "SLPIdentity", "SLPSupport", "SLPTestSupport"]),
        .testTarget(name: "SLPDomainTests", dependencies: ["SLPDomain", "SLPSupport", "SLPTestSupport"]),
        .testTarget(
            name: "SLPDataTests",
            dependencies: ["SLPData", "SLPDomain", "SLPSupport", "SLPTestSupport", "CSQLite", .target(name: "CLibPQ", condition: postgreSQL),
                           .target(name: "SLPPrivateCluster", condition: postgreSQL)]),
        .testTarget(name: "SLPTerminalTests", dependencies: ["SLPTerminal", "SLPSupport"]),
        .testTarget(name: "SLPRealtimeTests", dependencies: ["SLPRealtime", "SLPSupport", "SLPTestSupport"]),
        .testTarget(name: "SLPWebServerTests", dependencies: ["SLPWebServer", "SLPWebClient", "SLPSupport"]),
        .testTarget(name: "slpTests", dependencies: ["slp", "SLPCommandLine", "SLPDomain", "SLPTerminal", "SLPTestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["slp", "SLPData", "SLPSupport", "SLPTestSupport", .target(name: "SLPPrivateCluster", condition: postgreSQL)]),
    ],
    swiftLanguageModes: [.v6]
)
