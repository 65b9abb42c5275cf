import Foundation

/// The order of a lookup's answer (rule R4 of `docs/format.md`), before its limit.
public enum NearbySort: String, Sendable, Hashable, CaseIterable, Codable {
    /// Nearest first; equal distances by station id.
    case distance
    /// Cheapest first by the displayed price of the lookup's fuel (R6): the price's unit in R6's order (litre, kg,
    /// m³), then the price, then the distance, then the station id. Needs a fuel: a price sort without one is an
    /// invalid query.
    case price

    /// Today's order, and the one a lookup uses when it names none.
    public static let standard = NearbySort.distance

    /// The names a command line or a query accepts: `distance`, `price`.
    public static let choices = allCases.map(\.rawValue).joined(separator: ", ")
}
