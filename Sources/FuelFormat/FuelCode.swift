/// A canonical fuel code, shared by every country (the table is in `docs/format.md`).
///
/// It is a string wrapper rather than a closed enum so that a client built today can still decode a tile that a
/// later publisher writes with a new code.
public struct FuelCode: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The code as published: `diesel`, `gasoline_95`.
    public let rawValue: String

    /// Any code, canonical or not (``isCanonical``).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Reads the code from a JSON string; any string is accepted, so a newer publisher's code still decodes.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the code as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The code as published.
    public var description: String { rawValue }

    /// Ordered by the published text, the order of prices in a station.
    public static func < (lhs: FuelCode, rhs: FuelCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `diesel`: road diesel (B7), winter grades included.
    public static let diesel = FuelCode(rawValue: "diesel")
    /// `diesel_premium`: branded premium diesel.
    public static let dieselPremium = FuelCode(rawValue: "diesel_premium")
    /// `hvo`: renewable diesel (HVO).
    public static let hvo = FuelCode(rawValue: "hvo")
    /// `diesel_agri`: agricultural or marked diesel, not for road use.
    public static let dieselAgri = FuelCode(rawValue: "diesel_agri")
    /// `biodiesel`: biodiesel and high-FAME blends.
    public static let biodiesel = FuelCode(rawValue: "biodiesel")
    /// `gasoline_95`: 95 octane, E5 or unspecified.
    public static let gasoline95 = FuelCode(rawValue: "gasoline_95")
    /// `gasoline_95_e10`: 95 octane E10.
    public static let gasoline95E10 = FuelCode(rawValue: "gasoline_95_e10")
    /// `gasoline_95_premium`: branded premium 95.
    public static let gasoline95Premium = FuelCode(rawValue: "gasoline_95_premium")
    /// `gasoline_98`: 98 octane (E5), premium 98 included.
    public static let gasoline98 = FuelCode(rawValue: "gasoline_98")
    /// `gasoline_98_e10`: 98 octane E10.
    public static let gasoline98E10 = FuelCode(rawValue: "gasoline_98_e10")
    /// `gasoline_100`: 100 octane or more.
    public static let gasoline100 = FuelCode(rawValue: "gasoline_100")
    /// `e85`: high-ethanol blend.
    public static let e85 = FuelCode(rawValue: "e85")
    /// `lpg`: autogas.
    public static let lpg = FuelCode(rawValue: "lpg")
    /// `cng`: compressed natural gas, per kg (PT also per m³).
    public static let cng = FuelCode(rawValue: "cng")
    /// `lng`: liquefied natural gas, per kg.
    public static let lng = FuelCode(rawValue: "lng")
    /// `hydrogen`: hydrogen, per kg.
    public static let hydrogen = FuelCode(rawValue: "hydrogen")
    /// `adblue`: AdBlue.
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
