import Foundation
import FuelFormat

/// Turns the stations of the covering tiles into the answer: inside the radius, filtered, nearest first.
public struct NearbyFilter: Sendable, Hashable {
    /// The query point's latitude, WGS84 degrees.
    public var latitude: Double
    /// The query point's longitude, WGS84 degrees.
    public var longitude: Double
    /// How far from the point a station may be, in kilometres (inclusive).
    public var radiusKm: Double
    /// Keep only stations with a price for this fuel (not those that list it only as unavailable), each with its
    /// ``NearbyStation/displayed`` price.
    public var fuel: FuelCode?
    /// Keep only stations of this brand, compared case-insensitively.
    public var brand: String?
    /// Keep at most this many stations, the nearest; nil for all.
    public var limit: Int?
    /// Keep only stations that are not closed at this instant (open, automat or unknown,
    /// ``Station/openState(at:clock:)``), each with its ``NearbyStation/open`` answer; nil keeps them all and
    /// answers nothing about hours.
    public var openAt: Date?
    /// Each country's clock (its time zone, areas and public holidays from `sources.json`), by country code; a
    /// station of a country without one answers `unknown`.
    public var clocks: [String: CountryClock]

    /// A filter; with no fuel, brand or limit it keeps every station within the radius.
    public init(
        latitude: Double,
        longitude: Double,
        radiusKm: Double,
        fuel: FuelCode? = nil,
        brand: String? = nil,
        limit: Int? = nil,
        openAt: Date? = nil,
        clocks: [String: CountryClock] = [:]
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
        self.fuel = fuel
        self.brand = brand
        self.limit = limit
        self.openAt = openAt
        self.clocks = clocks
    }

    /// Stations within the radius (inclusive) that pass the filters, by haversine distance, ties by id.
    public func apply(to stations: [Station]) -> [NearbyStation] {
        let wantedBrand = brand.map(Self.fold)
        var kept: [NearbyStation] = []
        for station in stations {
            // A fuel search keeps a station with a price of the fuel: one that lists it only as unavailable has none.
            let displayed = fuel.flatMap { station.displayedPrice(of: $0) }
            if fuel != nil, displayed == nil { continue }
            if let wantedBrand, station.brand.map(Self.fold) != wantedBrand { continue }
            let open = openAt.map { station.openState(at: $0, clock: clocks[station.country]) }
            if open == .closed { continue }
            let distance = Earth.distanceKm(
                fromLatitude: latitude, longitude: longitude, toLatitude: station.latitude,
                longitude: station.longitude)
            // The radius is inclusive.
            if distance <= radiusKm {
                kept.append(
                    NearbyStation(station: station, distanceKm: distance, displayed: displayed, open: open))
            }
        }
        kept.sort { ($0.distanceKm, $0.station.id) < ($1.distanceKm, $1.station.id) }
        if let limit, kept.count > limit { kept.removeLast(kept.count - limit) }
        return kept
    }

    private static func fold(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
