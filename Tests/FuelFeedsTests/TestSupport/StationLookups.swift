import FuelFeeds
import FuelFormat

extension Station {
    /// The price of a fuel in a unit, for tests.
    func price(_ fuel: FuelCode, unit: PriceUnit = .litre, label: String? = nil) -> FuelPrice? {
        prices.first { $0.fuel == fuel && $0.unit == unit && (label == nil || $0.label == label) }
    }
}

extension FeedParseResult {
    /// The station with an id, for tests.
    func station(_ id: String) -> Station? { stations.first { $0.id == id } }
}
