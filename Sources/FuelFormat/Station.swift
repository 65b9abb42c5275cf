import Foundation

/// One fuel station as the tiles publish it. The field names are the contract in `docs/format.md`.
public struct Station: Sendable, Hashable, Codable, Identifiable {
    /// `"<CC>-<source id>"`, for example `"ES-1736"`.
    public var id: String
    /// ISO 3166-1 alpha-2 code of the publishing country.
    public var country: String
    /// The station's name; nil where the feed has none (FR).
    public var name: String?
    /// The normalised brand; nil when unknown.
    public var brand: String?
    /// The street address, as the feed writes it; nil where it has none.
    public var address: String?
    /// The postcode, as text; nil where the feed has none.
    public var postcode: String?
    /// The town or city; nil where the feed has none.
    public var city: String?
    /// WGS84 degrees, at most 6 decimals.
    public var latitude: Double
    /// WGS84 degrees, at most 6 decimals.
    public var longitude: Double
    /// Current prices, in ``FuelPrice/canonicalOrder(_:_:)``.
    public var prices: [FuelPrice]
    /// Fuels the station sells but is temporarily out of, where the source says so (FR).
    public var unavailable: [FuelCode]?
    /// Opening hours as readable text, where the source has them (see `docs/format.md`).
    public var hours: String?
    /// Opening hours for machines, in the subset of OpenStreetMap's `opening_hours` syntax that ``OpeningHours``
    /// reads; only where the source's data converts without guessing (`docs/format.md`).
    public var openingHours: String?
    /// When the station sells fuel by card at an automat, in the same subset as ``openingHours``, where the source
    /// says (FR `automate-24-24`: `24/7`); nil when the source says nothing.
    public var automatHours: String?
    /// Services on site, as the source names them, sorted.
    public var services: [String]?
    /// True for a motorway station, where the source says so (FR, IT).
    public var motorway: Bool?
    /// True where sales are restricted to members (ES `Tipo Venta` R).
    public var restricted: Bool?

    /// A station; what is not given is unknown (nil), and no prices unless given.
    public init(
        id: String,
        country: String,
        name: String? = nil,
        brand: String? = nil,
        address: String? = nil,
        postcode: String? = nil,
        city: String? = nil,
        latitude: Double,
        longitude: Double,
        prices: [FuelPrice] = [],
        unavailable: [FuelCode]? = nil,
        hours: String? = nil,
        openingHours: String? = nil,
        automatHours: String? = nil,
        services: [String]? = nil,
        motorway: Bool? = nil,
        restricted: Bool? = nil
    ) {
        self.id = id
        self.country = country
        self.name = name
        self.brand = brand
        self.address = address
        self.postcode = postcode
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.prices = prices
        self.unavailable = unavailable
        self.hours = hours
        self.openingHours = openingHours
        self.automatHours = automatHours
        self.services = services
        self.motorway = motorway
        self.restricted = restricted
    }

    private enum CodingKeys: String, CodingKey {
        case id, country, name, brand, address, postcode, city
        case latitude = "lat"
        case longitude = "lon"
        case prices, unavailable, hours, openingHours, automatHours, services, motorway, restricted
    }

    /// Writes the station as the tiles do (`docs/schema/tile.schema.json`): `name`, `brand`, `address`, `postcode`
    /// and `city` always, `null` when unknown; the optional extras only when they say something (`unavailable` and
    /// `services` when not empty, `hours`, `openingHours` and `automatHours` when known, `motorway` and `restricted` only when true), since the
    /// contract has no `null` or `false` for them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(country, forKey: .country)
        try container.encode(name, forKey: .name)
        try container.encode(brand, forKey: .brand)
        try container.encode(address, forKey: .address)
        try container.encode(postcode, forKey: .postcode)
        try container.encode(city, forKey: .city)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(prices, forKey: .prices)
        if let unavailable, !unavailable.isEmpty { try container.encode(unavailable, forKey: .unavailable) }
        try container.encodeIfPresent(hours, forKey: .hours)
        try container.encodeIfPresent(openingHours, forKey: .openingHours)
        try container.encodeIfPresent(automatHours, forKey: .automatHours)
        if let services, !services.isEmpty { try container.encode(services, forKey: .services) }
        if motorway == true { try container.encode(true, forKey: .motorway) }
        if restricted == true { try container.encode(true, forKey: .restricted) }
    }

    /// The price a reader shows for `fuel`: ``displayedPrice(of:)``'s, the lowest in the first unit present.
    public func price(of fuel: FuelCode) -> FuelPrice? { displayedPrice(of: fuel)?.price }
}
