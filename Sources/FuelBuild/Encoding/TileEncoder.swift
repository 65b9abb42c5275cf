import Foundation
import FuelCodecs
import FuelFormat

/// Writes the published files as bytes, with the key order and number formats of `docs/format.md`.
///
/// Coordinates carry at most 6 decimals and prices at most 3; optional station extras are omitted when absent,
/// while `name`, `brand`, `address`, `postcode` and `city` are always present (null when unknown).
public enum TileEncoder {
    /// Decimals of `lat` and `lon`.
    public static let coordinateDecimals = 6
    /// Decimals of a price.
    public static let priceDecimals = 3

    /// `{"version":1,"key":"77_-19","stations":[…]}` with stations in the given order (callers sort by id).
    public static func encode(_ tile: Tile) -> [UInt8] {
        var writer = JSONWriter(capacity: 512 * max(1, tile.stations.count))
        beginTile(key: tile.key.description, into: &writer)
        for station in tile.stations { writeStation(station, to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// Empties the writer and opens a tile: `{"version":1,"key":"77_-19","stations":[`.
    static func beginTile(key: String, into writer: inout JSONWriter) {
        writer.removeAll()
        writer.beginObject()
        writer.key("version")
        writer.integer(TileFormat.version)
        writer.key("key")
        writer.string(key)
        writer.key("stations")
        writer.beginArray()
    }

    /// One station object.
    public static func encode(_ station: Station) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writeStation(station, to: &writer)
        return writer.bytes
    }

    /// `fuel/index.json`.
    public static func encode(_ index: TileIndex) -> [UInt8] {
        var writer = JSONWriter(capacity: 16 * index.tiles.count + 256)
        writeIndexHeader(version: index.version, gridDegrees: index.gridDegrees, builtAt: index.builtAt, to: &writer)
        writer.key("tiles")
        writer.beginArray()
        for key in index.tiles { writer.string(key) }
        writer.endArray()
        writeCountries(index.countries, to: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// Opens an index object with the members both formats start with: `version`, `gridDegrees`, `builtAt`.
    static func writeIndexHeader(version: Int, gridDegrees: Double, builtAt: Date, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("version")
        writer.integer(version)
        writer.key("gridDegrees")
        writer.number(gridDegrees, decimals: 6)
        writer.key("builtAt")
        writer.time(builtAt)
    }

    /// The index's `"countries"` member, by country code; shared by both formats' indexes.
    static func writeCountries(_ countries: [String: CountrySummary], to writer: inout JSONWriter) {
        writer.key("countries")
        writer.beginObject()
        for country in countries.keys.sorted() {
            guard let summary = countries[country] else { continue }
            writer.key(country)
            writer.beginObject()
            writer.key("stations")
            writer.integer(summary.stations)
            writer.key("updated")
            writer.time(summary.updated)
            if let carriedSince = summary.carriedSince {
                writer.key("carriedSince")
                writer.time(carriedSince)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    /// `fuel/brands/<CC>.json`, entries in the given order.
    public static func encode(_ brands: BrandsFile) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 * brands.brands.count + 64)
        writer.beginObject()
        writer.key("version")
        writer.integer(brands.version)
        writer.key("country")
        writer.string(brands.country)
        writer.key("brands")
        writer.beginArray()
        for entry in brands.brands {
            writer.beginObject()
            writer.key("brand")
            writer.optionalString(entry.brand)
            writer.key("stations")
            writer.integer(entry.stations)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// `fuel/sources.json`, sources in the given order.
    public static func encode(_ sources: SourcesFile) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("version")
        writer.integer(sources.version)
        writer.key("sources")
        writer.beginArray()
        for source in sources.sources {
            writer.beginObject()
            writer.key("country")
            writer.string(source.country)
            writer.key("publisher")
            writer.string(source.publisher)
            writer.key("url")
            writer.string(source.url)
            writer.key("licence")
            writer.string(source.licence)
            writer.key("licenceUrl")
            writer.string(source.licenceUrl)
            writer.key("attribution")
            writer.string(source.attribution)
            writer.key("coverage")
            writer.string(source.coverage)
            writer.key("updated")
            writer.time(source.updated)
            writer.key("stations")
            writer.integer(source.stations)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// One station object, appended to `writer` (after a comma when the writer is inside an array).
    static func writeStation(_ station: Station, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(station.id)
        writer.key("country")
        writer.string(station.country)
        writer.key("name")
        writer.optionalString(station.name)
        writer.key("brand")
        writer.optionalString(station.brand)
        writer.key("address")
        writer.optionalString(station.address)
        writer.key("postcode")
        writer.optionalString(station.postcode)
        writer.key("city")
        writer.optionalString(station.city)
        writer.key("lat")
        writer.number(station.latitude, decimals: coordinateDecimals)
        writer.key("lon")
        writer.number(station.longitude, decimals: coordinateDecimals)
        writer.key("prices")
        writer.beginArray()
        for price in station.prices {
            writer.beginObject()
            writer.key("fuel")
            writer.string(price.fuel.rawValue)
            writer.key("price")
            writer.number(price.price, decimals: priceDecimals)
            writer.key("updated")
            writer.time(price.updated)
            if price.unit != .litre {
                writer.key("unit")
                writer.string(price.unit.rawValue)
            }
            if let service = price.service {
                writer.key("service")
                writer.string(service.rawValue)
            }
            if let label = price.label {
                writer.key("label")
                writer.string(label)
            }
            writer.endObject()
        }
        writer.endArray()
        if let unavailable = station.unavailable, !unavailable.isEmpty {
            writer.key("unavailable")
            writer.beginArray()
            for fuel in unavailable { writer.string(fuel.rawValue) }
            writer.endArray()
        }
        if let hours = station.hours {
            writer.key("hours")
            writer.string(hours)
        }
        if let services = station.services, !services.isEmpty {
            writer.key("services")
            writer.beginArray()
            for service in services { writer.string(service) }
            writer.endArray()
        }
        if station.motorway == true {
            writer.key("motorway")
            writer.bool(true)
        }
        if station.restricted == true {
            writer.key("restricted")
            writer.bool(true)
        }
        writer.endObject()
    }
}
