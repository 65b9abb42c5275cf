import Foundation
import FuelFeeds
import FuelReport
import Testing
import _FuelTestSupport

/// The verdict's per-country thresholds come from `adapters/<CC>/source.json`, checked when the metadata loads.
@Suite struct VerdictThresholdsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var value: String
        /// The median threshold read, or nil when the metadata must be refused with `problem`.
        var percent: Double?
        var problem: String?
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "a percentage is read", value: "1.5", percent: 1.5),
        Case(
            name: "over 100 is refused", value: "150",
            problem: "checkPriceMedianPercent must be a percentage from 0 to 100, got 150"),
        Case(
            name: "a negative value is refused", value: "-1",
            problem: "checkPriceMedianPercent must be a percentage from 0 to 100, got -1"),
    ]

    @Test(arguments: cases) func checkPriceMedianPercent(_ example: Case) throws {
        let root = RepositoryPaths.temporaryDirectory("verdict-thresholds")
        defer { try? FileManager.default.removeItem(at: root) }
        let adapters = root.appendingPathComponent("adapters")
        try FileManager.default.copyItem(at: RepositoryPaths.adapters(), to: adapters)
        let source = adapters.appendingPathComponent("ES/source.json")
        let text = try String(contentsOf: source, encoding: .utf8)
        try #require(text.contains(#""checkPriceMedianPercent": 5,"#))
        try text.replacingOccurrences(
            of: #""checkPriceMedianPercent": 5,"#, with: #""checkPriceMedianPercent": \#(example.value),"#
        ).write(to: source, atomically: true, encoding: .utf8)

        if let percent = example.percent {
            let thresholds = VerdictThresholds.of(country: "ES", adaptersDirectory: adapters)
            #expect(thresholds.priceMedianPercent == percent)
            #expect(thresholds.stationChangePercent == 3)
        } else {
            #expect {
                try CountryConfig.load(country: "ES", adaptersDirectory: adapters)
            } throws: { error in
                String(describing: error).contains(example.problem ?? "?")
            }
        }
    }

    @Test func theBuiltInMetadataSaysFivePercentForEveryCountry() {
        for country in CountryRegistry.codes {
            #expect(
                VerdictThresholds.of(country: country, adaptersDirectory: nil).priceMedianPercent == 5, "\(country)")
        }
    }
}
