import Foundation
import FuelCodecs
import FuelFormat

/// The stations of one country in a published tile document, read with the byte-level parser into what `Station`'s
/// `Decodable` would make of them. Reusing an unchanged country and dating AT's prices read every station of the
/// previous build, and Foundation's decoder took two thirds of such a build's CPU.
struct PublishedStations {
    /// Why a tile's station is not one this publisher writes, naming the station and field.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    private let document: JSONDocument
    private let keys: [String: Int]

    /// A reader of `document`, a tile, its keys resolved once.
    init(_ document: JSONDocument) {
        self.document = document
        let names = [
            "stations", "id", "country", "name", "brand", "address", "postcode", "city", "lat", "lon", "prices",
            "unavailable", "hours", "openingHours", "automatHours", "services", "motorway", "restricted", "fuel",
            "price", "updated",
            "unit", "service", "label", "was", "changed",
        ]
        keys = Dictionary(uniqueKeysWithValues: names.compactMap { name in document.keyID(name).map { (name, $0) } })
    }

    /// The tile's stations of `country`, in the tile's order.
    /// - Throws: ``Failure`` for a station of `country` that is not a station as tiles write them.
    func stations(of country: String) throws(Failure) -> [Station] {
        let wanted = Array(country.utf8)
        guard let list = member(document.root, "stations") else { throw Failure(description: "no stations") }
        var stations: [Station] = []
        for value in list.elements {
            guard member(value, "country")?.withStringBytes({ $0.elementsEqual(wanted) }) == true else { continue }
            stations.append(try station(value, country: country))
        }
        return stations
    }

    private func station(_ value: JSONValue, country: String) throws(Failure) -> Station {
        guard let id = member(value, "id")?.string else { throw Failure(description: "a station without an id") }
        guard let latitude = member(value, "lat")?.double, let longitude = member(value, "lon")?.double else {
            throw Failure(description: "\(id): no lat or lon")
        }
        guard let list = member(value, "prices") else { throw Failure(description: "\(id): no prices") }
        var prices: [FuelPrice] = []
        for price in list.elements { prices.append(try self.price(price, station: id)) }
        return Station(
            id: id, country: country, name: try text(value, "name", id), brand: try text(value, "brand", id),
            address: try text(value, "address", id), postcode: try text(value, "postcode", id),
            city: try text(value, "city", id), latitude: latitude, longitude: longitude, prices: prices,
            unavailable: member(value, "unavailable").map { $0.elements.compactMap(\.string).map(FuelCode.init) },
            hours: try text(value, "hours", id), openingHours: try text(value, "openingHours", id),
            automatHours: try text(value, "automatHours", id),
            services: member(value, "services").map { $0.elements.compactMap(\.string) },
            motorway: member(value, "motorway")?.bool, restricted: member(value, "restricted")?.bool)
    }

    private func price(_ value: JSONValue, station: String) throws(Failure) -> FuelPrice {
        guard let fuel = member(value, "fuel")?.string, let amount = member(value, "price")?.double,
            let updated = member(value, "updated")?.string.flatMap(Self.time)
        else { throw Failure(description: "\(station): a price without fuel, price or a UTC updated") }
        var price = FuelPrice(fuel: FuelCode(rawValue: fuel), price: amount, updated: updated)
        if let unit = member(value, "unit") {
            guard let parsed = unit.string.flatMap(PriceUnit.init(rawValue:)) else {
                throw Failure(description: "\(station): unit \(unit) is not one of l, kg, m3")
            }
            price.unit = parsed
        }
        if let service = member(value, "service") {
            guard let parsed = service.string.flatMap(ServiceKind.init(rawValue:)) else {
                throw Failure(description: "\(station): service \(service) is not self or full")
            }
            price.service = parsed
        }
        price.label = try text(value, "label", station)
        price.was = member(value, "was")?.double
        if let changed = member(value, "changed") {
            guard let time = changed.string.flatMap(Self.time) else {
                throw Failure(description: "\(station): changed \(changed) is not a UTC time")
            }
            price.changed = time
        }
        return price
    }

    /// An optional text field: absent or `null` is nil, anything but a string a failure.
    private func text(_ value: JSONValue, _ key: String, _ station: String) throws(Failure) -> String? {
        guard let field = member(value, key), !field.isNull else { return nil }
        guard let text = field.string else { throw Failure(description: "\(station): \(key) is not text") }
        return text
    }

    private func member(_ value: JSONValue, _ key: String) -> JSONValue? { value.member(keys[key]) }

    private static func time(_ text: String) -> Date? {
        UTCTime.parse(text).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
