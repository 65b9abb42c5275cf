import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// The FR adapter over whole national instantané ZIPs, exactly as the publisher served them (ISO-8859-1 XML
/// inside; provenance in `Fixtures/FR/SOURCES.md`): the counts, by an independent Python count of the same file. Named
/// stations of the 2022 file are among `FRRealStationTests`' cases.
@Suite struct FRNationalFileTests {
    static let file2022 = "PrixCarburants_instantane-2022-05-03.zip"
    static let file2026 = "PrixCarburants_instantane-2026-02-12.zip"

    /// 9,949 `<pdv>`, all with coordinates; 670 mark all seven days closed, 650 of them with a price within 30 days
    /// of the newest `maj` (2022-05-03 09:39:57 Paris).
    @Test func wholeFile2022() throws {
        let result = try FRRealStationTests.parse(Self.file2022)
        #expect(result.records == 9_949)
        #expect(result.stations.count == 9_949)
        #expect(result.rejects.isEmpty)
        #expect(result.counters[.closedWeekWithCurrentPrices] == 650)
        // The other 20 have no price within 30 days: closed may be true there, and the build drops their prices.
        #expect(result.stations.filter { $0.hours?.contains("Mo-Su closed") == true }.count == 20)
        #expect(result.referenceTime == FeedRun.utc("2022-05-03T07:39:57Z"))
        #expect(result.stations.reduce(0) { $0 + $1.prices.count } == 33_190)
        #expect(result.stations.filter { $0.motorway == true }.count == 456)
    }

    /// `automatHours` `24/7` exactly where the feed says `automate-24-24="1"`: 3,762 stations in 2022 and 5,367 in
    /// 2026 (counted by Python's `re` over the XML), no other value; `hours` says `24/7 automat` for each of them but
    /// those whose week is itself `24/7`.
    @Test(arguments: [(file2022, 3_762), (file2026, 5_367)])
    func automatHoursWhereTheFeedSaysSo(_ file: String, _ count: Int) throws {
        let stations = try FRRealStationTests.parse(file).stations
        let automats = stations.filter { $0.automatHours != nil }
        #expect(automats.count == count)
        #expect(automats.allSatisfy { $0.automatHours == "24/7" })
        #expect(automats.allSatisfy { $0.hours?.hasPrefix("24/7 automat") == true || $0.openingHours == "24/7" })
        #expect(stations.filter { $0.hours?.hasPrefix("24/7 automat") == true }.allSatisfy { $0.automatHours != nil })
    }

    /// The newest capture: 9,931 stations; 1,084 closed all week, 1,042 of them with current prices.
    @Test func wholeFile2026() throws {
        let result = try FRRealStationTests.parse(Self.file2026)
        #expect(result.records == 9_931)
        #expect(result.stations.count == 9_931)
        #expect(result.rejects.isEmpty)
        #expect(result.referenceTime == FeedRun.utc("2026-02-12T13:17:46Z"))
        #expect(result.counters[.closedWeekWithCurrentPrices] == 1_042)
        #expect(result.stations.reduce(0) { $0 + $1.prices.count } == 33_971)
    }
}
