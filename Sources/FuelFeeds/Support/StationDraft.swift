import Foundation
import FuelCodecs
import FuelFormat

/// A station merged from the records of a feed that lists it more than once (AT: once per region and fuel file; PT:
/// once per fuel row): each field comes from the first record that has it, and a fuel seen again keeps its newer price.
struct StationDraft {
    var name: String?
    var brand: String?
    var address: String?
    var postcode: String?
    var city: String?
    var latitude: Double?
    var longitude: Double?
    var hours: String?
    /// The machine-readable hours (``FuelFormat/OpeningHours``), where the feed's data converts.
    var openingHours: String?
    var services: [String] = []
    var prices: [FuelPrice] = []
    /// The records merged so far.
    var records = 0

    /// Takes the coordinates when the draft has none yet and both are given.
    mutating func place(latitude: Double?, longitude: Double?) {
        guard self.latitude == nil, let latitude, let longitude else { return }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Adds a price, or keeps the newer of it and the price the draft holds for the same fuel, unit and label.
    /// - Returns: true when the draft held a price for them already.
    @discardableResult
    mutating func add(_ price: FuelPrice) -> Bool {
        guard
            let index = prices.firstIndex(where: {
                $0.fuel == price.fuel && $0.unit == price.unit && $0.label == price.label
            })
        else {
            prices.append(price)
            return false
        }
        if price.updated > prices[index].updated { prices[index] = price }
        return true
    }

    /// The station, prices in canonical order and services sorted; nil while a coordinate is missing.
    func station(
        id: String, country: String, brand: String?, hours: String?, openingHours: String? = nil
    ) -> Station? {
        guard let latitude, let longitude else { return nil }
        return Station(
            id: id, country: country, name: name, brand: brand, address: address, postcode: postcode, city: city,
            latitude: latitude, longitude: longitude, prices: prices.sorted(by: FuelPrice.canonicalOrder),
            hours: hours, openingHours: openingHours, services: services.isEmpty ? nil : services.sorted())
    }
}

extension JSONValue {
    /// A station id written as a number or as text: `1234` or `"1234"`.
    /// - Throws: ``FeedError`` naming `field` when it is anything else, blank text or a number that is not an integer.
    func stationID(_ field: String, _ context: JSONRecordContext) throws -> String {
        let id: String? =
            switch kind {
            case .number: int.map(String.init)
            case .string: try text(field, context)
            default: nil
            }
        guard let id else { throw context.error("\(field) is not a station number", at: self) }
        return id
    }
}
