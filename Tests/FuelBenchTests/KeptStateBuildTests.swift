import Foundation
import FuelBench
import FuelBuild
import FuelPublishing
import Testing
import _FuelTestSupport

/// A rebuild that reads the previous build's prices from the state it kept (`OUT/.kept-state/`) publishes the same
/// bytes as one that reads them from the tiles (`--ignore-kept-state`), in each of the hourly job's cases, on the
/// bench's generated feeds.
@Suite struct KeptStateBuildTests {
    static let countries = ["AT", "ES", "FR", "IT", "PT"]
    static let firstBuild = Date(timeIntervalSince1970: 1_796_025_600)
    /// A day later: last changes from the first build are still current, new ones are dated now.
    static let rebuild = Date(timeIntervalSince1970: 1_796_025_600 + 86_400)

    /// One hourly case: how the feeds differ from the ones the previous build was made from.
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// When the rebuild runs.
        var rebuild = KeptStateBuildTests.rebuild
        /// Changes the copy of the base feeds in the folder given, using the scratch folder given.
        var prepare: @Sendable (_ feeds: URL, _ scratch: URL) throws -> Void
    }

    static func generate(_ folder: URL, seed: UInt64 = 7, change: Double = 0, countries: [String] = countries) throws {
        var options = GeneratorOptions(scale: 0.01, seed: seed, output: folder, changedFraction: change)
        options.countries = countries
        _ = try FeedGenerator.generate(options)
    }

    /// Replaces `country`'s folder in `feeds` with the one of `source`.
    static func replace(_ country: String, in feeds: URL, from source: URL) throws {
        try FileManager.default.removeItem(at: feeds.appendingPathComponent(country))
        try FileManager.default.copyItem(
            at: source.appendingPathComponent(country), to: feeds.appendingPathComponent(country))
    }

    static let cases = [
        Case(testDescription: "unchanged") { _, _ in },
        // The last changes the previous build carries age out of their window: the same inputs publish other bytes.
        Case(testDescription: "unchanged, after the last changes' window", rebuild: rebuild + 31 * 86_400) { _, _ in },
        Case(testDescription: "5 % of prices changed in one country") { feeds, scratch in
            try generate(scratch, change: 0.05, countries: ["ES"])
            try replace("ES", in: feeds, from: scratch)
        },
        Case(testDescription: "5 % of prices changed in every country") { feeds, scratch in
            try generate(scratch, change: 0.05)
            for country in countries { try replace(country, in: feeds, from: scratch) }
        },
        Case(testDescription: "one country's feed replaced") { feeds, scratch in
            try generate(scratch, seed: 8, countries: ["AT"])
            try replace("AT", in: feeds, from: scratch)
        },
    ]

    static func build(
        _ feeds: URL, _ out: URL, at builtAt: Date, ignoringKeptState: Bool = false, layout: PublishLayout = .standard
    ) async throws -> BuildReport {
        var options = BuildOptions(
            feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: RepositoryPaths.adapters(),
            countries: countries, builtAt: builtAt, allowShrink: true, layout: layout)
        options.ignoreKeptState = ignoringKeptState
        options.now = { builtAt }  // the expiry case runs past today's date
        return try await Builder(options: options).run().0
    }

    /// The previous build, in `root/base`, of the base feeds, in `root/feeds`: made over a build of feeds with 3 % of
    /// their prices different, an hour earlier, so that it holds last changes to carry.
    static func previousBuild(_ root: URL) async throws -> (feeds: URL, base: URL) {
        let earlier = root.appendingPathComponent("earlier")
        try generate(earlier, change: 0.03)
        let base = root.appendingPathComponent("base")
        _ = try await build(earlier, base, at: firstBuild.addingTimeInterval(-3600))
        let feeds = root.appendingPathComponent("feeds")
        try generate(feeds)
        _ = try await build(feeds, base, at: firstBuild)
        let states = try FileManager.default.contentsOfDirectory(
            atPath: base.appendingPathComponent(".kept-state").path)
        #expect(Set(states) == Set(countries), "one state per country")
        let lastChanges = try states.flatMap { country in
            try String(contentsOf: base.appendingPathComponent(".kept-state/\(country)"), encoding: .utf8)
                .split(separator: "\n").dropFirst(5)
                .filter { line in
                    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                    return fields.count == 9 && !fields[7].isEmpty
                }
        }
        #expect(!lastChanges.isEmpty, "the previous build has last changes to carry")
        return (feeds, base)
    }

    /// The paths under `OUT/fuel` whose bytes differ between two outputs (or that one of them lacks).
    static func differences(_ first: URL, _ second: URL) -> [String] {
        let (a, b) = (
            TreeSnapshot.take(first.appendingPathComponent("fuel")),
            TreeSnapshot.take(second.appendingPathComponent("fuel"))
        )
        return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// The notes that say a country's kept state could not be used.
    static func keptStateNotes(_ report: BuildReport) -> [String] {
        report.countries.flatMap(\.notes).filter { $0.contains("kept state") }
    }

    @Test(arguments: cases)
    func aRebuildFromTheKeptStateEqualsOneFromTheTiles(_ hourly: Case) async throws {
        let root = RepositoryPaths.temporaryDirectory("kept-state")
        defer { try? FileManager.default.removeItem(at: root) }
        let (feeds, base) = try await Self.previousBuild(root)
        try hourly.prepare(feeds, root.appendingPathComponent("scratch"))

        let kept = root.appendingPathComponent("kept")
        let tiles = root.appendingPathComponent("tiles")
        try FileManager.default.copyItem(at: base, to: kept)
        try FileManager.default.copyItem(at: base, to: tiles)
        let fromState = try await Self.build(feeds, kept, at: hourly.rebuild)
        let fromTiles = try await Self.build(feeds, tiles, at: hourly.rebuild, ignoringKeptState: true)
        #expect(Self.keptStateNotes(fromState).isEmpty, "every changed country read its kept state")
        #expect(Self.keptStateNotes(fromTiles).isEmpty)
        #expect(TreeSnapshot.take(kept.appendingPathComponent("fuel")).count > 0)
        #expect(Self.differences(kept, tiles).isEmpty, "byte for byte")
        // Reused countries are taken whole from their states, unless a last change has aged out since.
        let fromStateWhole = fromState.countries.filter { $0.accounting.contains("taken whole") }
        #expect(fromTiles.countries.allSatisfy { !$0.accounting.contains("taken whole") })
        let reused = fromState.countries.filter { $0.reused == true }.map(\.country)
        let whole = fromStateWhole.map(\.country)
        if hourly.rebuild > Self.rebuild {
            // Only a country none of whose last changes aged out is taken whole.
            #expect(Set(whole).isSubset(of: reused) && whole.count < reused.count, "\(whole)")
        } else {
            #expect(whole == reused, "\(fromState.countries.map(\.accounting))")
        }
        if hourly.testDescription == "unchanged" { #expect(reused == Self.countries) }
        if hourly.rebuild > Self.rebuild {
            #expect(!Self.differences(base, kept).filter { $0.hasPrefix("tiles/") }.isEmpty, "expired changes dropped")
        }
        // Both left the same state for the next build.
        for country in Self.countries {
            let path = ".kept-state/\(country)"
            let (a, b) = (kept.appendingPathComponent(path), tiles.appendingPathComponent(path))
            let first = try String(contentsOf: a, encoding: .utf8).split(separator: "\n").dropFirst(2)
            let second = try String(contentsOf: b, encoding: .utf8).split(separator: "\n").dropFirst(2)
            #expect(first.elementsEqual(second), "\(country)'s state, after its build line, is the same")
        }
    }

    /// In format 2 alone and in both formats, an unchanged rebuild writes no tile: each is a link to a file of the
    /// previous build (or, in both formats, format 2's tile to format 1's), and the output is the one of a rebuild that
    /// ignores the kept state.
    @Test(arguments: [PublishLayout.v2, .both])
    func everyFormatLinksTheTilesOfAnUnchangedRebuild(_ layout: PublishLayout) async throws {
        let root = RepositoryPaths.temporaryDirectory("kept-state-\(layout.rawValue)")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        try Self.generate(feeds)
        let base = root.appendingPathComponent("base")
        _ = try await Self.build(feeds, base, at: Self.firstBuild, layout: layout)
        let (kept, tiles) = (root.appendingPathComponent("kept"), root.appendingPathComponent("tiles"))
        try FileManager.default.copyItem(at: base, to: kept)
        try FileManager.default.copyItem(at: base, to: tiles)
        // Links to the previous build's tiles keep their inodes alive after the rebuild removes that build (the copy
        // above made format 1's and format 2's files of a tile separate files).
        let witness = root.appendingPathComponent("witness")
        try FileManager.default.createDirectory(at: witness, withIntermediateDirectories: true)
        var previousInodes = Set<UInt>()
        let formats = layout == .both ? ["fuel/tiles", "fuel/v2/tiles"] : ["fuel/v2/tiles"]
        for file in try formats.flatMap({ try Self.files(in: kept.appendingPathComponent($0)) }) {
            try FileManager.default.linkItem(
                at: file, to: witness.appendingPathComponent("\(previousInodes.count)-\(file.lastPathComponent)"))
            previousInodes.insert(try Self.inode(file))
        }
        let report = try await Self.build(feeds, kept, at: Self.rebuild, layout: layout)
        _ = try await Self.build(feeds, tiles, at: Self.rebuild, ignoringKeptState: true, layout: layout)
        #expect(report.tiles > 0 && report.reusedTiles == report.tiles, "\(report.reusedTiles) of \(report.tiles)")
        #expect(Self.differences(kept, tiles).isEmpty, "byte for byte")
        let rebuilt = try Self.files(in: kept.appendingPathComponent("fuel/v2/tiles"))
        #expect(rebuilt.count == report.tiles)
        for file in rebuilt {
            #expect(previousInodes.contains(try Self.inode(file)), "\(file.lastPathComponent) is a link, not a copy")
        }
    }

    static func files(in folder: URL) throws -> [URL] {
        let resolved = folder.resolvingSymlinksInPath()
        return try FileManager.default.contentsOfDirectory(atPath: resolved.path).map {
            resolved.appendingPathComponent($0)
        }
    }

    static func inode(_ file: URL) throws -> UInt {
        var status = stat()
        guard stat(file.path, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return UInt(status.st_ino)
    }

    /// A damaged state is not trusted: the build reads the tiles, says so, and publishes the same bytes.
    @Test func aDamagedStateFallsBackToTheTilesWithANote() async throws {
        let root = RepositoryPaths.temporaryDirectory("kept-state-damaged")
        defer { try? FileManager.default.removeItem(at: root) }
        let (feeds, base) = try await Self.previousBuild(root)
        try Self.cases[2].prepare(feeds, root.appendingPathComponent("scratch"))
        let damaged = root.appendingPathComponent("damaged")
        let tiles = root.appendingPathComponent("tiles")
        try FileManager.default.copyItem(at: base, to: damaged)
        try FileManager.default.copyItem(at: base, to: tiles)
        let state = damaged.appendingPathComponent(".kept-state/ES")
        var bytes = try [UInt8](Data(contentsOf: state))
        bytes[bytes.count - 3] ^= 0x01  // a digit of the last price line
        try Data(bytes).write(to: state)

        let report = try await Self.build(feeds, damaged, at: Self.rebuild)
        let notes = Self.keptStateNotes(report)
        #expect(notes.count == 1)
        #expect(notes.first?.contains("ES: ") == true && notes.first?.contains("checksum") == true, "\(notes)")
        _ = try await Self.build(feeds, tiles, at: Self.rebuild, ignoringKeptState: true)
        #expect(Self.differences(damaged, tiles).isEmpty, "byte for byte")
    }
}
