import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// The real registry lists some sites twice under two ids (docs/feeds.md section 4, quirk 7). Registry rows here are real
/// rows of the 2026-08-21 cut; the price rows are made for the case.
@Suite struct ITDuplicateSiteTests {
    static let molo = [
        "54161|IL MOLO S.R.L.|Pompe Bianche|Stradale|il molo srl|LUNGOMARE FALCONE BORSELLINO 2, 92100 - -|AGRIGENTO|AG|37.2631384|13.5790455",
        "54160|IL MOLO S.R.L.|Pompe Bianche|Stradale|il molo srl|LUNGOMARE FALCONE BORSELLINO 2, 92100 - -|AGRIGENTO|AG|37.2631384|13.5790455",
    ]
    /// The same site under two brands: rebranded, and the old id still listed.
    static let oasi = [
        "39621|BARONE SALVATORE|Agip Eni|Stradale|OASI|VIA CIRCONVALLAZIONE 15 15011|ACQUI TERME|AL|44.669015740619884|8.481220282803406",
        "39620|BARONE SALVATORE|Pompe Bianche|Stradale|OASI|VIA CIRCONVALLAZIONE 15 15011|ACQUI TERME|AL|44.669015740619884|8.481220282803406",
    ]

    static func parse(_ rows: [String], prices: [String]) throws -> FeedParseResult {
        try ITQuirkTests.parse(
            registry: ITQuirkTests.registryHeader + rows.joined(separator: "\n") + "\n",
            prices: ITQuirkTests.pricesHeader + prices.joined(separator: "\n") + "\n")
    }

    @Test func oneSiteUnderTwoIdsIsPublishedOnceUnderTheNewestId() throws {
        let result = try Self.parse(
            Self.molo,
            prices: [
                "54160|Benzina|1.899|1|20/08/2026 07:00:00", "54160|Gasolio|1.799|1|19/08/2026 07:00:00",
                "54161|Gasolio|1.789|1|20/08/2026 09:30:00",
            ])
        #expect(result.stations.map(\.id) == ["IT-54161"])
        let station = try #require(result.stations.first)
        #expect(station.name == "il molo srl")
        #expect(station.brand == nil)
        // Both ids' prices; for diesel the newer row, which is 54161's.
        #expect(station.prices.map(\.fuel) == [.diesel, .gasoline95])
        #expect(station.prices.map(\.price) == [1.789, 1.899])
        #expect(result.counters[.identicalRegistryRowMerged] == 1)
        #expect(result.counters[.sameFuelAndServiceTwice] == 1)
    }

    @Test func aRebrandedSiteTakesTheNewestIdsBrand() throws {
        let result = try Self.parse(Self.oasi, prices: ["39620|Benzina|1.899|1|20/08/2026 07:00:00"])
        #expect(result.stations.map(\.id) == ["IT-39621"])
        #expect(result.stations.first?.brand == "Eni")
        #expect(result.stations.first?.prices.map(\.price) == [1.899])
    }

    @Test(arguments: [
        (
            "another name",
            "54160|IL MOLO S.R.L.|Pompe Bianche|Stradale|il molo 2|LUNGOMARE FALCONE BORSELLINO 2, 92100 - -|AGRIGENTO|AG|37.2631384|13.5790455"
        ),
        (
            "another address",
            "54160|IL MOLO S.R.L.|Pompe Bianche|Stradale|il molo srl|LUNGOMARE FALCONE BORSELLINO 4, 92100 - -|AGRIGENTO|AG|37.2631384|13.5790455"
        ),
        (
            "coordinates a metre away",
            "54160|IL MOLO S.R.L.|Pompe Bianche|Stradale|il molo srl|LUNGOMARE FALCONE BORSELLINO 2, 92100 - -|AGRIGENTO|AG|37.2631474|13.5790455"
        ),
    ])
    func neighboursThatDifferStayTwoStations(_ label: String, _ neighbour: String) throws {
        let result = try Self.parse(
            [Self.molo[0], neighbour],
            prices: ["54160|Benzina|1.899|1|20/08/2026 07:00:00", "54161|Benzina|1.889|1|20/08/2026 07:00:00"])
        #expect(result.stations.map(\.id) == ["IT-54160", "IT-54161"], "\(label)")
        #expect(result.counters[.identicalRegistryRowMerged] == 0)
    }
}
