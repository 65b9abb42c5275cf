import Foundation
import Testing
import _FuelTestSupport

/// `fuel-nearby --id ID[@CELL]` (R13) over a build of the samples in both formats: found, moved and closed stations in
/// the order asked, the table's notes, and the flags that do not go with it, which exit 64.
@Suite(.tags(.executable, .python)) struct NearbyIdCommandTests {
    /// The first two stations of the first tile of a sample build, with the tile's cell, and a cell they are not in.
    struct Watched {
        var out: URL
        var first: String
        var second: String
        var cell: String
        var elsewhere: String
    }

    static func watched() throws -> Watched {
        let out = try FormatContractTests.buildSamples(layout: "both")
        let tiles = out.appendingPathComponent("fuel/tiles").resolvingSymlinksInPath()
        let names = try FileManager.default.contentsOfDirectory(atPath: tiles.path).sorted()
        for name in names {
            let tile = try FormatContractTests.decode(tiles.appendingPathComponent(name))
            let ids = (tile["stations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            guard ids.count >= 2, let last = names.last, last != name else { continue }
            let cell = String(name.dropLast(".json".count))
            return Watched(
                out: out, first: ids[0], second: ids[1], cell: cell, elsewhere: String(last.dropLast(".json".count)))
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// A `--json` run's `ids` as `id status cell` lines and its stations' ids.
    static func answer(_ arguments: [String]) throws -> (ids: [String], stations: [String]) {
        let run = try NearbyRun(arguments + ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let ids = try #require(object["ids"] as? [[String: Any]], "\(run.stdout)").map { entry in
            ["id", "status", "cell"].compactMap { entry[$0] as? String }.joined(separator: " ")
        }
        let stations = (object["stations"] as? [[String: Any]] ?? []).compactMap {
            ($0["station"] as? [String: Any])?["id"] as? String
        }
        return (ids, stations)
    }

    @Test(arguments: ["v1", "v2"])
    func aWatchListIsAnsweredInTheOrderAsked(layout: String) throws {
        let watched = try Self.watched()
        defer { try? FileManager.default.removeItem(at: watched.out) }
        let answer = try Self.answer([
            "--base", watched.out.path, "--layout", layout, "--id", "\(watched.second)@\(watched.cell)",
            "--id", "XX-404", "--id", "\(watched.first)@\(watched.elsewhere)", "--id", watched.second,
        ])
        #expect(
            answer.ids == [
                "\(watched.second) found \(watched.cell)", "XX-404 closed",
                "\(watched.first) moved \(watched.cell)",
            ])
        #expect(answer.stations == [watched.second, watched.first])
    }

    @Test func theTableShowsEachIdAndSaysWhatMovedOrClosed() throws {
        let watched = try Self.watched()
        defer { try? FileManager.default.removeItem(at: watched.out) }
        let run = try NearbyRun([
            "--base", watched.out.path, "--id", "\(watched.first)@\(watched.elsewhere)", "--id", "XX-404",
            "--fuel", "diesel",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID") == true, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix(watched.first) })
        #expect(lines.contains("\(watched.first): moved to cell \(watched.cell); store the new cell"), "\(run.stdout)")
        #expect(lines.contains("XX-404: closed (no longer published)"), "\(run.stdout)")
    }

    typealias BadFlags = NamedCase<(arguments: [String], message: String)>

    static let badFlags: [BadFlags] = [
        BadFlags("an id and a point", (["--id", "XX-1", "--lat", "41.4"], "--lat does not go with --id")),
        BadFlags("an id and a route", (["--id", "XX-1", "--route", "r.gpx"], "--route does not go with --id")),
        BadFlags("a bad cell", (["--id", "XX-1@north"], "--id XX-1@north is not ID or ID@CELL")),
        BadFlags("an empty id", (["--id", ""], "is not ID or ID@CELL")),
        BadFlags(
            "a sort", (["--id", "XX-1", "--fuel", "diesel", "--sort", "price"], "--sort does not go with --id")),
        BadFlags("a limit", (["--id", "XX-1", "--limit", "3"], "--limit does not go with --id")),
        BadFlags("a brand", (["--id", "XX-1", "--brand", "Galp"], "--brand does not go with --id")),
        BadFlags("open now", (["--id", "XX-1", "--open-now"], "--open-now does not go with --id")),
    ]

    @Test(arguments: badFlags)
    func badValuesExit64(_ bad: BadFlags) throws {
        let run = try NearbyRun(["--base", NearbyOpenNowCommandTests.kitBuild] + bad.arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(bad.message), "\(run.stderr)")
    }
}
