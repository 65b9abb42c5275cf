import Foundation
import FuelFormat
import Testing

/// ``Format2Index`` and ``Format2``: format 2's index, its names and what a reader refuses.
@Suite struct Format2IndexTests {
    static let builtAt = Date(timeIntervalSince1970: 1_796_191_200)  // 2026-12-02T06:00:00Z

    static let sample = Format2Index(
        gridDegrees: 0.5, builtAt: builtAt, previous: builtAt.addingTimeInterval(-86_400),
        tiles: ["77_-19": "0123456789abcdef", "80_-8": "fedcba9876543210"],
        brands: ["PT": "brands/PT.00112233aabbccdd.json"], sources: "sources.a1b2c3d4e5f60718.json",
        countries: ["PT": CountrySummary(stations: 3, updated: builtAt)])

    @Test func roundTripsAndNamesEveryObject() throws {
        let json = try JSONEncoder().encode(Self.sample)
        let decoded = try JSONDecoder().decode(Format2Index.self, from: json)
        #expect(decoded == Self.sample)
        #expect(decoded.version == 2)
        #expect(decoded.tilePath("77_-19") == "tiles/77_-19.0123456789abcdef.json")
        #expect(decoded.tilePath("1_1") == nil)
        #expect(
            decoded.objectPaths == [
                "brands/PT.00112233aabbccdd.json", "sources.a1b2c3d4e5f60718.json",
                "tiles/77_-19.0123456789abcdef.json", "tiles/80_-8.fedcba9876543210.json",
            ])
    }

    @Test func theFirstBuildHasANullPrevious() throws {
        var first = Self.sample
        first.previous = nil
        let json = try JSONEncoder().encode(first)
        #expect(String(decoding: json, as: UTF8.self).contains(#""previous":null"#))
        #expect(try JSONDecoder().decode(Format2Index.self, from: json).previous == nil)
    }

    @Test(arguments: [
        ("2026-12-02T06:00:00Z", "20261202T060000Z"),
        ("1999-12-31T23:59:59Z", "19991231T235959Z"),
    ])
    func buildNames(_ builtAt: String, _ name: String) throws {
        let date = try #require(Format2.parseBuildName(builtAt))
        #expect(Format2.buildName(date) == name)
        #expect(Format2.parseBuildName(name) == date)
        #expect(Format2.buildPath(date) == "builds/\(name).json")
    }

    @Test(arguments: ["", "20261202", "20261302T060000Z", "2026-12-02T06:00:00", "20261202T060000Zx"])
    func refusesOtherBuildNames(_ text: String) {
        #expect(Format2.parseBuildName(text) == nil)
    }

    @Test func aNewerIndexIsRefusedByVersion() throws {
        let json = try Self.json { $0["version"] = 3 }
        #expect(throws: UnsupportedFormatError(file: "index.json", version: 3, newestReadable: 2)) {
            try JSONDecoder().decode(Format2Index.self, from: json)
        }
    }

    /// Names an index could use to reach outside its prefix, or that no publisher writes.
    static let hostileNames: [(String, @Sendable (inout [String: Any]) -> Void)] = [
        ("a format-1 index", { $0["version"] = 1 }),
        ("a short hash", { $0["tiles"] = ["77_-19": "0123"] }),
        ("an upper-case hash", { $0["tiles"] = ["77_-19": "0123456789ABCDEF"] }),
        ("a bad key", { $0["tiles"] = ["../x": "0123456789abcdef"] }),
        ("a parent folder", { $0["sources"] = "../sources.a1b2c3d4e5f60718.json" }),
        ("an absolute path", { $0["brands"] = ["PT": "/brands/PT.00112233aabbccdd.json"] }),
        ("a URL", { $0["sources"] = "https://example.com/sources.a1b2c3d4e5f60718.json" }),
        ("no hash", { $0["sources"] = "sources.json" }),
    ]

    @Test(arguments: hostileNames.map(\.0))
    func refusesWhatNoPublisherWrites(_ name: String) throws {
        let change = try #require(Self.hostileNames.first { $0.0 == name }?.1)
        let json = try Self.json(change)
        #expect(throws: (any Error).self, "\(name)") { try JSONDecoder().decode(Format2Index.self, from: json) }
    }

    /// A bad name is reported at the key that holds it, so the message points at the right field.
    @Test(arguments: [
        ("a parent folder", "not a format-2 file name: ../sources.a1b2c3d4e5f60718.json at $.sources"),
        ("an absolute path", "PT: not a format-2 file name: /brands/PT.00112233aabbccdd.json at $.brands"),
    ])
    func aBadNameIsReportedAtItsOwnKey(_ name: String, _ message: String) throws {
        let change = try #require(Self.hostileNames.first { $0.0 == name }?.1)
        let json = try Self.json(change)
        do {
            _ = try JSONDecoder().decode(Format2Index.self, from: json)
            Issue.record("decoded an index with \(name)")
        } catch {
            #expect(ErrorText.describe(error) == message)
        }
    }

    /// The sample as a JSON object, changed.
    static func json(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(sample)) as? [String: Any])
        change(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }
}
