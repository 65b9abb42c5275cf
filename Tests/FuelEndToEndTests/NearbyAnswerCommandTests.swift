import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// What the built `fuel-nearby` answers when the published files are not all there or not all true: a format-1 tile
/// missing (a partial answer, exit 3) and a format-2 tile changed under its name, from a folder or over HTTP with
/// `Content-Encoding: gzip` (hash-mismatch, exit 1); and that `docs/format.md` documents every key it prints.
@Suite(.tags(.executable), .serverLogsOnFailure) struct NearbyAnswerCommandTests {
    // MARK: - A partial answer

    /// The fixture's cell whose tile goes missing: the PT-4… stations.
    static let missingKey = "76_-18"

    struct PartialCase: Sendable, CustomTestStringConvertible {
        let overHTTP: Bool
        let json: Bool
        var testDescription: String { "\(overHTTP ? "http" : "folder"), \(json ? "--json" : "text")" }
    }

    static let partialCases = [false, true].flatMap { overHTTP in
        [false, true].map { PartialCase(overHTTP: overHTTP, json: $0) }
    }

    @Test(.tags(.server), arguments: partialCases)
    func aListedTileThatIsMissingMakesAPartialAnswerThatExitsThree(_ partialCase: PartialCase) async throws {
        let out = RepositoryPaths.temporaryDirectory("nearby-partial")
        defer { try? FileManager.default.removeItem(at: out) }
        let fuel = try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        try FileManager.default.removeItem(at: fuel.appendingPathComponent("tiles/\(Self.missingKey).json"))
        let server = partialCase.overHTTP ? try TileServer(root: out) : nil
        defer { server?.stop() }

        let run = try NearbyRun(
            ["--base", server?.baseURL.absoluteString ?? out.path] + NearbyCommandTests.corner
                + (partialCase.json ? ["--json"] : []))
        #expect(run.status == 3, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "warning: partial answer: cell \(Self.missingKey) is listed in the index but its tile answered "
                    + "HTTP 404"),
            "\(run.stderr)")
        if partialCase.json {
            let object = try Self.object(run)
            #expect(object["partial"] as? Bool == true)
            #expect(object["missingTiles"] as? [String] == [Self.missingKey])
            #expect(object["stale"] as? Bool == false)
            #expect((object["tiles"] as? [String: String])?[Self.missingKey] == "missing")
            // The stations found are there: the other three cells' seven.
            #expect((object["stations"] as? [[String: Any]])?.count == 7)
        } else {
            // The table of the seven stations found, after its header.
            #expect(run.stdout.split(separator: "\n").count == 1 + 7, "\(run.stdout)")
        }
    }

    @Test func aCompleteAnswerExitsZeroAndIsNotPartial() throws {
        let out = RepositoryPaths.temporaryDirectory("nearby-partial")
        defer { try? FileManager.default.removeItem(at: out) }
        try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        let run = try NearbyRun(["--base", out.path, "--json"] + NearbyCommandTests.corner)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try Self.object(run)
        #expect(object["partial"] as? Bool == false)
        #expect(object["missingTiles"] as? [String] == [])
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
    }

    // MARK: - A format-2 tile changed under its name

    struct TamperCase: Sendable, CustomTestStringConvertible {
        let layout: String
        let json: Bool
        /// Served by the tile server with `Content-Encoding: gzip`, so that the tile arrives inflated, as JSON.
        let overHTTP: Bool
        var testDescription: String {
            "\(overHTTP ? "http" : "folder"), --layout \(layout), \(json ? "--json" : "text")"
        }
    }

    static let tamperCases = [false, true].flatMap { overHTTP in
        [
            TamperCase(layout: "v2", json: true, overHTTP: overHTTP),
            TamperCase(layout: "auto", json: false, overHTTP: overHTTP),
        ]
    }

    /// Around Barcelona (`NearbyLayoutCommandTests.query`), whose nearest stations are in cell 83_3.
    static let tamperedKey = "83_3"

    @Test(.tags(.server), arguments: tamperCases)
    func aTamperedFormatTwoTileIsRefused(_ tamperCase: TamperCase) async throws {
        let root = RepositoryPaths.temporaryDirectory("nearby-tampered")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try NearbyLayoutCommandTests.build(layout: "v2", in: root, name: "out")
        let before = try NearbyLayoutCommandTests.nearby(base: out.path, layout: "v2")
        let shown = Set(try NearbyLayoutCommandTests.stations(before).map { $0.split(separator: " ")[0] })

        // One station of the cell that the lookup shows, renamed and priced 0.001, under the tile's old name.
        let tile = try Self.formatTwoTile(Self.tamperedKey, in: out)
        var document = try #require(
            try JSONSerialization.jsonObject(with: TileFixtures.gunzip(tile)) as? [String: Any])
        var stations = try #require(document["stations"] as? [[String: Any]])
        let target = try #require(stations.firstIndex { shown.contains(Substring($0["id"] as? String ?? "")) })
        stations[target]["name"] = "Tampered"
        stations[target]["prices"] = (stations[target]["prices"] as? [[String: Any]] ?? []).map { price in
            var changed = price
            changed["price"] = 0.001
            return changed
        }
        document["stations"] = stations
        try JSONSerialization.data(withJSONObject: document).write(to: tile)
        try TileFixtures.gzipInPlace([tile])

        let server = tamperCase.overHTTP ? try TileServer(root: out) : nil
        defer { server?.stop() }
        let base = server?.baseURL.absoluteString ?? out.path
        let cache = root.appendingPathComponent("cache")
        let run = try NearbyRun(
            ["--base", base, "--layout", tamperCase.layout, "--cache", cache.path]
                + NearbyLayoutCommandTests.query.filter { $0 != "--json" } + (tamperCase.json ? ["--json"] : []))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(!run.stdout.contains("Tampered"))
        #expect(!run.stdout.contains("0.001"))
        #expect(run.stderr.contains("tile \(Self.tamperedKey)"), "\(run.stderr)")
        #expect(run.stderr.contains("its JSON hashes to"), "\(run.stderr)")
        if tamperCase.json {
            let error = try #require(try Self.object(run)["error"] as? [String: Any], "\(run.stdout)")
            #expect(error["code"] as? String == "hash-mismatch")
            let failed = try #require(error["failedTiles"] as? [[String: String]])
            #expect(failed.map { $0["key"] } == [Self.tamperedKey])
            #expect(failed.map { $0["code"] } == ["hash-mismatch"])
        } else {
            #expect(run.stdout.isEmpty, "\(run.stdout)")
        }
        // Nothing of it was kept for a later run.
        let cached = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?.allObjects ?? []
        #expect(!cached.contains { ($0 as? URL)?.lastPathComponent.contains("tiles_\(Self.tamperedKey).") == true })
    }

    // MARK: - The documented answer

    @Test(.tags(.server)) func docsFormatDescribesEveryKeyOfTheAnswerAndOfAFailure() throws {
        let section = try Self.answerSection()
        let documented = Self.tables(in: section)
        // The answer's keys, the tile outcomes, a failure's keys, a failed tile's keys, the codes, the exit codes.
        try #require(documented.count == 6, "\(documented)")

        let out = RepositoryPaths.temporaryDirectory("nearby-keys")
        defer { try? FileManager.default.removeItem(at: out) }
        try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        let answer = try Self.object(try NearbyRun(["--base", out.path, "--json"] + NearbyCommandTests.corner))
        // `ids` is a lookup by id's (R13) alone: such an answer has every documented key.
        #expect(documented[0].filter { $0 != "ids" } == answer.keys.sorted(), "the answer")
        let byID = try Self.object(try NearbyRun(["--base", out.path, "--json", "--id", "PT-1001@77_-19"]))
        #expect(documented[0] == byID.keys.sorted(), "the answer by id")
        // Each cell's outcome and the failure's keys: a 500 for one tile fails the lookup.
        #expect(Set((answer["tiles"] as? [String: String] ?? [:]).values).isSubset(of: documented[1]))
        let server = try TileServer(root: out, statuses: ["/fuel/tiles/\(Self.missingKey).json": 500])
        defer { server.stop() }
        let failure = try NearbyRun(["--base", server.baseURL.absoluteString, "--json"] + NearbyCommandTests.corner)
        let error = try #require(try Self.object(failure)["error"] as? [String: Any], "\(failure.stdout)")
        #expect(documented[2] == error.keys.sorted(), "a failed lookup")
        let tile = try #require((error["failedTiles"] as? [[String: Any]])?.first)
        #expect(documented[3] == tile.keys.sorted(), "a failed tile")
        // The codes are held against the library's own list by NearbyErrorTests.
        #expect(documented[5] == ["0", "1", "3", "64"], "the exit codes")
    }

    /// `docs/format.md` from "## A lookup's answer" to the next section.
    static func answerSection() throws -> String {
        let text = try String(
            contentsOf: RepositoryPaths.root().appendingPathComponent("docs/format.md"), encoding: .utf8)
        let start = try #require(text.range(of: "\n## A lookup's answer\n"))
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The first column of each table, in order, without backticks, each sorted: the keys or values it documents.
    static func tables(in section: String) -> [[String]] {
        var tables: [[String]] = []
        var current: [String]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                if let table = current { tables.append(table.sorted()) }
                current = nil
                continue
            }
            let cell = line.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if current == nil {
                current = []  // the header row
            } else if !cell.hasPrefix("---") {
                current?.append(cell.replacingOccurrences(of: "`", with: ""))
            }
        }
        if let table = current { tables.append(table.sorted()) }
        return tables
    }

    /// The format-2 tile file of a cell in a build folder, by the name its index gives.
    static func formatTwoTile(_ key: String, in out: URL) throws -> URL {
        let fuel = out.appendingPathComponent("fuel")
        let index = try #require(
            try JSONSerialization.jsonObject(with: TileFixtures.gunzip(fuel.appendingPathComponent("v2/index.json")))
                as? [String: Any])
        let hash = try #require((index["tiles"] as? [String: String])?[key], "no tile \(key) in the v2 index")
        return fuel.appendingPathComponent("v2").appendingPathComponent(Format2.tilePath(key, hash: hash))
    }

    static func object(_ run: NearbyRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }
}
