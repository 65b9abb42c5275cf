import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

/// Format 1's index and sources file read and write their times as UTC text, and a country's `carriedSince` only
/// when it is carried (`docs/format.md`).
@Suite struct TileFilesCodingTests {
    /// `json`: The JSON the value writes, keys sorted.
    typealias Case = NamedCase<(value: Files, json: String)>

    /// One of the files, so that the cases can hold either.
    enum Files: Sendable, Equatable {
        case index(TileIndex)
        case sources(SourcesFile)

        func encoded() throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            switch self {
            case .index(let index): return String(decoding: try encoder.encode(index), as: UTF8.self)
            case .sources(let sources): return String(decoding: try encoder.encode(sources), as: UTF8.self)
            }
        }

        func decodedAgain(from json: String) throws -> Files {
            switch self {
            case .index: .index(try JSONDecoder().decode(TileIndex.self, from: Data(json.utf8)))
            case .sources: .sources(try JSONDecoder().decode(SourcesFile.self, from: Data(json.utf8)))
            }
        }
    }

    static let builtAt = Date(timeIntervalSince1970: 1_796_191_200)  // 2026-12-02T06:00:00Z
    static let feedTime = Date(timeIntervalSince1970: 1_758_989_147)  // 2025-09-27T16:05:47Z

    static let cases = [
        Case(
            "an index with a fresh and a carried country",
            (
                value: .index(
                    TileIndex(
                        gridDegrees: 0.5, builtAt: builtAt, tiles: ["77_-19"],
                        countries: [
                            "ES": CountrySummary(stations: 2, updated: feedTime, carriedSince: builtAt),
                            "PT": CountrySummary(stations: 1, updated: feedTime),
                        ])),
                json: #"{"builtAt":"2026-12-02T06:00:00Z","countries":{"ES":{"carriedSince":"2026-12-02T06:00:00Z","#
                    + #""stations":2,"updated":"2025-09-27T16:05:47Z"},"PT":{"stations":1,"#
                    + #""updated":"2025-09-27T16:05:47Z"}},"gridDegrees":0.5,"tiles":["77_-19"],"version":1}"#
            )),
        Case(
            "a sources file",
            (
                value: .sources(
                    SourcesFile(sources: [
                        SourcesFile.Source(
                            country: "PT", publisher: "DGEG", url: "https://example.invalid/pt", licence: "CC-BY",
                            licenceUrl: "https://example.invalid/licence", attribution: "DGEG", coverage: "all",
                            updated: feedTime, stations: 1)
                    ])),
                json: #"{"sources":[{"attribution":"DGEG","country":"PT","coverage":"all","licence":"CC-BY","#
                    + #""licenceUrl":"https://example.invalid/licence","publisher":"DGEG","stations":1,"#
                    + #""updated":"2025-09-27T16:05:47Z","url":"https://example.invalid/pt"}],"version":1}"#
            )),
    ]

    @Test(arguments: cases) func writesTimesAsUTCText(_ testCase: Case) throws {
        #expect(try testCase.value.encoded() == testCase.json)
    }

    @Test(arguments: cases) func readsBackWhatItWrote(_ testCase: Case) throws {
        #expect(try testCase.value.decodedAgain(from: testCase.json) == testCase.value)
    }

    @Test(arguments: [#""carriedSince":null,"#, ""])
    func aNullOrMissingCarriedSinceIsAFreshCountry(_ member: String) throws {
        let json = #"{\#(member)"stations":1,"updated":"2025-09-27T16:05:47Z"}"#
        let summary = try JSONDecoder().decode(CountrySummary.self, from: Data(json.utf8))
        #expect(summary == CountrySummary(stations: 1, updated: Self.feedTime))
    }

    @Test(arguments: ["2025-09-27 16:05:47", "1758989147", "2025-09-27T16:05:47+00:00"])
    func aTimeInAnotherFormIsRefused(_ text: String) {
        let json = #"{"stations":1,"updated":"\#(text)"}"#
        #expect {
            try JSONDecoder().decode(CountrySummary.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("not a UTC time")
                && context.codingPath.last?.stringValue == "updated"
        }
    }
}
