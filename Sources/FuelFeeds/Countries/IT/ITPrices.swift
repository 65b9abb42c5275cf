import Foundation
import FuelCodecs
import FuelFormat

/// `prezzo_alle_8.csv`: the prices in force at 08:00, one row per station, fuel name and service.
///
/// `idImpianto` is anchored at the left and `prezzo`, `isSelf`, `dtComu` at the right; whatever lies between is the
/// fuel name, separators included. Fuel names are free text, mapped through `adapters/IT/fuels.json` without regard to
/// case or accents; a name the table does not know becomes ``FuelCode/other`` with its label kept, and is counted.
struct ITPrices {
    static let columns = ["idImpianto", "descCarburante", "prezzo", "isSelf", "dtComu"]

    /// Prices by station id.
    private(set) var prices: [Int: [FuelPrice]] = [:]
    private(set) var counters = ReasonTally()
    private(set) var records = 0
    /// The newest `dtComu`, seconds since 1970.
    private(set) var newest: Int64?

    /// Reads every row.
    /// - Throws: ``FeedError`` naming the file and line of a row that is cut short or holds a non-number where a
    ///   number belongs.
    init(table: ITTable, fuels: FuelTable, clock: LocalClock) throws {
        var clock = clock
        var fuelCache: [String: (entry: FuelTable.Entry?, label: String)] = [:]
        var unknownNames: [String: Int] = [:]
        var latin1Rows = 0
        try table.forEachRow { row in
            records += 1
            let id = try table.stationID(of: row, columns: Self.columns.count)
            let count = row.fields.count
            let priceBytes = Text.trimmed(row.field(count - 3))
            guard let price = ByteNumbers.decimal(priceBytes, roundedTo: PublishedPlaces.price) else {
                throw table.error(row, id: id, "prezzo \(Text.preview(priceBytes)) is not a number")
            }
            let selfBytes = Text.trimmed(row.field(count - 2))
            guard selfBytes.count == 1, selfBytes[0] == 0x30 || selfBytes[0] == 0x31 else {
                throw table.error(row, id: id, "isSelf \(Text.preview(selfBytes)) is neither 1 nor 0")
            }
            let timeBytes = Text.trimmed(row.field(count - 1))
            guard let updated = Self.utcSeconds(timeBytes, clock: &clock) else {
                throw table.error(
                    row, id: id, "dtComu \(Text.preview(timeBytes)) is not a time like 02/07/2026 19:30:06")
            }
            let decoded = Text.decode(row.span(1, count - 4))
            if decoded.latin1 { latin1Rows += 1 }
            let resolved: (entry: FuelTable.Entry?, label: String)
            if let cached = fuelCache[decoded.text] {
                resolved = cached
            } else {
                let label = Text.cleaned(decoded.text) ?? ""
                resolved = (fuels.lookup(label), label)
                fuelCache[decoded.text] = resolved
            }
            if resolved.entry == nil { unknownNames[resolved.label, default: 0] += 1 }
            let fuel = resolved.entry?.fuel ?? .other
            let value = FuelPrice(
                fuel: fuel, price: price,
                updated: Date(timeIntervalSince1970: TimeInterval(updated)), unit: resolved.entry?.unit ?? .litre,
                service: selfBytes[0] == 0x31 ? .selfService : .fullService,
                label: fuel == .other ? resolved.label : nil)
            prices[id, default: []].append(value)
            newest = max(newest ?? updated, updated)
        }
        for (name, count) in unknownNames { counters[.unknownFuelName(name: name)] += count }
        counters[.priceRowLatin1] = latin1Rows
    }

    /// Removes and returns a station's prices.
    mutating func take(_ id: Int) -> [FuelPrice] {
        prices.removeValue(forKey: id) ?? []
    }

    /// `02/07/2026 19:30:06` (seconds optional; an unpadded day, month or hour is read too, as ``WallTime`` does
    /// for every feed), Europe/Rome wall-clock time, as seconds since 1970 (UTC).
    static func utcSeconds(_ text: UnsafeBufferPointer<UInt8>, clock: inout LocalClock) -> Int64? {
        guard
            let wall = WallTime.parse(text, pattern: "dd/MM/yyyy HH:mm:ss")
                ?? WallTime.parse(text, pattern: "dd/MM/yyyy HH:mm")
        else { return nil }
        return wall.utcSeconds(&clock)
    }
}
