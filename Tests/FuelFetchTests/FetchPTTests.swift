import Foundation
import FuelFeeds
import FuelFetch
import Testing
import _FuelTestSupport

/// The PT crawl against the local feed server's `PesquisarPostos`, which, like DGEG, puts the number of rows
/// matching the query in every row's `Quantidade`.
@Suite(.tags(.server), .serverLogsOnFailure) struct FetchPTTests {
    /// Five rows, as the harness serves them, each with the given `Quantidade` (nil: the server's own count).
    static func rows(_ count: Int = 5, quantidade: Int? = nil) -> [[String: Any]] {
        FetchHarness.portugueseStations.prefix(count).map { row in
            var row = row
            if let quantidade { row["Quantidade"] = quantidade }
            return row
        }
    }

    static func serve(_ rows: [[String: Any]], afterEnd: String? = nil, in harness: FetchHarness) throws {
        let folder = harness.serverRoot.appendingPathComponent("PT-api")
        try FetchHarness.write(
            Array(try JSONSerialization.data(withJSONObject: rows)), to: folder.appendingPathComponent("stations.json"))
        if let afterEnd {
            try FetchHarness.write(
                Array(#"{"afterEnd":"\#(afterEnd)"}"#.utf8), to: folder.appendingPathComponent("settings.json"))
        }
    }

    @Test func oneLargePageHoldsTheWholeCountry() async throws {
        let harness = try FetchHarness(fetch: ["PT": ["pageSize": 20000]])
        let report = try await harness.fetcher(["PT"]).run()
        #expect(report.failures.isEmpty)
        let pages = try await harness.requests(endingWith: "/PesquisarPostos").map(\.query)
        #expect(pages == ["qtdPorPagina=20000&pagina=1"])
        #expect(harness.folderListing("PT") == ["page-0001.json"])
    }

    @Test func pagingStopsOnceQuantidadeRowsArrived() async throws {
        let harness = try FetchHarness()
        _ = try await harness.fetcher(["PT"]).run()
        let pages = try await harness.requests(endingWith: "/PesquisarPostos").map(\.query)
        #expect(pages == (1...3).map { "qtdPorPagina=2&pagina=\($0)" })
        let last = try #require(harness.feedFile("PT/page-0003.json"))
        let object = try JSONSerialization.jsonObject(with: last) as? [String: Any]
        #expect((object?["resultado"] as? [Any])?.count == 1)
    }

    @Test func fewerRowsThanQuantidadeFailPortugalWithBothNumbers() async throws {
        let harness = try FetchHarness(fetch: ["PT": ["pageSize": 20000]])
        try Self.serve(Self.rows(quantidade: 7), in: harness)
        let report = try await harness.fetcher(["PT"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.country == "PT")
        #expect(failure.reason.contains("received 5 rows but the service's Quantidade is 7"), "\(failure.reason)")
        #expect(harness.folderListing("PT").filter { !$0.hasPrefix(".") }.isEmpty)
        #expect(try harness.manifest()?.countries["PT"]?.status == "failed")
    }

    @Test(arguments: ["null", "missing", "empty"])
    func aPageWithoutRowsEndsTheCrawl(afterEnd: String) async throws {
        // Four rows that say six: the third page has no rows, the crawl ends there, and the count is refused.
        let harness = try FetchHarness()
        try Self.serve(Self.rows(4, quantidade: 6), afterEnd: afterEnd, in: harness)
        let report = try await harness.fetcher(["PT"]).run()
        let pages = try await harness.requests(endingWith: "/PesquisarPostos").map(\.query)
        #expect(pages == (1...3).map { "qtdPorPagina=2&pagina=\($0)" })
        let failure = try #require(report.failures.first?.error)
        #expect(failure.reason.contains("received 4 rows but the service's Quantidade is 6"), "\(failure.reason)")
    }

    @Test func aFirstPageWithANullResultadoFails() async throws {
        let harness = try FetchHarness()
        try Self.serve([], afterEnd: "null", in: harness)
        let report = try await harness.fetcher(["PT"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.file == "PT/page-0001.json")
        #expect(failure.reason == "the first page has no stations")
    }

    @Test func rowsWithoutQuantidadeCannotBeChecked() async throws {
        let harness = try FetchHarness()
        try Self.serve(Self.rows(quantidade: nil).map { $0.merging(["Quantidade": NSNull()]) { $1 } }, in: harness)
        let report = try await harness.fetcher(["PT"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.reason.contains("carry no Quantidade"), "\(failure.reason)")
    }

    @Test func fuelTypeIdsAndHeadersAreSent() async throws {
        let harness = try FetchHarness(
            fetch: [
                "PT": [
                    "pageSize": 20000, "fuelTypeIds": [2101, 3201],
                    "headers": ["Referer": "https://example.org/", "X-Requested-With": "XMLHttpRequest"],
                ]
            ])
        let report = try await harness.fetcher(["PT"]).run()
        #expect(report.failures.isEmpty)
        let request = try #require(try await harness.requests(endingWith: "/PesquisarPostos").first)
        #expect(request.query == "idsTiposComb=2101,3201&qtdPorPagina=20000&pagina=1")
        #expect(request.headers["referer"] == "https://example.org/")
        #expect(request.headers["x-requested-with"] == "XMLHttpRequest")
    }
}
