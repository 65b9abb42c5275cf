import FuelFormat

extension ReportData {
    /// What the page's change layers and outlier list need beyond the stations themselves: the stations added and
    /// removed since the previous build, and per fuel the country scales, the outliers and the prices that moved.
    struct StationChanges {
        let hasPrevious: Bool
        /// The previous build's stations by id; empty without one.
        let previous: [String: Station]
        /// Indexes of the stations the previous build did not have.
        let added: [UInt32]
        /// The previous build's stations this one does not have, by id.
        let removed: [Station]

        init(_ input: ReportInput) {
            hasPrevious = input.hasPrevious
            let previous = Dictionary(
                input.previousStations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            self.previous = previous
            guard input.hasPrevious else {
                (added, removed) = ([], [])
                return
            }
            added = input.stations.indices.filter { previous[input.stations[$0].id] == nil }.map { UInt32($0) }
            let now = Set(input.stations.map(\.id))
            removed = input.previousStations.filter { !now.contains($0.id) }.sorted { $0.id < $1.id }
        }

        /// `"added":{…},"removed":{"latitude":{…},"longitude":{…}}`.
        func stationMembers(blob: inout DataBlob) -> [String] {
            [
                #""added":"# + blob.append(unsigned: added),
                #""removed":{"latitude":"# + blob.append(float32: removed.map { Float($0.latitude) })
                    + #","longitude":"# + blob.append(float32: removed.map { Float($0.longitude) }) + "}",
            ]
        }

        /// `"removedIds":[…],"removedNames":[…],"removedCountries":[…]`: the removed stations' ids, names (else
        /// brands) and countries, for the string tables' JSON.
        var removedStrings: [String] {
            [
                #""removedIds":"# + PageText.jsonArray(removed.map(\.id)),
                #""removedNames":"# + PageText.jsonArray(removed.map { $0.name ?? $0.brand ?? "" }),
                #""removedCountries":"# + PageText.jsonArray(removed.map(\.country)),
            ]
        }

        /// `"scales":{"ES":[p5,p95,low,high],…},"outliers":{…},"moved":{…},"was":{…}` for one fuel choice.
        func members(of choice: FuelChoice, stations: [Station], blob: inout DataBlob) -> String {
            var byCountry: [String: [Double]] = [:]
            var priced: [(index: Int, price: Double)] = []
            var moved: [UInt32] = []
            var was: [UInt32] = []
            for (index, station) in stations.enumerated() {
                guard let price = choice.price(at: station)?.price else { continue }
                byCountry[station.country, default: []].append(price)
                priced.append((index, price))
                guard hasPrevious, let old = previous[station.id].flatMap(choice.price(at:))?.price, old > 0,
                    abs(price - old) / old * 100 > ReportInput.priceMovedPercent
                else { continue }
                moved.append(UInt32(index))
                was.append(thousandths(old))
            }
            let factor = VerdictThresholds().outlierFactor
            let scales = byCountry.compactMapValues { PriceScale($0, outlierFactor: factor) }
            // `other` gathers unrelated fuels under their own labels, so it has no outliers (as in the verdict).
            let outliers =
                choice.fuel == .other
                ? []
                : priced.filter { scales[stations[$0.index].country]?.isOutlier($0.price) ?? false }
                    .map { UInt32($0.index) }
            let scaleText = scales.sorted { $0.key < $1.key }.map { country, scale in
                let values = [scale.p5, scale.p95, scale.low, scale.high].map { String(thousandths($0)) }
                return PageText.jsonString(country) + ":[" + values.joined(separator: ",") + "]"
            }
            return #""scales":{"# + scaleText.joined(separator: ",") + #"},"outliers":"#
                + blob.append(unsigned: outliers) + #","moved":"# + blob.append(unsigned: moved) + #","was":"#
                + blob.append(unsigned: was)
        }
    }
}
