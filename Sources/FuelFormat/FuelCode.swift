/// A canonical fuel code, shared by every country (the table is in `docs/format.md`).
///
/// It is a string wrapper rather than a closed enum so that a client built today can still decode a tile that a
/// later publisher writes with a new code.
public struct FuelCode: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: FuelCode, rhs: FuelCode) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let diesel = FuelCode(rawValue: "diesel")
    public static let dieselPremium = FuelCode(rawValue: "diesel_premium")
    public static let hvo = FuelCode(rawValue: "hvo")
    public static let dieselAgri = FuelCode(rawValue: "diesel_agri")
    public static let biodiesel = FuelCode(rawValue: "biodiesel")
    public static let gasoline95 = FuelCode(rawValue: "gasoline_95")
    public static let gasoline95E10 = FuelCode(rawValue: "gasoline_95_e10")
    public static let gasoline95Premium = FuelCode(rawValue: "gasoline_95_premium")
    public static let gasoline98 = FuelCode(rawValue: "gasoline_98")
    public static let gasoline98E10 = FuelCode(rawValue: "gasoline_98_e10")
    public static let gasoline100 = FuelCode(rawValue: "gasoline_100")
    public static let e85 = FuelCode(rawValue: "e85")
    public static let lpg = FuelCode(rawValue: "lpg")
    public static let cng = FuelCode(rawValue: "cng")
    public static let lng = FuelCode(rawValue: "lng")
    public static let hydrogen = FuelCode(rawValue: "hydrogen")
    public static let adblue = FuelCode(rawValue: "adblue")
    /// Anything else; the price then carries the source's own `label`.
    public static let other = FuelCode(rawValue: "other")

    /// Every canonical code, in the order of the table in `docs/format.md`.
    public static let all: [FuelCode] = [
        .diesel, .dieselPremium, .hvo, .dieselAgri, .biodiesel, .gasoline95, .gasoline95E10, .gasoline95Premium,
        .gasoline98, .gasoline98E10, .gasoline100, .e85, .lpg, .cng, .lng, .hydrogen, .adblue, .other,
    ]

    /// True for the codes in ``all``.
    public var isCanonical: Bool { FuelCode.all.contains(self) }
}
