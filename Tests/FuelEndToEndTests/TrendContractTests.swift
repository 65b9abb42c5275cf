import Foundation
import Testing
import _FuelTestSupport

/// `scripts/check-format` on the trends (`docs/format.md`, Trends): a sample build's conform (``FormatContractTests``),
/// and each kind of drift below is refused, the build's day's row held to the figures of the build's own tiles.
@Suite struct TrendContractTests {
    struct Drift: Sendable, CustomTestStringConvertible {
        var label: String
        /// Changes `OUT/fuel/` (the folder, links resolved) in place.
        var change: @Sendable (URL) throws -> Void
        var complaint: String
        var testDescription: String { label }
    }

    /// Edits the decoded `trends/ES.json` of a build folder.
    static func editSpain(_ fuel: URL, _ edit: (inout [String: Any]) -> Void) throws {
        let file = fuel.appendingPathComponent("trends/ES.json")
        var trend = try FormatContractTests.decode(file)
        edit(&trend)
        try FormatContractTests.encode(trend, to: file)
    }

    /// Edits the first fuel's figures of the trend's last day.
    static func editToday(_ trend: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        guard var days = trend["days"] as? [[String: Any]], var fuels = days.last?["fuels"] as? [[String: Any]],
            !fuels.isEmpty
        else { return }
        edit(&fuels[0])
        days[days.count - 1]["fuels"] = fuels
        trend["days"] = days
    }

    static let drifts = [
        Drift(
            label: "a station count that is not the tiles'",
            change: { fuel in
                try editSpain(fuel) { editToday(&$0) { $0["stations"] = (($0["stations"] as? Int) ?? 0) + 1 } }
            }, complaint: "but the build's tiles give"),
        Drift(
            label: "a figure with 4 decimals",
            change: { fuel in try editSpain(fuel) { editToday(&$0) { $0["min"] = 0.0001 } } },
            complaint: "has more than 3 decimals"),
        Drift(
            label: "a since that is not the index's",
            change: { fuel in try editSpain(fuel) { $0["since"] = "2020-01-01" } },
            complaint: "is not the index's since"),
        Drift(
            label: "a day twice",
            change: { fuel in
                try editSpain(fuel) { $0["days"] = ($0["days"] as? [Any] ?? []) + ($0["days"] as? [Any] ?? []) }
            },
            complaint: "days not sorted, repeated, or before since"),
        Drift(
            label: "a trend the index does not list",
            change: { fuel in
                try FileManager.default.copyItem(
                    at: fuel.appendingPathComponent("trends/ES.json"), to: fuel.appendingPathComponent("trends/DE.json")
                )
            }, complaint: "a trend index.json does not list"),
        Drift(
            label: "a listed trend that is missing",
            change: { fuel in try FileManager.default.removeItem(at: fuel.appendingPathComponent("trends/ES.json")) },
            complaint: "listed by index.json but missing"),
    ]

    @Test(.tags(.executable, .python), arguments: drifts)
    func driftFromTheTrendContractIsCaught(_ drift: Drift) throws {
        let out = try FormatContractTests.buildSamples()
        defer { try? FileManager.default.removeItem(at: out) }
        try drift.change(out.appendingPathComponent("fuel").resolvingSymlinksInPath())
        let result = try FormatContractTests.check(out)
        #expect(result.status == 1)
        #expect(result.stderr.contains(drift.complaint), "\(result.stderr)")
    }
}
