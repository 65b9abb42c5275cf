// swift-tools-version:6.0
import PackageDescription

// System libraries come from Debian packages; each shim module names its package so a
// missing one gets a helpful message instead of a missing-header error.
let zlib = Target.systemLibrary(
    name: "CFuelZlib",
    pkgConfig: "zlib",
    providers: [.apt(["zlib1g-dev"])]
)
// libdeflate compresses the published files: same size as zlib level 9 in a third of the time (BENCHMARKS.md).
let libdeflate = Target.systemLibrary(
    name: "CFuelDeflate",
    pkgConfig: "libdeflate",
    providers: [.apt(["libdeflate-dev"])]
)
let libxml2 = Target.systemLibrary(
    name: "CFuelXML",
    pkgConfig: "libxml-2.0",
    providers: [.apt(["libxml2-dev"])]
)
let libcurl = Target.systemLibrary(
    name: "CFuelCurl",
    pkgConfig: "libcurl",
    providers: [.apt(["libcurl4-openssl-dev"])]
)
let libcrypto = Target.systemLibrary(
    name: "CFuelCrypto",
    pkgConfig: "libcrypto",
    providers: [.apt(["libssl-dev"])]
)

let package = Package(
    name: "FuelTiles",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "FuelGrid", targets: ["FuelGrid"]),
        .library(name: "FuelClient", targets: ["FuelClient"]),
        .executable(name: "fuel-publish", targets: ["fuel-publish"]),
        .executable(name: "fuel-nearby", targets: ["fuel-nearby"]),
        .executable(name: "fuel-bench", targets: ["fuel-bench"]),
    ],
    targets: [
        zlib, libdeflate, libxml2, libcurl, libcrypto,

        // The grid and the tile contract: shared by the publisher and the phone, Foundation only.
        .target(name: "FuelGrid"),
        // Country adapters: raw feed bytes to station facts.
        .target(name: "FuelFeeds", dependencies: ["FuelGrid", "CFuelZlib", "CFuelXML"]),
        // HTTP over libcurl, digests and the SigV4 signer over libcrypto.
        .target(name: "FuelHTTP", dependencies: ["CFuelCurl", "CFuelCrypto"]),
        // Validation, tiles, deterministic gzip, the complete-or-nothing build, fetch and upload.
        .target(
            name: "FuelPublish", dependencies: ["FuelGrid", "FuelFeeds", "FuelHTTP", "CFuelZlib", "CFuelDeflate"]),
        // The phone's lookup: depends on the contract and Foundation only.
        .target(name: "FuelClient", dependencies: ["FuelGrid"]),
        // Child processes with deadlines (posix_spawn/waitpid, no Foundation Process): for the bench and the tests.
        .target(name: "FuelProcess"),
        // Argument parsing, help and the one place that maps errors to exit codes.
        .target(name: "FuelCommandLine"),
        // The full-size feed generator and benchmark driver.
        .target(
            name: "FuelBench",
            dependencies: ["FuelGrid", "FuelFeeds", "FuelPublish", "FuelHTTP", "FuelClient", "FuelProcess"]),

        .executableTarget(name: "fuel-publish", dependencies: ["FuelPublish", "FuelCommandLine"]),
        .executableTarget(name: "fuel-nearby", dependencies: ["FuelClient", "FuelCommandLine"]),
        .executableTarget(name: "fuel-bench", dependencies: ["FuelBench", "FuelCommandLine"]),

        .target(name: "_FuelTestSupport", dependencies: ["FuelGrid", "FuelFeeds", "FuelProcess"]),

        .testTarget(name: "FuelGridTests", dependencies: ["FuelGrid", "_FuelTestSupport"]),
        .testTarget(
            name: "FuelFeedsTests",
            dependencies: ["FuelFeeds", "_FuelTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "FuelPublishTests", dependencies: ["FuelPublish", "_FuelTestSupport"]),
        .testTarget(name: "FuelHTTPTests", dependencies: ["FuelHTTP", "_FuelTestSupport"]),
        .testTarget(name: "FuelClientTests", dependencies: ["FuelClient", "_FuelTestSupport"]),
        .testTarget(name: "FuelProcessTests", dependencies: ["FuelProcess", "_FuelTestSupport"]),
        .testTarget(name: "FuelBenchTests", dependencies: ["FuelBench", "_FuelTestSupport"]),
        .testTarget(name: "FuelEndToEndTests", dependencies: ["_FuelTestSupport"]),
    ]
)

// Strict settings for every Swift target, in one place.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    // Spell out existential types (`any P`), so protocol costs are visible.
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
