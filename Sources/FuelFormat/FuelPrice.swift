import Foundation

/// The unit a price is quoted in. Litres are the default and are not written.
public enum PriceUnit: String, Sendable, Hashable, Codable, Comparable {
    /// Per litre, `l`: the default, not written.
    case litre = "l"
    /// Per kilogram, `kg` (CNG, LNG, hydrogen).
    case kilogram = "kg"
    /// Per cubic metre, `m3` (CNG in PT).
    case cubicMetre = "m3"

    /// Ordered by the published text.
    public static func < (lhs: PriceUnit, rhs: PriceUnit) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Self-service or attended pump, only where the source tells them apart.
public enum ServiceKind: String, Sendable, Hashable, Codable, Comparable {
    /// Self-service, `self`.
    case selfService = "self"
    /// Attended, `full`.
    case fullService = "full"

    /// Ordered by the published text.
    public static func < (lhs: ServiceKind, rhs: ServiceKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One price of one fuel at one station: `{"fuel":"diesel","price":1.339,"updated":"2025-09-27T16:05:47Z"}`.
public struct FuelPrice: Sendable, Hashable, Codable {
    /// The canonical fuel.
    public var fuel: FuelCode
    /// EUR per ``unit``, at most 3 decimals.
    public var price: Double
    /// When the source says this price was set, in UTC, whole seconds.
    public var updated: Date
    /// The unit, litres when omitted.
    public var unit: PriceUnit
    /// Self or full service, only where the source distinguishes them.
    public var service: ServiceKind?
    /// The source's own name of the fuel, kept for ``FuelCode/other``.
    public var label: String?
    /// The last change: the previous different value of this price, as this publisher last published it; set only
    /// together with ``changed``, and only while the price has held since (at most 30 days).
    public var was: Double?
    /// The last change: when this publisher first saw the current value (the fetch that brought it), UTC.
    public var changed: Date?

    /// A price in litres, with no service kind, label or last change unless given.
    public init(
        fuel: FuelCode,
        price: Double,
        updated: Date,
        unit: PriceUnit = .litre,
        service: ServiceKind? = nil,
        label: String? = nil,
        was: Double? = nil,
        changed: Date? = nil
    ) {
        self.fuel = fuel
        self.price = price
        self.updated = updated
        self.unit = unit
        self.service = service
        self.label = label
        self.was = was
        self.changed = changed
    }

    private enum CodingKeys: String, CodingKey {
        case fuel, price, updated, unit, service, label, was, changed
    }

    /// Reads a price: `updated` as UTC text, a missing `unit` as litres.
    /// - Throws: `DecodingError` for a missing field or a time in another form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fuel = try container.decode(FuelCode.self, forKey: .fuel)
        price = try container.decode(Double.self, forKey: .price)
        updated = try container.decodeUTCTime(forKey: .updated)
        unit = try container.decodeIfPresent(PriceUnit.self, forKey: .unit) ?? .litre
        service = try container.decodeIfPresent(ServiceKind.self, forKey: .service)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        was = try container.decodeIfPresent(Double.self, forKey: .was)
        changed = try container.decodeUTCTimeIfPresent(forKey: .changed)
    }

    /// Writes a price in the contract's key order, `updated` as UTC text, `unit` only when not litres and `service`,
    /// `label`, `was` and `changed` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fuel, forKey: .fuel)
        try container.encode(price, forKey: .price)
        try container.encode(UTCTime.format(updated), forKey: .updated)
        if unit != .litre { try container.encode(unit, forKey: .unit) }
        try container.encodeIfPresent(service, forKey: .service)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(was, forKey: .was)
        try container.encodeIfPresent(changed.map(UTCTime.format), forKey: .changed)
    }

    /// The order prices are written in: fuel, service, unit, label.
    public static func canonicalOrder(_ lhs: FuelPrice, _ rhs: FuelPrice) -> Bool {
        if lhs.fuel != rhs.fuel { return lhs.fuel < rhs.fuel }
        if lhs.service != rhs.service { return (lhs.service?.rawValue ?? "") < (rhs.service?.rawValue ?? "") }
        if lhs.unit != rhs.unit { return lhs.unit < rhs.unit }
        return (lhs.label ?? "") < (rhs.label ?? "")
    }
}
