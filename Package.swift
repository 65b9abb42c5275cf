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
// glibc's malloc.h, for malloc_trim.
let malloc = Target.systemLibrary(name: "CFuelMalloc")
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
    // Synchronization.Mutex and String(validating:) need macOS 15 and iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "FuelFormat", targets: ["FuelFormat"]),
        .library(name: "FuelClient", targets: ["FuelClient"]),
        .executable(name: "fuel-publish", targets: ["fuel-publish"]),
        .executable(name: "fuel-nearby", targets: ["fuel-nearby"]),
        .executable(name: "fuel-bench", targets: ["fuel-bench"]),
    ],
    targets: [
        zlib, libdeflate, libxml2, libcurl, libcrypto, malloc,

        // The pipeline, bottom to top; every dependency points down.
        // The grid, the tile contract and its time formats: shared by the publisher and the phone, Foundation only.
        .target(name: "FuelFormat"),
        // Byte-level codecs with no knowledge of fuel: JSON, ZIP, XML, gzip, byte text, local wall times and digests.
        .target(
            name: "FuelCodecs",
            dependencies: ["FuelFormat", "CFuelZlib", "CFuelDeflate", "CFuelXML", "CFuelCrypto", "CFuelMalloc"]),
        // HTTP over libcurl and the SigV4 signer.
        .target(name: "FuelHTTP", dependencies: ["FuelFormat", "FuelCodecs", "CFuelCurl"]),
        // One folder per country (parse, fetch plan, typed fetch settings, download shape) and the one registry.
        .target(name: "FuelFeeds", dependencies: ["FuelFormat", "FuelCodecs"]),
        // Downloads every registered country into feeds/, all or nothing per country, and fetch --check.
        .target(name: "FuelFetch", dependencies: ["FuelFormat", "FuelCodecs", "FuelFeeds", "FuelHTTP"]),
        // The publishing rules the build and the upload share: the layouts, the published documents' bytes, format 2's
        // name hash, the shrink guard and the clock tolerance. The upload needs these, not the build.
        .target(name: "FuelPublishing", dependencies: ["FuelFormat", "FuelCodecs", "FuelFeeds"]),
        // Validation, assembly, tile encoding (compressed with FuelCodecs' gzip) and the atomic, complete-or-nothing output.
        .target(name: "FuelBuild", dependencies: ["FuelFormat", "FuelCodecs", "FuelFeeds", "FuelPublishing"]),
        // The S3 upload (lock, plan, PUTs, index, prune) and the status of a published index.
        .target(name: "FuelUpload", dependencies: ["FuelFormat", "FuelCodecs", "FuelHTTP", "FuelPublishing"]),
        // Seeing a build: the comparison of two builds (`diff`) and the self-contained map report (`report`).
        // Resources/ holds the page's script and stylesheet, built in by scripts/embed-report-assets (ReportAssets.swift)
        // so fuel-publish needs no resource bundle beside it.
        .target(
            name: "FuelReport", dependencies: ["FuelFormat", "FuelCodecs", "FuelFeeds", "FuelBuild"],
            exclude: ["Resources"]),
        // The phone's lookup: depends on the contract and Foundation only.
        .target(name: "FuelClient", dependencies: ["FuelFormat"]),
        // Child processes with deadlines (posix_spawn/waitpid, no Foundation Process): for the bench and the tests.
        .target(name: "FuelProcess"),
        // Argument parsing, help and the one place that maps errors to exit codes.
        .target(name: "FuelCommandLine", dependencies: ["FuelFormat"]),
        // The full-size feed generator and benchmark driver.
        .target(
            name: "FuelBench",
            dependencies: [
                "FuelFormat", "FuelCodecs", "FuelFeeds", "FuelFetch", "FuelHTTP", "FuelPublishing", "FuelBuild",
                "FuelUpload", "FuelClient", "FuelProcess", "CFuelZlib",
            ]),

        .executableTarget(
            name: "fuel-publish",
            dependencies: [
                "FuelFormat", "FuelFeeds", "FuelFetch", "FuelPublishing", "FuelBuild", "FuelUpload", "FuelReport",
                "FuelCommandLine",
            ]),
        .executableTarget(name: "fuel-nearby", dependencies: ["FuelFormat", "FuelClient", "FuelCommandLine"]),
        .executableTarget(name: "fuel-bench", dependencies: ["FuelFormat", "FuelBench", "FuelCommandLine"]),

        .target(
            name: "_FuelTestSupport",
            dependencies: ["FuelFormat", "FuelCodecs", "FuelFeeds", "FuelBuild", "FuelHTTP", "FuelProcess"]
        ),

        .testTarget(name: "FuelFormatTests", dependencies: ["FuelFormat", "_FuelTestSupport"]),
        .testTarget(name: "FuelCodecsTests", dependencies: ["FuelCodecs", "FuelFormat", "_FuelTestSupport"]),
        .testTarget(
            name: "FuelFeedsTests",
            dependencies: ["FuelFeeds", "FuelCodecs", "FuelFormat", "_FuelTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "FuelHTTPTests", dependencies: ["FuelHTTP", "FuelCodecs", "FuelFormat", "_FuelTestSupport"]),
        .testTarget(
            name: "FuelFetchTests",
            dependencies: ["FuelFetch", "FuelFeeds", "FuelHTTP", "FuelFormat", "_FuelTestSupport"]),
        .testTarget(
            name: "FuelBuildTests",
            dependencies: ["FuelBuild", "FuelPublishing", "FuelCodecs", "FuelFeeds", "FuelFormat", "_FuelTestSupport"]),
        .testTarget(
            name: "FuelUploadTests",
            dependencies: [
                "FuelUpload", "FuelPublishing", "FuelBuild", "FuelCodecs", "FuelHTTP", "FuelFeeds", "FuelFormat",
                "FuelClient", "FuelProcess", "_FuelTestSupport",
            ]),
        // FuelBuild makes the format-2 sets the client tests read, with the publisher's own code.
        .testTarget(
            name: "FuelReportTests",
            dependencies: ["FuelReport", "FuelBuild", "FuelCodecs", "FuelFeeds", "FuelFormat", "_FuelTestSupport"]),
        // FuelCodecs: the publisher's SHA-256, which the client's own is held against.
        .testTarget(
            name: "FuelClientTests",
            dependencies: [
                "FuelClient", "FuelPublishing", "FuelBuild", "FuelCodecs", "FuelFeeds", "FuelFormat",
                "_FuelTestSupport",
            ]),
        .testTarget(name: "FuelCommandLineTests", dependencies: ["FuelCommandLine"]),
        .testTarget(name: "FuelProcessTests", dependencies: ["FuelProcess", "_FuelTestSupport"]),
        .testTarget(
            name: "FuelPublishCommandTests", dependencies: ["fuel-publish", "FuelFeeds", "FuelFetch", "FuelBuild"],
            path: "Tests/fuel-publishTests"),
        .testTarget(
            name: "FuelBenchTests",
            dependencies: ["FuelBench", "FuelUpload", "FuelBuild", "FuelFormat", "_FuelTestSupport"]),
        .testTarget(
            name: "FuelEndToEndTests",
            dependencies: [
                "FuelFormat", "FuelFeeds", "FuelFetch", "FuelPublishing", "FuelBuild", "FuelUpload", "FuelProcess",
                "_FuelTestSupport",
            ]),
    ],
    // Swift 6: complete strict concurrency checking, data races as errors.
    swiftLanguageModes: [.v6]
)

// Strict settings for every Swift target, in one place. Strict concurrency is complete already: the package is in
// the Swift 6 language mode (`swiftLanguageModes` above), where data races are errors, so no
// `StrictConcurrency` feature is added.
let strictSettings: [SwiftSetting] = [
    // Spell out existential types (`any P`), so protocol costs are visible.
    .enableUpcomingFeature("ExistentialAny"),
    // A file sees the members (and extensions) of the modules it imports itself, not of whatever another file of its
    // module imported (SE-0444), so every file's import lines say what it uses.
    .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
