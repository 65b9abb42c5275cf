import Foundation
import FuelCodecs
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// Each country's trend (`trends/<CC>.json`): over generated days with known price changes, after every build the
/// trend equals an independent computation from the tiles of that build and the ones before it
/// (``TrendOracle``), and several builds in one day rewrite one row.
@Suite struct CountryTrendsTests {
    static let spanishFeed = "ES/estaciones-terrestres-barcelona-2025-09-27-first40.json"

    /// One build of the sequence: its time and the edit to the Spanish feed made before it.
    struct Step: Sendable {
        var builtAt: String
        var edit: (old: String, new: String)?
    }

    /// Five days, the third with two builds; Spain's prices change on days 2, 3 (twice) and 4, not on day 5.
    static let steps = [
        Step(builtAt: "2026-11-01T05:17:00Z"),
        // One station's diesel 1.339 → 1.349.
        Step(builtAt: "2026-11-02T05:17:00Z", edit: (#""Precio Gasoleo A":"1,339""#, #""Precio Gasoleo A":"1,349""#)),
        // A new lowest diesel price, then later that day a CNG (kg) price falls.
        Step(builtAt: "2026-11-03T05:17:00Z", edit: (#""Precio Gasoleo A":"1,419""#, #""Precio Gasoleo A":"1,199""#)),
        Step(
            builtAt: "2026-11-03T17:40:00Z",
            edit: (#""Precio Gas Natural Comprimido":"1,179""#, #""Precio Gas Natural Comprimido":"1,079""#)),
        // A station stops selling diesel.
        Step(builtAt: "2026-11-04T05:17:00Z", edit: (#""Precio Gasoleo A":"1,279""#, #""Precio Gasoleo A":"""#)),
        Step(builtAt: "2026-11-05T05:17:00Z"),
    ]

    /// The samples copied below `root` and built on 2026-11-01 and 2026-11-02 into `root/out`.
    static func twoDays(_ root: URL) async throws -> (feeds: URL, out: URL) {
        let feeds = try CountryReuseTests.feeds(root)
        let out = root.appendingPathComponent("out")
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-11-01T05:17:00Z")
        _ = try await CountryReuseTests.build(feeds, out, builtAt: "2026-11-02T05:17:00Z")
        return (feeds, out)
    }

    @Test func fiveDaysEqualAnIndependentComputationFromTheTiles() async throws {
        let folder = try SampleBuildFolder("trends-five-days")
        defer { folder.remove() }
        let (feeds, out) = (folder.feeds, folder.out)
        // The oracle's trend: each build's row replaces the same day's or follows the days before.
        var expected: [String: [(day: String, row: TrendOracle.Row)]] = [:]
        for step in Self.steps {
            if let edit = step.edit { try CountryReuseTests.edit(feeds, Self.spanishFeed, edit.old, edit.new) }
            let (report, _) = try await CountryReuseTests.build(feeds, out, builtAt: step.builtAt)
            #expect(report.countries.allSatisfy { $0.trendRestarted == nil })
            let day = String(step.builtAt.prefix(10))
            for (country, row) in try TrendOracle.rows(out) {
                expected[country, default: []].removeAll { $0.day == day }
                expected[country, default: []].append((day, row))
            }
            for (country, days) in expected {
                let file = out.appendingPathComponent("fuel/trends/\(country).json")
                let published = try TrendOracle.published(file)
                #expect(published.since == "2026-11-01", "\(country) after \(step.builtAt)")
                #expect(published.days.map(\.day) == days.map(\.day), "\(country) after \(step.builtAt)")
                for (found, wanted) in zip(published.days, days) {
                    #expect(found.row == wanted.row, "\(country) \(found.day) after \(step.builtAt)")
                }
            }
        }
        // The known changes show where they were made, and nowhere else.
        let spain = try TrendOracle.published(out.appendingPathComponent("fuel/trends/ES.json")).days
        #expect(spain.map(\.day) == ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"])
        #expect(spain[2].row["diesel/l"]?[3] == 1199, "day 3's new lowest diesel price")
        #expect(spain[2].row["cng/kg"]?[3] == 1079, "day 3's second build rewrote day 3's row")
        #expect(spain[3].row["diesel/l"]?[4] == (spain[2].row["diesel/l"]?[4] ?? 0) - 1, "one diesel station fewer")
        #expect(spain[4].row == spain[3].row, "day 5 changed nothing")
        let portugal = try TrendOracle.published(out.appendingPathComponent("fuel/trends/PT.json")).days
        #expect(Set(portugal.map { $0.row }).count == 1, "Portugal's prices never changed")
    }

    @Test func bothFormatsListTheTrendAndFormatTwoNamesItByTheHashOfItsJSON() async throws {
        let root = RepositoryPaths.temporaryDirectory("trends-formats")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try await Self.twoDays(root).out
        let fuel = out.appendingPathComponent("fuel")
        let index = try TrendOracle.object(fuel.appendingPathComponent("index.json"))
        let indexTwo = try TrendOracle.object(fuel.appendingPathComponent("v2/index.json"))
        let countries = try #require(index["countries"] as? [String: Any]).keys.sorted()
        let trends = try #require(index["trends"] as? [String: [String: String]])
        let trendsTwo = try #require(indexTwo["trends"] as? [String: [String: String]])
        #expect(trends.keys.sorted() == countries)
        #expect(trendsTwo.keys.sorted() == countries)
        for country in countries {
            #expect(trends[country] == ["path": "trends/\(country).json", "since": "2026-11-01"])
            let v1 = try Data(contentsOf: fuel.appendingPathComponent("trends/\(country).json"))
            let json = try Gzip.decompress([UInt8](v1))
            let hash = Digest.hex(Digest.sha256(json)).prefix(16)
            #expect(trendsTwo[country] == ["path": "trends/\(country).\(hash).json", "since": "2026-11-01"])
            let v2 = try Data(contentsOf: fuel.appendingPathComponent("v2/trends/\(country).\(hash).json"))
            #expect(v2 == v1, "format 2's trend is format 1's, byte for byte")
        }
        let decoded = try JSONDecoder().decode(
            Format2Index.self,
            from: Data(
                Gzip.decompress(
                    [UInt8](
                        Data(
                            contentsOf: fuel.appendingPathComponent(
                                "v2/index.json"))))))
        #expect(
            decoded.objectPaths.filter { PublishedPath($0, formatTwo: true).kind == .trend }.count
                == RegisteredCountries.codes.count)
    }
}
