import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// Builds with the real binary and checks the output against the contract readers get: `docs/schema/*.schema.json`
/// and the rules of `docs/format.md`, through `scripts/check-format` (Python's jsonschema, an independent reader).
@Suite struct FormatContractTests {
    static let builtAt = "2026-11-30T08:00:00Z"

    /// Builds the samples into a fresh folder and returns it.
    static func buildSamples(layout: String = "v1", _ extra: [String] = []) throws -> URL {
        let out = RepositoryPaths.temporaryDirectory("format-contract")
        let build = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", RepositoryPaths.samples().path, "--out", out.path, "--adapters",
                RepositoryPaths.adapters().path, "--built-at", builtAt, "--layout", layout,
            ] + extra)
        try #require(build.status == 0, "\(build.stderr)")
        return out
    }

    static func check(_ out: URL, _ extra: [String] = []) throws -> Executable.Result {
        let script = RepositoryPaths.root().appendingPathComponent("scripts/check-format").path
        return try CapturedRun.run("python3", [script] + extra + [out.path])
    }

    /// `optional keys seen: unavailable 25, hours 166, …` as a dictionary.
    static func optionalKeysSeen(_ stdout: String) -> [String: Int] {
        let line = stdout.split(separator: "\n").first { $0.hasPrefix("optional keys seen: ") } ?? ""
        var seen: [String: Int] = [:]
        for part in line.dropFirst("optional keys seen: ".count).split(separator: ",") {
            let words = part.split(separator: " ")
            if words.count == 2, let count = Int(words[1]) { seen[String(words[0])] = count }
        }
        return seen
    }

    @Test(.tags(.executable, .python)) func theSampleBuildConformsAndUsesEveryOptionalKey() throws {
        let out = try Self.buildSamples()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Self.check(out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("conforms to format 1 (documented keys only)"))
        // Every optional key occurs, so the check is not vacuous for any of them. No real sample sells a fuel
        // outside the canonical table, so `label` is shown by the next test.
        let seen = Self.optionalKeysSeen(result.stdout)
        for key in ["unavailable", "hours", "openingHours", "services", "motorway", "restricted", "unit", "service"] {
            #expect((seen[key] ?? 0) > 0, "no \(key) in the sample build: \(result.stdout)")
        }
    }

    /// The real Barcelona response with station 1736 selling `Gasolina 95 E25`, an `other` fuel: its price is
    /// published with its label, and the build still conforms.
    @Test(.tags(.executable, .python)) func anOtherFuelIsPublishedWithItsLabelAndConforms() throws {
        let root = RepositoryPaths.temporaryDirectory("format-label")
        defer { try? FileManager.default.removeItem(at: root) }
        let sample = RepositoryPaths.samples().appendingPathComponent(
            "ES/estaciones-terrestres-barcelona-2025-09-27-first40.json")
        let text = try String(contentsOf: sample, encoding: .utf8)
        let first = try #require(text.range(of: #""Precio Gasolina 95 E25":"","#))
        let changed = text.replacingCharacters(in: first, with: #""Precio Gasolina 95 E25":"1,519","#)
        let folder = root.appendingPathComponent("feeds/ES")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(changed.utf8).write(to: folder.appendingPathComponent("response.json"))
        let out = root.appendingPathComponent("out")
        let build = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", root.appendingPathComponent("feeds").path, "--out", out.path, "--countries", "ES",
                "--adapters", RepositoryPaths.adapters().path, "--built-at", Self.builtAt,
            ])
        try #require(build.status == 0, "\(build.stderr)")
        let result = try Self.check(out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.optionalKeysSeen(result.stdout)["label"] == 1, "\(result.stdout)")
    }

    /// Both layouts, so format 2's index and names are checked on the generator's stations too.
    /// The conformance kit's build (`conformance/build`, both formats, a carried country) is held to the same
    /// schemas and rules as every build: the kit cannot teach readers a file the contract refuses.
    @Test(.tags(.python)) func theConformanceKitsBuildConforms() throws {
        let kit = RepositoryPaths.root().appendingPathComponent("conformance/build")
        let result = try Self.check(kit)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("conforms to format 1 and format 2"))
    }

    @Test(.tags(.executable, .python)) func aGeneratedBuildConforms() throws {
        let root = RepositoryPaths.temporaryDirectory("format-generated")
        defer { try? FileManager.default.removeItem(at: root) }
        let feeds = root.appendingPathComponent("feeds")
        let out = root.appendingPathComponent("out")
        let generate = try Executable.run(
            "fuel-bench", ["gen", "--scale", "0.01", "--seed", "3", "--out", feeds.path])
        try #require(generate.status == 0, "\(generate.stderr)")
        let build = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--adapters", RepositoryPaths.adapters().path,
                "--built-at", Self.builtAt, "--layout", "both",
            ])
        try #require(build.status == 0, "\(build.stderr)")
        let result = try Self.check(out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("conforms to format 1 and format 2"), "\(result.stdout)")
    }

    struct Drift: Sendable, CustomTestStringConvertible {
        var label: String
        /// Changes the decoded first tile (`stations` non-empty) in place.
        var change: @Sendable (inout [String: Any]) -> Void
        /// Words the checker's complaint must hold.
        var complaint: String
        /// Whether a reader's check (unknown keys allowed) still passes.
        var readerAccepts = false
        var testDescription: String { label }
    }

    static func editFirstStation(_ tile: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        guard var stations = tile["stations"] as? [[String: Any]], !stations.isEmpty else { return }
        edit(&stations[0])
        tile["stations"] = stations
    }

    static func editFirstPrice(_ tile: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        editFirstStation(&tile) { station in
            guard var prices = station["prices"] as? [[String: Any]], !prices.isEmpty else { return }
            edit(&prices[0])
            station["prices"] = prices
        }
    }

    /// The first station's latitude moved to 0.1234567° above its cell's southern edge: still in the cell, 7 decimals.
    static func sevenDecimalLatitude(_ station: inout [String: Any]) {
        guard let latitude = station["lat"] as? Double else { return }
        station["lat"] = (latitude / 0.5).rounded(.down) * 0.5 + 0.123_456_7
    }

    static let drifts: [Drift] = [
        Drift(
            label: "an undocumented key", change: { editFirstStation(&$0) { $0["colour"] = "red" } },
            complaint: "'colour' was unexpected", readerAccepts: true),
        Drift(
            label: "a coordinate as a string", change: { editFirstStation(&$0) { $0["lat"] = "38.7" } },
            complaint: "$.stations[0].lat: '38.7' is not of type 'number'"),
        Drift(
            label: "a missing name", change: { editFirstStation(&$0) { $0["name"] = nil } },
            complaint: "'name' is a required property"),
        Drift(
            label: "a price of zero", change: { editFirstPrice(&$0) { $0["price"] = 0 } },
            complaint: "$.stations[0].prices[0].price: 0 is less than or equal to the minimum of 0"),
        Drift(
            label: "a price with 4 decimals", change: { editFirstPrice(&$0) { $0["price"] = 1.2345 } },
            complaint: "$.stations[0].prices[0].price: 1.2345 has 4 decimals, more than 3"),
        Drift(
            label: "a last change without its time",
            change: { editFirstPrice(&$0) { $0["was"] = 1.111 } },
            complaint: "$.stations[0].prices[0]: 'changed' is a dependency of 'was'"),
        Drift(
            label: "a last change to the same value",
            change: {
                editFirstPrice(&$0) { price in
                    price["was"] = price["price"]
                    price["changed"] = "2026-12-02T05:17:00Z"
                }
            },
            complaint: "is the price itself: a last change names another value"),
        Drift(
            label: "a coordinate with 7 decimals", change: { editFirstStation(&$0, sevenDecimalLatitude) },
            complaint: "has 7 decimals, more than 6"),
        Drift(
            label: "a station outside its cell", change: { editFirstStation(&$0) { $0["lat"] = 1.0 } },
            complaint: "is outside cell"),
        Drift(
            label: "an id without its country", change: { editFirstStation(&$0) { $0["id"] = "AA-1" } },
            complaint: "does not start with"),
        Drift(
            label: "openingHours outside the subset's syntax",
            change: { editFirstStation(&$0) { $0["openingHours"] = "Mo-Fr 6:00-22:00" } },
            complaint: "$.stations[0].openingHours: 'Mo-Fr 6:00-22:00' does not match"),
        Drift(
            label: "openingHours naming a day twice",
            change: { editFirstStation(&$0) { $0["openingHours"] = "Mo-Fr 06:00-22:00; Mo 08:00-10:00" } },
            complaint: "is outside the subset of docs/format.md"),
        Drift(label: "a wrong version", change: { $0["version"] = 2 }, complaint: "$.version: 1 was expected"),
        // A reader takes a missing version as 1, but every published file carries one.
        Drift(
            label: "a missing version", change: { $0["version"] = nil },
            complaint: "$: 'version' is a required property"),
    ]

    @Test(.tags(.executable, .python), arguments: drifts)
    func driftFromTheContractIsCaught(_ drift: Drift) throws {
        let out = try Self.buildSamples()
        defer { try? FileManager.default.removeItem(at: out) }
        // The first tile by name with a station that has a price.
        let tiles = out.appendingPathComponent("fuel/tiles").resolvingSymlinksInPath()
        let names = try FileManager.default.contentsOfDirectory(atPath: tiles.path).sorted()
        let name = try #require(
            try names.first { name in
                let tile = try Self.decode(tiles.appendingPathComponent(name))
                let stations = tile["stations"] as? [[String: Any]] ?? []
                return !((stations.first?["prices"] as? [Any]) ?? []).isEmpty
            })
        let file = tiles.appendingPathComponent(name)
        var tile = try Self.decode(file)
        drift.change(&tile)
        try Self.encode(tile, to: file)

        let strict = try Self.check(out)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("fuel/tiles/\(name)"), "\(strict.stderr)")
        #expect(strict.stderr.contains(drift.complaint), "\(strict.stderr)")
        let reader = try Self.check(out, ["--allow-unknown-keys"])
        #expect((reader.status == 0) == drift.readerAccepts, "\(reader.stderr)")
    }

    @Test(.tags(.executable, .python), arguments: [("v2", "format 2"), ("both", "format 1 and format 2")])
    func eachLayoutConforms(_ layout: String, _ formats: String) throws {
        let out = try Self.buildSamples(layout: layout)
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Self.check(out)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("conforms to \(formats) (documented keys only)"), "\(result.stdout)")
    }

    struct Format2Drift: Sendable, CustomTestStringConvertible {
        var label: String
        /// Changes `OUT/fuel/v2/` (the folder, links resolved) in place.
        var change: @Sendable (URL) throws -> Void
        var complaint: String
        var testDescription: String { label }
    }

    static func firstTile(_ v2: URL) throws -> URL {
        let tiles = v2.appendingPathComponent("tiles")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: tiles.path).sorted().first)
        return tiles.appendingPathComponent(name)
    }

    static let snapshotDrifts: [Format2Drift] = [
        Format2Drift(
            label: "a tile whose JSON changed under its name",
            change: { v2 in
                let tile = try firstTile(v2)
                var document = try decode(tile)
                document["stations"] = []
                try encode(document, to: tile)
            }, complaint: "its JSON hashes to"),
        Format2Drift(
            label: "a tile that is not gzip",
            change: { v2 in
                let tile = try firstTile(v2)
                try TileFixtures.gunzip(tile).write(to: tile)
            }, complaint: "not gzip, so its JSON cannot be held to the"),
        Format2Drift(
            label: "a file the index does not name",
            change: { v2 in
                try encode(
                    ["version": 1, "key": "1_1", "stations": []],
                    to: v2.appendingPathComponent("tiles/1_1.0123456789abcdef.json"))
            }, complaint: "a file v2/index.json does not name"),
        Format2Drift(
            label: "a missing tile",
            change: { v2 in try FileManager.default.removeItem(at: try firstTile(v2)) },
            complaint: "named by v2/index.json but missing"),
        Format2Drift(
            label: "an archive that is not the index",
            change: { v2 in
                let builds = v2.appendingPathComponent("builds")
                let name = try #require(try FileManager.default.contentsOfDirectory(atPath: builds.path).first)
                try encode(["version": 2], to: builds.appendingPathComponent(name))
            }, complaint: "not the same bytes as v2/index.json"),
    ]

    @Test(.tags(.executable, .python), arguments: snapshotDrifts)
    func driftFromFormatTwoIsCaught(_ drift: Format2Drift) throws {
        let out = try Self.buildSamples(layout: "both")
        defer { try? FileManager.default.removeItem(at: out) }
        try drift.change(out.appendingPathComponent("fuel/v2").resolvingSymlinksInPath())
        let result = try Self.check(out)
        #expect(result.status == 1)
        #expect(result.stderr.contains(drift.complaint), "\(result.stderr)")
    }

    /// The name hashes the JSON, not the gzip bytes: the same document compressed otherwise keeps its name.
    @Test(.tags(.executable, .python)) func aFormatTwoFileGzippedOtherwiseStillConforms() throws {
        let out = try Self.buildSamples(layout: "v2")
        defer { try? FileManager.default.removeItem(at: out) }
        let tile = try Self.firstTile(out.appendingPathComponent("fuel/v2").resolvingSymlinksInPath())
        let before = try Data(contentsOf: tile)
        let plain = tile.deletingPathExtension().appendingPathExtension("plain")
        try TileFixtures.gunzip(tile).write(to: plain)
        let gzipped = try CapturedRun.run("gzip", ["-c9", plain.path])  // with its file name and time
        try #require(gzipped.status == 0)
        try FileManager.default.removeItem(at: plain)
        try gzipped.stdoutBytes.write(to: tile)
        try #require(try Data(contentsOf: tile) != before)

        let result = try Self.check(out)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func theSchemaListsTheCanonicalFuelCodes() throws {
        let url = RepositoryPaths.root().appendingPathComponent("docs/schema/common.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let fuel = try #require(definitions["fuelCode"] as? [String: Any])
        #expect(fuel["examples"] as? [String] == FuelCode.all.map(\.rawValue))
    }

    @Test(.tags(.python)) func usageErrorsExit64() throws {
        let script = RepositoryPaths.root().appendingPathComponent("scripts/check-format").path
        #expect(try CapturedRun.run("python3", [script]).status == 64)
        #expect(try CapturedRun.run("python3", [script, "out", "--schemas"]).status == 64)
        #expect(try CapturedRun.run("python3", [script, "--strict", "out"]).status == 64)
        let help = try CapturedRun.run("python3", [script, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: scripts/check-format"))
    }

    static func decode(_ file: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: TileFixtures.gunzip(file)) as? [String: Any])
    }

    static func encode(_ tile: [String: Any], to file: URL) throws {
        let plain = file.deletingPathExtension().appendingPathExtension("plain")
        try JSONSerialization.data(withJSONObject: tile).write(to: plain)
        let gzipped = try CapturedRun.run("gzip", ["-cn", plain.path])
        try #require(gzipped.status == 0)
        try FileManager.default.removeItem(at: plain)
        try gzipped.stdoutBytes.write(to: file)
    }
}
