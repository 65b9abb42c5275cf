import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// A registry cut short at a line boundary still parses as a CSV: the IT adapter refuses a pair in which more than
/// `maxUnmatchedPricePercent` (2 % in `adapters/IT/source.json`) of the price rows name a station the registry does
/// not list at all. Shown on the real same-day pair of the sample, cut as a broken download would cut it.
@Suite struct ITTruncationTests {
    static func sample(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: RepositoryPaths.samples().appendingPathComponent("IT/" + name)))
    }

    /// The first `share` of the file's lines, cut after a newline.
    static func cut(_ bytes: [UInt8], keeping share: Double) -> [UInt8] {
        let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
        let keep = newlines[Int(Double(newlines.count) * share)]
        return Array(bytes[...keep])
    }

    @Test(arguments: [0.52, 0.6, 0.9])
    func aRegistryCutAtALineBoundaryIsRefused(keeping share: Double) throws {
        let registry = Self.cut(try Self.sample("anagrafica_impianti_attivi.csv"), keeping: share)
        let error = try #require(throws: FeedError.self) {
            try FeedRun.files(
                "IT",
                ["anagrafica_impianti_attivi.csv": registry, "prezzo_alle_8.csv": try Self.sample("prezzo_alle_8.csv")])
        }
        #expect(error.country == "IT")
        #expect(error.file.hasSuffix("anagrafica_impianti_attivi.csv"))
        #expect(error.reason.contains("name no station of this registry, more than the 2 % allowed"), "\(error.reason)")
        #expect(error.reason.contains("the registry looks cut short"))
    }

    @Test func theWholePairPasses() throws {
        let result = try FeedRun.sample("IT")
        #expect(result.stations.count == 59)
        #expect(result.rejects[.priceRowWithoutStation] == 0)
    }

    @Test func stationsDroppedForTheirCoordinatesDoNotCount() throws {
        // One of 59 stations loses its coordinates: its 6 price rows have a listed but rejected station.
        var text = String(decoding: try Self.sample("anagrafica_impianti_attivi.csv"), as: UTF8.self)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("3464|") })
        let blanked =
            row.split(separator: "|", omittingEmptySubsequences: false).dropLast(2).joined(separator: "|") + "||"
        text = text.replacingOccurrences(of: String(row), with: blanked)
        let result = try FeedRun.files(
            "IT",
            [
                "anagrafica_impianti_attivi.csv": Array(text.utf8),
                "prezzo_alle_8.csv": try Self.sample("prezzo_alle_8.csv"),
            ])
        #expect(result.stations.count == 58)
        #expect(result.rejects[.emptyCoordinates] == 1)
    }
}
