import Foundation
import FuelFeeds
import FuelFormat

/// The station data of the report page, packed for size and never as one object per station: a small JSON header
/// and a ``DataBlob`` of typed arrays and deduplicated string tables (``StringTable``), gzipped in base64.
///
/// Header (`<script type="application/json" id="report-data">`), each column a reference into the blob
/// (`{"type":"u16","offset":…,"length":…}`):
/// - `count`, `gridDegrees`, `fuel` (the selector's initial value), `hasPrevious`, `timeBase` (seconds since 1970);
/// - `latitude`, `longitude`: `f32` per station;
/// - `name`, `brand`, `address`, `cell`, `country`: per station, an index into the string table of that name;
/// - `strings`: the blob's JSON text `{"ids":[one per station],"name":[…],"brand":[…],"address":[…],"cell":[…],
///   "country":[…],"removedIds":[…],"removedNames":[…],"removedCountries":[…]}`, index 0 of each table being ""
///   for none (the `removed…` lists have one entry per removed station);
/// - `fuels`: per ``FuelChoice``, `value`, `unit`, and the stations that have a price of it (`stations`, ascending
///   indexes), their `price` in thousandths of a euro and its `updated` time in seconds after `timeBase`; `scales`,
///   per country `[p5, p95, low, high]` in thousandths (``PriceScale``); `outliers`, the stations outside their
///   country's `low … high` (none for `other`); `moved` and `was`, the stations whose price moved by more than
///   ``ReportInput/priceMovedPercent`` since the previous build, and their previous price; `lastChanged`, `lastWas`
///   and `lastAgo`, the stations whose price's last change (the tiles' `was` and `changed`) came in the
///   ``ReportInput/lastChangeHours`` before the build, the price before it and how many seconds before the build;
/// - `cells`: the non-empty cells' keys; `changes`: the `changed`, `added` and `removed` cells' keys;
/// - `added`: the stations not in the previous build; `removed`: the previous build's stations not in this one, their
///   `latitude` and `longitude` (`f32`);
/// - `coverage`: per country, `country`, `carriedSince` (or null) and `boxes`, each `[south, west, north, east]`;
/// - `trends`: per country with a trend, its days and each fuel's median, p10 and p90 per day (``trends(_:choices:)``).
enum ReportData {
    /// The header's JSON, safe inside a `<script>` element, and the blob in base64.
    struct Packed {
        let header: String
        let blob: String
    }

