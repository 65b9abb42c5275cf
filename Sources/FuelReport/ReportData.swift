import Foundation
import FuelFormat

/// The station data of the report page, packed for size and never as one object per station: a small JSON header
/// and a ``DataBlob`` of typed arrays and deduplicated string tables (``StringTable``), gzipped in base64.
///
/// Header (`<script type="application/json" id="report-data">`), each column a reference into the blob
/// (`{"type":"u16","offset":…,"length":…}`):
/// - `count`, `gridDegrees`, `fuel` (the selector's initial value), `hasPrevious`, `timeBase` (seconds since 1970);
/// - `latitude`, `longitude`: `f32` per station;
/// - `name`, `brand`, `address`, `cell`: per station, an index into the string table of that name;
/// - `strings`: the blob's JSON text `{"ids":[one per station],"name":[…],"brand":[…],"address":[…],"cell":[…]}`,
///   index 0 of each table being "" for none;
/// - `fuels`: per ``FuelChoice``, `value`, `unit`, and the stations that have a price of it (`stations`, ascending
///   indexes), their `price` in thousandths of a euro and its `updated` time in seconds after `timeBase`;
/// - `cells`: the non-empty cells' keys; `changes`: the `changed`, `added` and `removed` cells' keys.
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
        ]
        for station in stations {
            tables["name"]?.add(station.name)
            tables["brand"]?.add(station.brand)
            tables["address"]?.add(address(of: station))
            tables["cell"]?.add(input.tileKey(of: station))
        }
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
        let names = ["name", "brand", "address", "cell"]
        for name in names {
            members.append(PageText.jsonString(name) + ":" + blob.append(unsigned: tables[name]?.indexes ?? []))
        }
        let fuels = choices.map { fuel($0, stations: stations, timeBase: timeBase, blob: &blob) }
        members.append(#""fuels":["# + fuels.joined(separator: ",") + "]")
        let strings =
            [#""ids":"# + PageText.jsonArray(stations.map(\.id))]
            + names.map { PageText.jsonString($0) + ":" + PageText.jsonArray(tables[$0]?.strings ?? []) }
        members.append(#""strings":"# + blob.append(text: "{" + strings.joined(separator: ",") + "}"))
        members.append(#""cells":"# + PageText.jsonArray(input.cells))
        let changes = [ReportInput.CellChange.changed, .added, .removed].map { change in
            PageText.jsonString(change.rawValue) + ":"
                + PageText.jsonArray(input.cellChanges.filter { $0.value == change }.keys.sorted())
        }
        members.append(#""changes":{"# + changes.joined(separator: ",") + "}")
        return Packed(header: "{" + members.joined(separator: ",") + "}", blob: blob.base64Gzip)
    }

    /// `{"value":"diesel","unit":"€/l","stations":{…},"price":{…},"updated":{…}}`.
    private static func fuel(_ choice: FuelChoice, stations: [Station], timeBase: Int64, blob: inout DataBlob)
        -> String
    {
        var indexes: [UInt32] = []
        var prices: [UInt32] = []
        var updated: [UInt32] = []
        for (index, station) in stations.enumerated() {
            guard let price = choice.price(at: station) else { continue }
            indexes.append(UInt32(index))
            // Prices have at most 3 decimals, so thousandths are exact; a positive price never becomes 0.
            prices.append(max(1, UInt32(clamping: Int64((price.price * 1000).rounded()))))
            updated.append(UInt32(clamping: seconds(price.updated) - timeBase))
        }
        return "{" + #""value":"# + PageText.jsonString(choice.value) + #","unit":"#
            + PageText.jsonString(choice.unitText) + #","stations":"# + blob.append(unsigned: indexes)
            + #","price":"# + blob.append(unsigned: prices) + #","updated":"# + blob.append(unsigned: updated) + "}"
    }

    /// `Rua Augusta 12, 1100-053 Lisboa`: the street, then postcode and city, whichever are known.
    static func address(of station: Station) -> String? {
        let place = [station.postcode, station.city].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        let parts = [station.address ?? "", place].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
