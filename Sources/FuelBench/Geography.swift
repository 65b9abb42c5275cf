import Foundation
import FuelFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A place stations cluster around: a real city (or district seat) with its coordinates and the administrative
/// codes the feeds print for it.
public struct City: Sendable {
    public var name: String
    public var latitude: Double
    public var longitude: Double
    /// Relative share of the country's stations.
    public var weight: Double
    /// Standard deviation of the station scatter around the city, in km.
    public var spreadKm: Double
    /// The region as the feed prints it: PT district, ES province, FR département, IT province, AT district name.
    public var region: String
    /// Numeric region code: PT district id, ES `IDProvincia`, FR département number, AT district code.
    public var regionCode: Int
    /// ES `IDCCAA`; AT Bundesland code; otherwise 0.
    public var groupCode: Int
    /// The first postcode of the area (PT `NNNN`, ES/FR 5 digits, AT 4 digits).
    public var postcode: String

    init(
        _ name: String, _ latitude: Double, _ longitude: Double, weight: Double, spreadKm: Double? = nil,
        region: String, code: Int = 0, group: Int = 0, postcode: String = ""
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.weight = weight
        self.spreadKm = spreadKm ?? (3 + 1.5 * weight.squareRoot())
        self.region = region
        self.regionCode = code
        self.groupCode = group
        self.postcode = postcode
    }
}

extension City {
    /// Cities written one per line as `name | latitude | longitude | weight | spread km | region | code | group |
    /// postcode`, a blank spread taking the default for the weight; the tables are data in code, so a malformed
    /// row stops the program at once.
    static func table(_ text: String) -> [City] {
        text.split(separator: "\n").map { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count == 9, let latitude = Double(fields[1]), let longitude = Double(fields[2]),
                let weight = Double(fields[3]), let code = Int(fields[6]), let group = Int(fields[7])
            else { preconditionFailure("malformed city row: \(line)") }
            return City(
                fields[0], latitude, longitude, weight: weight, spreadKm: Double(fields[4]), region: fields[5],
                code: code, group: group, postcode: fields[8])
        }
    }
}

/// Where a country's stations go: its cities and land boxes.
public struct CountryGeography: Sendable {
    public var country: String
    public var cities: [City]
    /// The country's land boxes, edges included: kept a little inside the boxes the adapters validate against.
    public var boxes: [GeoBox]
    /// Share of stations scattered wider (rural roads, motorways) rather than clustered in town.
    public var ruralShare: Double
    private let cumulative: [Double]

    init(country: String, cities: [City], boxes: [GeoBox], ruralShare: Double = 0.3) {
        self.country = country
        self.cities = cities
        self.boxes = boxes
        self.ruralShare = ruralShare
        var total = 0.0
        cumulative = cities.map { city in
            total += city.weight
            return total
        }
        for city in cities {
            precondition(
                boxes.contains { $0.contains(latitude: city.latitude, longitude: city.longitude, edges: .inclusive) },
                "\(city.name) outside \(country)")
        }
    }

    /// A city drawn by weight.
    public func city(_ rng: inout SplitMix64) -> Int { rng.pick(cumulative: cumulative) }

    /// A point scattered around a city (gaussian), redrawn until it falls in one of the country's boxes.
    public func place(around city: City, _ rng: inout SplitMix64) -> (latitude: Double, longitude: Double) {
        let rural = rng.chance(ruralShare) && city.spreadKm > 5
        let spread = rural ? min(city.spreadKm * 3, 30) : city.spreadKm
        let kmPerDegreeLongitude = 111.32 * cos(city.latitude * .pi / 180)
        for _ in 0..<64 {
            let latitude = city.latitude + rng.gaussian() * spread / 111.2
            let longitude = city.longitude + rng.gaussian() * spread / kmPerDegreeLongitude
            if boxes.contains(where: { $0.contains(latitude: latitude, longitude: longitude, edges: .inclusive) }) {
                return (latitude, longitude)
            }
        }
        return (city.latitude, city.longitude)
    }
}
