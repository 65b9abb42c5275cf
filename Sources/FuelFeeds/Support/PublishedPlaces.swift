/// The decimal places the tiles publish, which the adapters round to from the feed's own text.
///
/// Rounding happens on the digits as written (``FuelCodecs/DecimalText/parse(_:roundedTo:)``), so a coordinate
/// written `41.858087499999996` is published as 41.858087, where rounding its `Double` would give 41.858088. The
/// build's validation and the tile writer round to the same places again, which leaves these values unchanged.
enum PublishedPlaces {
    /// Coordinates, in degrees: 6 places, about 0.1 m.
    static let coordinate = 6
    /// Prices, in euros: 3 places, a tenth of a cent.
    static let price = 3
}
