import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelClient

/// ``TileClient/trend(of:)``: a country's trend through the index the client reads, in both formats, a format-2
/// trend held to the hash in its name.
@Suite struct TrendReadTests {
    /// A build of the samples in both formats into `root/out`.
    static func build(_ root: URL) async throws -> URL {
        let out = root.appendingPathComponent("out")
        let options = BuildOptions(
            feedsDirectory: RepositoryPaths.samples(), outputDirectory: out,
            adaptersDirectory: nil, builtAt: Date(timeIntervalSince1970: 1_796_000_000), layout: .both)
        _ = try await Builder(options: options).run()
        return out
    }

    static func client(_ out: URL, _ format: ReadFormat) -> TileClient {
        TileClient(base: out, policy: .unhurried, format: format)
    }

    @Test(arguments: [ReadFormat.v1, .v2])
    func readsTheTrendTheIndexLists(_ format: ReadFormat) async throws {
        let root = RepositoryPaths.temporaryDirectory("trend-read")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try await Self.build(root)
        let published = try JSONDecoder().decode(
            TrendFile.self,
            from: Data(Gzip.decompress([UInt8](Data(contentsOf: out.appendingPathComponent("fuel/trends/ES.json"))))))
        let trend = try await Self.client(out, format).trend(of: "ES")
        #expect(trend == published)
        #expect(trend?.days.first?.fuels.isEmpty == false)
        #expect(try await Self.client(out, format).trend(of: "DE") == nil, "a country the index lists no trend of")
    }

    @Test func aFormatTwoTrendThatIsNotItsNameIsRefused() async throws {
        let root = RepositoryPaths.temporaryDirectory("trend-hash")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try await Self.build(root)
        let folder = out.appendingPathComponent("fuel/v2/trends")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("ES.") })
        let altered = #"{"version":1,"country":"ES","since":"2020-01-01","days":[]}"#
        try Data(Gzip.compress(Array(altered.utf8))).write(to: folder.appendingPathComponent(name))
        await #expect(throws: NearbyError.self) { _ = try await Self.client(out, .v2).trend(of: "ES") }
        do {
            _ = try await Self.client(out, .v2).trend(of: "ES")
        } catch {
            #expect(error.code == .hashMismatch)
        }
    }

    @Test func aMissingFormatOneTrendIsUnavailable() async throws {
        let root = RepositoryPaths.temporaryDirectory("trend-missing")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try await Self.build(root)
        try FileManager.default.removeItem(at: out.appendingPathComponent("fuel/trends/ES.json"))
        do {
            _ = try await Self.client(out, .v1).trend(of: "ES")
            Issue.record("a missing trend was read")
        } catch {
            #expect(error.code == .trendUnavailable)
        }
    }
}
