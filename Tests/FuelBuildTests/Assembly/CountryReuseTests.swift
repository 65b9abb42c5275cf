import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing
import Synchronization
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// A country whose feed files and metadata are the ones the published build was made from is reused from that
/// build, unparsed; a build in which nothing changed writes nothing with `--skip-unchanged`.
@Suite struct CountryReuseTests {
    static let firstBuild = "2026-12-03T08:05:00Z"
    static let secondBuild = "2026-12-03T09:05:00Z"

    /// The samples copied into `root/feeds`.
    static func feeds(_ root: URL) throws -> URL {
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.copyItem(
            at: RepositoryPaths.samples(), to: feeds)
        return feeds
    }

    static func build(
        _ feeds: URL, _ out: URL, builtAt: String, skipUnchanged: Bool = false, carryForward: Double? = nil
    ) async throws -> (report: BuildReport, events: [BuildEvent]) {
        let seconds = try #require(UTCTime.parse(builtAt))
        var options = BuildOptions(
            feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: nil,
            builtAt: Date(timeIntervalSince1970: TimeInterval(seconds)), carryForwardHours: carryForward, layout: .both)
        options.skipUnchanged = skipUnchanged
        let events = Mutex<[BuildEvent]>([])
        let report = try await Builder(options: options).run { event in events.withLock { $0.append(event) } }.0
        return (report, events.withLock { $0 })
    }

    /// How each country's parse ended, by code.
    static func outcomes(_ events: [BuildEvent]) -> [String: String] {
        var outcomes: [String: String] = [:]
        for case .countryDone(let country, let outcome) in events {
            switch outcome {
            case .built: outcomes[country] = "built"
            case .reused: outcomes[country] = "reused"
            case .failed: outcomes[country] = "failed"
            }
        }
        return outcomes
    }

