import Foundation
import Testing
import _FuelTestSupport

/// `scripts/check-format` holds a build's id table (R13) to `docs/format.md`: each shard of the sample build broken
/// one way at a time is refused, naming the shard.
@Suite(.tags(.executable, .python)) struct IdTableContractTests {
    struct Drift: Sendable, CustomTestStringConvertible {
        var label: String
        /// Changes `OUT/fuel/ids/` (links resolved), given the names of its shards, sorted.
        var change: @Sendable (URL, [String]) throws -> Void
        var complaint: String
        /// The file the complaint names.
        var file = "fuel/ids/"
        var testDescription: String { label }
    }

    /// Edits a shard's decoded document in place.
    static func edit(_ file: URL, _ change: (inout [String: Any]) -> Void) throws {
        var document = try FormatContractTests.decode(file)
        change(&document)
        try FormatContractTests.encode(document, to: file)
    }

    static func firstId(_ document: [String: Any]) -> String {
        (document["stations"] as? [String: String] ?? [:]).keys.sorted().first ?? ""
    }

    static let drifts: [Drift] = [
        Drift(
            label: "a station in another cell",
            change: { ids, names in
                try edit(ids.appendingPathComponent(names[0])) { document in
                    var stations = document["stations"] as? [String: String] ?? [:]
                    stations[firstId(document)] = "0_0"
                    document["stations"] = stations
                }
            }, complaint: "but the tile holding it is"),
        Drift(
            label: "an id in another shard than its hash's",
            change: { ids, names in
                let moved = try FormatContractTests.decode(ids.appendingPathComponent(names[0]))
                try edit(ids.appendingPathComponent(names[1])) { document in
                    var stations = document["stations"] as? [String: String] ?? [:]
                    let id = firstId(moved)
                    stations[id] = (moved["stations"] as? [String: String])?[id]
                    document["stations"] = stations
                }
            }, complaint: "its SHA-256 puts it in shard"),
        Drift(
            label: "a shard whose name is not its own",
            change: { ids, names in try edit(ids.appendingPathComponent(names[0])) { $0["shard"] = "zz" } },
            complaint: "does not match"),
        Drift(
            label: "a missing shard",
            change: { ids, names in try FileManager.default.removeItem(at: ids.appendingPathComponent(names[0])) },
            complaint: "is in no id shard the index names", file: "fuel/index.json"),
        Drift(
            label: "a file that is no shard",
            change: { ids, _ in
                try FormatContractTests.encode(["version": 1], to: ids.appendingPathComponent("notes.json"))
            }, complaint: "not an id shard index.json says is there"),
    ]

    @Test(arguments: drifts)
    func driftFromTheIdTableIsCaught(_ drift: Drift) throws {
        let out = try FormatContractTests.buildSamples()
        defer { try? FileManager.default.removeItem(at: out) }
        let ids = out.appendingPathComponent("fuel/ids").resolvingSymlinksInPath()
        let names = try FileManager.default.contentsOfDirectory(atPath: ids.path).sorted()
        try #require(names.count >= 2)
        try drift.change(ids, names)
        let result = try FormatContractTests.check(out)
        #expect(result.status == 1)
        #expect(result.stderr.contains(drift.file), "\(result.stderr)")
        #expect(result.stderr.contains(drift.complaint), "\(result.stderr)")
    }

    @Test func theSampleBuildsIdTableConformsInBothFormats() throws {
        let out = try FormatContractTests.buildSamples(layout: "both")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try FormatContractTests.check(out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: out.appendingPathComponent("fuel/v2/ids").resolvingSymlinksInPath().path
            ).count
                == FileManager.default.contentsOfDirectory(
                    atPath: out.appendingPathComponent("fuel/ids").resolvingSymlinksInPath().path
                ).count)
    }
}
