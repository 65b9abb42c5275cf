import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// The client example in docs/apps.md (the app team's guide), run against published tiles on a local server. The guide
/// shows the lines between the markers below; `theGuideShowsThisExample` keeps the two the same.
@Suite(.serverLogsOnFailure) struct ClientExampleTests {
    @Test(.tags(.server)) func theExampleRuns() async throws {
        let out = RepositoryPaths.temporaryDirectory("client-example")
        defer { try? FileManager.default.removeItem(at: out) }
        try TileFixtures.write(TileFixtures.lisbonStations, to: out)
        let server = try TileServer(root: out)
        let tilesBase = server.baseURL
        let cachesFolder = out.appendingPathComponent("caches")
        var lines: [String] = []
        func show(_ line: String) { lines.append(line) }
        // The guide's client, with a 10-minute lookup deadline: this test checks the example's answer, and the
        // whole suite on two cores can hold an in-process lookup past the default 30 s (NearbyErrorTests tests the
        // deadline itself). The guide's lines below stay exactly as the guide shows them.
        func TileClient(base: URL, cacheDirectory: URL) -> FuelClient.TileClient {
            FuelClient.TileClient(base: base, cacheDirectory: cacheDirectory, policy: .unhurried)
        }

        // guide:begin
        let client = TileClient(base: tilesBase, cacheDirectory: cachesFolder)
        let result = try await client.stationsAround(
            latitude: 38.52, longitude: -8.98, radiusKm: 10, fuel: .diesel, limit: 5)
        for nearby in result.stations {
            // The price to show: the lowest diesel price (IT's self or attended), docs/format.md "Reading the data".
            guard let diesel = nearby.displayed?.price else { continue }
            let name = nearby.station.name ?? nearby.station.id
            show("\(name): \(String(format: "%.1f", nearby.distanceKm)) km, \(diesel.price) €/l")
        }
        for (path, reason) in result.staleReasons {
            show("older copy of \(path) shown: \(reason)")  // the server failed; the cache answered
        }
        // guide:end

        #expect(lines.count == 5)
        #expect(lines.first == "Galp Azeitão: 3.0 km, 1.579 €/l")
        #expect(!lines.contains { $0.hasPrefix("older copy") })
    }

    @Test func theGuideShowsThisExample() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let guide = try String(
            contentsOf: RepositoryPaths.root().appendingPathComponent("docs/apps.md"), encoding: .utf8)
        let example = try #require(Self.between("// guide:begin\n", "// guide:end", in: source))
        let shown = try #require(Self.between("```swift\n", "```", in: guide, after: "## FuelClient in Swift"))
        let trimmed = { (text: String) in
            text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
        // The guide sets up `tilesBase` and `cachesFolder` first; the rest is the test's code, line for line.
        let guideLines = trimmed(shown)
        let exampleLines = trimmed(example)
        #expect(Array(guideLines.suffix(exampleLines.count)) == exampleLines)
    }

    static func between(_ start: String, _ end: String, in text: String, after anchor: String? = nil) -> String? {
        var rest = Substring(text)
        if let anchor {
            guard let found = rest.range(of: anchor) else { return nil }
            rest = rest[found.upperBound...]
        }
        guard let open = rest.range(of: start) else { return nil }
        rest = rest[open.upperBound...]
        guard let close = rest.range(of: end) else { return nil }
        return String(rest[..<close.lowerBound])
    }
}
