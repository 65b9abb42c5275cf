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
    package static func beginTile(key: String, into writer: inout JSONWriter) {
        writer.removeAll()
        writer.beginObject()
        writer.member("version", TileFormat.version)
        writer.member("key", key)
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
        JSONWriter.object(capacity: 16 * index.tiles.count + 256) { writer in
            writeIndexHeader(
                version: index.version, gridDegrees: index.gridDegrees, builtAt: index.builtAt, to: &writer)
            writer.member("tiles", strings: index.tiles)
            writeCountries(index.countries, to: &writer)
            writeTrends(index.trends, to: &writer)
            if let idShards = index.idShards { writer.member("idShards", idShards) }
            writeHistory(index.history, to: &writer)
        }
    }

    /// `fuel/ids/<hh>.json`: the stations by id, in the contract's order of ids (their UTF-8 bytes).
    public static func encode(_ shard: IdShard) -> [UInt8] {
        JSONWriter.object(capacity: 32 * shard.stations.count + 64) { writer in
            writer.member("version", shard.version)
            writer.member("shard", shard.shard)
            writer.key("stations")
            writer.beginObject()
            for id in shard.stations.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.key(id)
                writer.string(shard.stations[id] ?? "")
            }
            writer.endObject()
        }
    }

    /// The index's `"trends"` member, by country code, when the index has one; shared by both formats' indexes.
    package static func writeTrends(_ trends: [String: TrendListing]?, to writer: inout JSONWriter) {
        guard let trends else { return }
        writer.member("trends", keyedObjects: trends) { writer, trend in
            writer.member("path", trend.path)
            writer.member("since", trend.since)
        }
    }

    /// `fuel/trends/<CC>.json`: days in the given order, prices to the thousandth, `unit` only when not per litre.
    public static func encode(_ trend: TrendFile) -> [UInt8] {
        JSONWriter.object(capacity: 128 * trend.days.count + 64) { writer in
            writer.member("version", trend.version)
            writer.member("country", trend.country)
            writer.member("since", trend.since)
            writer.member("days", objects: trend.days) { writer, day in
                writer.member("day", day.day)
                writer.member("fuels", objects: day.fuels) { writer, figures in
                    writer.member("fuel", figures.fuel.rawValue)
                    if figures.unit != .litre { writer.member("unit", figures.unit.rawValue) }
                    writer.member("median", figures.median, decimals: priceDecimals)
                    writer.member("p10", figures.p10, decimals: priceDecimals)
                    writer.member("p90", figures.p90, decimals: priceDecimals)
                    writer.member("min", figures.min, decimals: priceDecimals)
                    writer.member("stations", figures.stations)
                }
            }
        }
    }

    /// The members every index starts with: `version`, `gridDegrees`, `builtAt`.
    package static func writeIndexHeader(version: Int, gridDegrees: Double, builtAt: Date, to writer: inout JSONWriter)
    {
        writer.member("version", version)
        writer.member("gridDegrees", gridDegrees, decimals: 6)
        writer.member("builtAt", builtAt)
    }

    /// The index's `"countries"` member, by country code; shared by both formats' indexes.
    package static func writeCountries(_ countries: [String: CountrySummary], to writer: inout JSONWriter) {
        writer.member("countries", keyedObjects: countries) { writer, summary in
            writer.member("stations", summary.stations)
            writer.member("updated", summary.updated)
            if let carriedSince = summary.carriedSince { writer.member("carriedSince", carriedSince) }
        }
    }

    /// `fuel/brands/<CC>.json`, entries in the given order.
    public static func encode(_ brands: BrandsFile) -> [UInt8] {
        JSONWriter.object(capacity: 64 * brands.brands.count + 64) { writer in
            writer.member("version", brands.version)
            writer.member("country", brands.country)
            writer.member("brands", objects: brands.brands) { writer, entry in
                writer.member("brand", entry.brand)
                writer.member("stations", entry.stations)
            }
        }
    }

    /// `fuel/sources.json`, sources in the given order.
    public static func encode(_ sources: SourcesFile) -> [UInt8] {
        JSONWriter.object { writer in
            writer.member("version", sources.version)
            writer.member("sources", objects: sources.sources) { writer, source in
                writer.member("country", source.country)
                writer.member("publisher", source.publisher)
                writer.member("url", source.url)
                writer.member("licence", source.licence)
                writer.member("licenceUrl", source.licenceUrl)
                writer.member("attribution", source.attribution)
                writer.member("coverage", source.coverage)
                writer.member("updated", source.updated)
                writer.member("stations", source.stations)
                if let holidays = source.publicHolidays {
                    writer.member("publicHolidays") { writer in
                        writer.member("from", holidays.from)
                        writer.member("to", holidays.to)
                        writer.member("dates", strings: holidays.dates)
                    }
                }
                if let timeZone = source.timeZone { writer.member("timeZone", timeZone) }
                if let areas = source.timeZoneAreas, !areas.isEmpty {
                    writer.member("timeZoneAreas", objects: areas) { writer, area in
                        writer.member("timeZone", area.timeZone)
                        writer.member("box") { writer in
                            writer.member("south", area.box.south, decimals: coordinateDecimals)
                            writer.member("west", area.box.west, decimals: coordinateDecimals)
                            writer.member("north", area.box.north, decimals: coordinateDecimals)
                            writer.member("east", area.box.east, decimals: coordinateDecimals)
                        }
                    }
                }
                if let currency = source.currency { writer.member("currency", currency) }
            }
        }
    }

    /// One station object, appended to `writer` (after a comma when the writer is inside an array).
    package static func writeStation(_ station: Station, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("id", station.id)
        writer.member("country", station.country)
        writer.member("name", station.name)
        writer.member("brand", station.brand)
        writer.member("address", station.address)
        writer.member("postcode", station.postcode)
        writer.member("city", station.city)
        writer.member("lat", station.latitude, decimals: coordinateDecimals)
        writer.member("lon", station.longitude, decimals: coordinateDecimals)
        writer.member("prices", objects: station.prices) { writer, price in
            writer.member("fuel", price.fuel.rawValue)
            writer.member("price", price.price, decimals: priceDecimals)
            writer.member("updated", price.updated)
            if price.unit != .litre { writer.member("unit", price.unit.rawValue) }
            if let service = price.service { writer.member("service", service.rawValue) }
            if let label = price.label { writer.member("label", label) }
            if let was = price.was, let changed = price.changed {
                writer.member("was", was, decimals: priceDecimals)
                writer.member("changed", changed)
            }
        }
        if let unavailable = station.unavailable, !unavailable.isEmpty {
            writer.member("unavailable", strings: unavailable.lazy.map(\.rawValue))
        }
        if let hours = station.hours { writer.member("hours", hours) }
        if let openingHours = station.openingHours { writer.member("openingHours", openingHours) }
        if let automatHours = station.automatHours { writer.member("automatHours", automatHours) }
        if let services = station.services, !services.isEmpty { writer.member("services", strings: services) }
        if station.motorway == true { writer.member("motorway", true) }
        if station.restricted == true { writer.member("restricted", true) }
        writer.endObject()
    }
}
