import FuelFormat

extension ReportData {
    /// `{"ES":{"since":"2026-11-01","days":["2026-12-01",…],"fuels":{"diesel":[[1459,1402,1519],null,…]}}}`: for each
    /// country with a trend, each map fuel's median, p10 and p90 per day in thousandths (``thousandths(_:)``),
    /// `null` on a day the fuel had no price; a fuel the trend never priced is left out.
    static func trends(_ countries: [ReportInput.Country], choices: [FuelChoice]) -> String {
        let items = countries.compactMap { country -> String? in
            guard let trend = country.trend else { return nil }
            let fuels = choices.compactMap { choice -> String? in
                let rows = trend.days.map { day in
                    day.fuels.first { $0.fuel == choice.fuel && $0.unit == choice.unit }
                }
                guard rows.contains(where: { $0 != nil }) else { return nil }
                let values = rows.map { figures in
                    figures.map { "[\(thousandths($0.median)),\(thousandths($0.p10)),\(thousandths($0.p90))]" }
                        ?? "null"
                }
                return PageText.jsonString(choice.value) + ":[" + values.joined(separator: ",") + "]"
            }
            return PageText.jsonString(country.country) + #":{"since":"# + PageText.jsonString(trend.since)
                + #","days":"# + PageText.jsonArray(trend.days.map(\.day)) + #","fuels":{"#
                + fuels.joined(separator: ",") + "}}"
        }
        return "{" + items.joined(separator: ",") + "}"
    }
}