    static func pack(_ input: ReportInput) -> Packed {
        let stations = input.stations
        let choices = FuelChoice.present(in: stations)
        let initial = FuelChoice.initial(input.fuel, among: choices, stations: stations)
        var tables = [
            "name": StringTable(capacity: stations.count), "brand": StringTable(capacity: stations.count),
            "address": StringTable(capacity: stations.count), "cell": StringTable(capacity: stations.count),
            "country": StringTable(capacity: stations.count),
        ]
        for station in stations {
            tables["name"]?.add(station.name)
            tables["brand"]?.add(station.brand)
            tables["address"]?.add(address(of: station))
            tables["cell"]?.add(input.tileKey(of: station))
            tables["country"]?.add(station.country)
        }
        let stationChanges = StationChanges(input)
        let timeBase = stations.lazy.flatMap(\.prices).map { Self.seconds($0.updated) }.min() ?? 0
        var blob = DataBlob()
        var members: [String] = [
            #""count":\#(stations.count)"#,
            #""gridDegrees":\#(input.gridDegrees)"#,
            #""timeBase":\#(timeBase)"#,
            #""fuel":"# + PageText.jsonString(initial?.value ?? ""),
            #""hasPrevious":\#(input.hasPrevious)"#,
            #""latitude":"# + blob.append(float32: stations.map { Float($0.latitude) }),
            #""longitude":"# + blob.append(float32: stations.map { Float($0.longitude) }),
        ]
        let names = ["name", "brand", "address", "cell", "country"]
        for name in names {
            members.append(PageText.jsonString(name) + ":" + blob.append(unsigned: tables[name]?.indexes ?? []))
        }
        let fuels = choices.map {
            fuel($0, stations: stations, timeBase: timeBase, builtAt: input.builtAt, blob: &blob)
                + "," + stationChanges.members(of: $0, stations: stations, blob: &blob) + "}"
        }
        members.append(#""fuels":["# + fuels.joined(separator: ",") + "]")
        members += stationChanges.stationMembers(blob: &blob)
        members.append(#""coverage":"# + coverage(input.countries))
        members.append(#""trends":"# + trends(input.countries, choices: choices))
        let strings =
            [#""ids":"# + PageText.jsonArray(stations.map(\.id))]
            + names.map { PageText.jsonString($0) + ":" + PageText.jsonArray(tables[$0]?.strings ?? []) }
            + stationChanges.removedStrings
        members.append(#""strings":"# + blob.append(text: "{" + strings.joined(separator: ",") + "}"))
        members.append(#""cells":"# + PageText.jsonArray(input.cells))
        let changes = [ReportInput.CellChange.changed, .added, .removed].map { change in
            PageText.jsonString(change.rawValue) + ":"
                + PageText.jsonArray(input.cellChanges.filter { $0.value == change }.keys.sorted())
        }
        members.append(#""changes":{"# + changes.joined(separator: ",") + "}")
        return Packed(header: "{" + members.joined(separator: ",") + "}", blob: blob.base64Gzip)
    }

    /// `{"value":"diesel","unit":"€/l","stations":{…},"price":{…},"updated":{…},"lastChanged":{…},"lastWas":{…},
    /// "lastAgo":{…}` (the caller closes it).
    private static func fuel(
        _ choice: FuelChoice, stations: [Station], timeBase: Int64, builtAt: Date, blob: inout DataBlob
    ) -> String {
        var indexes: [UInt32] = []
        var prices: [UInt32] = []
        var updated: [UInt32] = []
        var lastChanged: [UInt32] = []
        var lastWas: [UInt32] = []
        var lastAgo: [UInt32] = []
        for (index, station) in stations.enumerated() {
            guard let price = choice.price(at: station) else { continue }
            indexes.append(UInt32(index))
            prices.append(thousandths(price.price))
            updated.append(UInt32(clamping: seconds(price.updated) - timeBase))
            guard let was = price.was, let changed = price.changed else { continue }
            let ago = builtAt.timeIntervalSince(changed)
            guard ago >= 0, ago <= ReportInput.lastChangeHours * 3600 else { continue }
            lastChanged.append(UInt32(index))
            lastWas.append(thousandths(was))
            lastAgo.append(UInt32(ago.rounded()))
        }
        return "{" + #""value":"# + PageText.jsonString(choice.value) + #","unit":"#
            + PageText.jsonString(choice.unitText) + #","stations":"# + blob.append(unsigned: indexes)
            + #","price":"# + blob.append(unsigned: prices) + #","updated":"# + blob.append(unsigned: updated)
            + #","lastChanged":"# + blob.append(unsigned: lastChanged) + #","lastWas":"#
            + blob.append(unsigned: lastWas) + #","lastAgo":"# + blob.append(unsigned: lastAgo)
    }

    /// `[{"country":"AT","carriedSince":"2026-11-29T08:00:00Z","boxes":[[46.3,9.4,49.1,17.2]]}, …]`.
    private static func coverage(_ countries: [ReportInput.Country]) -> String {
        let items = countries.map { country in
            let boxes = country.coverage.map { "[\($0.south),\($0.west),\($0.north),\($0.east)]" }
            return #"{"country":"# + PageText.jsonString(country.country) + #","carriedSince":"#
                + (country.carriedSince.map { PageText.jsonString(UTCTime.format($0)) } ?? "null")
                + #","boxes":["# + boxes.joined(separator: ",") + "]}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    /// A price in whole thousandths of a euro (prices have at most 3 decimals, so this is exact); a positive price
    /// never becomes 0.
    static func thousandths(_ price: Double) -> UInt32 { max(1, UInt32(clamping: Int64((price * 1000).rounded()))) }

    /// `Rua Augusta 12, 1100-053 Lisboa`: the street, then postcode and city, whichever are known.
    static func address(of station: Station) -> String? {
        let place = [station.postcode, station.city].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        let parts = [station.address ?? "", place].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