    /// Replaces the first `old` in a file below `root`.
    static func edit(_ root: URL, _ path: String, _ old: String, _ new: String) throws {
        let file = root.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        let range = try #require(text.range(of: old), "\(old) in \(path)")
        try text.replacingCharacters(in: range, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func aCountryWhoseInputsDidNotChangeIsReusedNotParsed() async throws {
        let folder = try SampleBuildFolder("reuse")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        let first = try await Self.build(feeds, out, builtAt: Self.firstBuild)
        #expect(Set(Self.outcomes(first.events).values) == ["built"])

        // The published ES tile is altered: a station's name the feed does not hold. Only a build that takes ES's
        // stations from the published build, rather than from the feed, publishes it.
        let published = out.appendingPathComponent("fuel").resolvingSymlinksInPath()
        let tiles = try FileManager.default.contentsOfDirectory(atPath: published.appendingPathComponent("tiles").path)
        var altered = false
        for name in tiles.sorted() {
            let url = published.appendingPathComponent("tiles/" + name)
            let json = String(decoding: try Gzip.decompress([UInt8](try Data(contentsOf: url))), as: UTF8.self)
            guard json.contains(#""name":"NIEVES""#) else { continue }
            let changed = json.replacingOccurrences(of: #""name":"NIEVES""#, with: #""name":"NIEVES (published)""#)
            try FileManager.default.removeItem(at: url)  // a hard link shared with nothing else here
            try Data(Gzip.compress(Array(changed.utf8))).write(to: url)
            altered = true
        }
        #expect(altered, "no published tile holds the ES station NIEVES")
        // PT's feed changes: PT is parsed again.
        try Self.edit(feeds, "PT/page-0001.json", #""Preco": "0,949 €""#, #""Preco": "0,939 €""#)

        let second = try await Self.build(feeds, out, builtAt: Self.secondBuild)

        let outcomes = Self.outcomes(second.events)
        #expect(outcomes["PT"] == "built")
        #expect(outcomes["ES"] == "reused" && outcomes["AT"] == "reused" && outcomes["IT"] == "reused")
        let names = try Self.stationNames(out)
        #expect(names.contains("NIEVES (published)"), "ES was parsed from its feed again")
        let spain = try #require(second.report.countries.first { $0.country == "ES" })
        let spainBefore = try #require(first.report.countries.first { $0.country == "ES" })
        #expect(spain.reused == true)
        #expect(spain.carriedSince == nil, "a reused country is fresh, not carried")
        let counts: [Int] = [spain.records, spain.parsed, spain.kept]
        #expect(counts == [spainBefore.records, spainBefore.parsed, spainBefore.kept])
        #expect(second.report.countries.first { $0.country == "PT" }?.reused == nil)
    }

    @Test func aReusingBuildIsByteIdenticalToAFullOne() async throws {
        let folder = try SampleBuildFolder("reuse-identical")
        defer { folder.remove() }
        let (root, feeds, out) = (folder.root, folder.feeds, folder.out)
        _ = try await Self.build(feeds, out, builtAt: Self.firstBuild)
        let again = try await Self.build(feeds, out, builtAt: Self.secondBuild)
        #expect(Set(Self.outcomes(again.events).values) == ["reused"])

        let fresh = root.appendingPathComponent("fresh")
        _ = try await Self.build(feeds, fresh, builtAt: Self.secondBuild)
        // Format 2's archive names the build it replaced, so only format 1 and format 2's tiles are compared.
        let reused = TreeSnapshot.take(out.appendingPathComponent("fuel")).filter { !$0.key.hasPrefix("v2/") }
        let full = TreeSnapshot.take(fresh.appendingPathComponent("fuel")).filter { !$0.key.hasPrefix("v2/") }
        #expect(reused.count > 10)
        #expect(reused == full, "paths that differ: \(Set(reused.keys).symmetricDifference(full.keys).sorted())")
        for path in full.keys.sorted() where reused[path] != full[path] { Issue.record("\(path) differs") }
    }

    @Test func aBuildInWhichNothingChangedWritesNothing() async throws {
        let folder = try SampleBuildFolder("reuse-nothing")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        _ = try await Self.build(feeds, out, builtAt: Self.firstBuild)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fuel").path)
        let listing = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let tree = TreeSnapshot.take(out)

        let unchanged = try await Self.build(feeds, out, builtAt: Self.secondBuild, skipUnchanged: true)

        #expect(unchanged.report.unchangedSince == Self.firstBuild)
        #expect(unchanged.report.files == 0)
        #expect(
            unchanged.report.text().hasPrefix(
                "nothing changed since the previous build in OUT, built \(Self.firstBuild)"))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fuel").path) == link)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == listing)
        #expect(TreeSnapshot.take(out) == tree, "a file under OUT changed")

        // One changed feed: the build runs, the others reused.
        try Self.edit(feeds, "PT/page-0001.json", #""Preco": "0,949 €""#, #""Preco": "0,939 €""#)
        let changed = try await Self.build(feeds, out, builtAt: Self.secondBuild, skipUnchanged: true)
        #expect(changed.report.unchangedSince == nil)
        #expect(Self.outcomes(changed.events)["PT"] == "built")
        #expect(Self.outcomes(changed.events)["ES"] == "reused")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fuel").path) != link)
    }

    @Test func aCountryOfAnotherBuildsInputsIsNotReused() async throws {
        let folder = try SampleBuildFolder("reuse-sidecar")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        _ = try await Self.build(feeds, out, builtAt: Self.firstBuild)
        // The sidecar of another build (a copy left from a build OUT no longer links to) is not trusted.
        let sidecar = out.appendingPathComponent(CountryInputs.fileName)
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        let current = try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fuel").path)
        try text.replacingOccurrences(of: current, with: ".build-other").write(
            to: sidecar, atomically: true, encoding: .utf8)

        let second = try await Self.build(feeds, out, builtAt: Self.secondBuild, skipUnchanged: true)
        #expect(second.report.unchangedSince == nil)
        #expect(Set(Self.outcomes(second.events).values) == ["built"])
    }

    /// Every station name of the format-1 build in `out`.
    static func stationNames(_ out: URL) throws -> Set<String> {
        var names = Set<String>()
        for (path, bytes) in TreeSnapshot.take(out.appendingPathComponent("fuel")) where path.hasPrefix("tiles/") {
            let tile = try JSONDecoder().decode(Tile.self, from: Data(try Gzip.decompress([UInt8](bytes))))
            names.formUnion(tile.stations.compactMap(\.name))
        }
        return names
    }
}
