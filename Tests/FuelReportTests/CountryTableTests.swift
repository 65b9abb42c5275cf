import Foundation
import FuelFormat
import Testing

@testable import FuelReport

/// The report's country table: the change against the previous build, rejections by reason, feed age, carried
/// countries and bytes in the reports' one byte convention (``ByteCount``).
@Suite struct CountryTableTests {
    static func country(
        _ code: String, stations: Int, previous: Int?, rejected: [String: Int] = [:], ageHours: Double = 2,
        carriedSince: Date? = nil, bytes: Int = 1536
    ) -> ReportInput.Country {
        ReportInput.Country(
            country: code, stations: stations, previousStations: previous, rejected: rejected,
            feedTime: Date(timeIntervalSince1970: 1_764_460_800), feedAgeHours: ageHours, carriedSince: carriedSince,
            tiles: 7, bytes: bytes)
    }

    /// The text of each cell of each body and footer row.
    static func rows(_ html: String) -> [[String]] {
        let body = html.range(of: "<tbody>").map { html[$0.lowerBound...] } ?? ""
        return body.matches(of: #/<tr[^>]*>(.*?)</tr>/#).map { row in
            String(row.1).matches(of: #/<t[hd][^>]*>(.*?)</t[hd]>/#).map {
                String($0.1).replacingOccurrences(of: "<br>", with: "; ")
            }
        }
    }

    @Test func eachCountryHasItsLineAndTheTotalsFollow() {
        let html = CountryTable.html(
            [
                Self.country(
                    "ES", stations: 12_034, previous: 11_990,
                    rejected: ["no current price": 8, "price older than 30 days": 45]),
                Self.country(
                    "PT", stations: 3000, previous: 3002, ageHours: 130,
                    carriedSince: Date(timeIntervalSince1970: 1_764_374_400), bytes: 812),
            ], hasPrevious: true)
        #expect(
            Self.rows(html) == [
                [
                    "ES", "12,034", "+44", "—", "45 price older than 30 days; 8 no current price",
                    "2025-11-30T00:00:00Z",
                    "2.0 h", "—", "7", "1.5 kB",
                ],
                [
                    "PT", "3,000", "−2", "—", "—", "2025-11-30T00:00:00Z", "5 days", "2025-11-29T00:00:00Z", "7",
                    "812 B",
                ],
                ["All", "15,034", "+42", "", "53", "", "", "", "", ""],
            ])
        #expect(html.contains(#"<tr id="country-PT" class="carried">"#))
        #expect(html.contains(#"<tr id="country-ES">"#), "each row is the anchor a verdict reason links to")
    }

    @Test func withoutAPreviousBuildTheChangeIsADash() {
        let html = CountryTable.html(
            [Self.country("IT", stations: 5, previous: nil, ageHours: -1.5)], hasPrevious: false)
        #expect(
            Self.rows(html) == [
                ["IT", "5", "—", "—", "—", "2025-11-30T00:00:00Z", "−1.5 h", "—", "7", "1.5 kB"],
                ["All", "5", "—", "", "—", "", "", "", "", ""],
            ])
    }

    @Test func aCountryNewSinceThePreviousBuildLeavesTheTotalChangeOpen() {
        let html = CountryTable.html(
            [Self.country("AT", stations: 5, previous: nil), Self.country("ES", stations: 9, previous: 10)],
            hasPrevious: true)
        #expect(Self.rows(html).map { $0[2] } == ["—", "−1", "—"])
    }
}
