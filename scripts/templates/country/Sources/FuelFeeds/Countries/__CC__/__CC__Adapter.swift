import Foundation
import FuelCodecs
import FuelFormat

/// __NAME__: `DIR/__CC__/*.csv`, one station a line, fields separated by `;`, after a header line.
///
/// - The header starts with the fixed columns `id;name;brand;latitude;longitude;address;city;hours;updated`; every
///   column after them is a fuel, headed by the source's fuel name and mapped through `adapters/__CC__/fuels.json`.
/// - `updated` is `YYYY-MM-DD HH:MM`, wall time in `source.json`'s time zone: the time of every price on the line,
///   and the newest is the reference time.
/// - `hours` is `opening_hours` text (`Mo-Fr 06:00-22:00`, `24/7`) or empty; prices and coordinates use a decimal
///   point and are rounded to 3 and 6 places (``PublishedPlaces``). An empty price means the fuel is not sold.
/// - A fuel column the table does not know is counted, not fatal; a line with empty coordinates is dropped and
///   counted. A wrong header, a line with the wrong number of fields, an empty id, a station listed twice, or text
///   where a number, a time or opening hours belong throws, naming the file and the line.
public struct __CC__Adapter: FeedAdapter {
    public let country = "__CC__"

    public init() {}

    public func parse(_ input: FeedInput) throws -> FeedParseResult {
        var run = try __CC__FeedRun(input: input)
        for file in try input.files(withExtensions: ["csv"]) {
            try run.read(file)
        }
        return run.result()
    }
}

/// One parse: the stations so far and the counts for the report.
struct __CC__FeedRun {
    /// The columns every file starts with, in this order.
    static let fixedColumns = ["id", "name", "brand", "latitude", "longitude", "address", "city", "hours", "updated"]

    let input: FeedInput
    var clock: LocalClock
    var brands: BrandLookup
    var stations: [String: Station] = [:]
    var records = 0
    var reasons = ReasonTally()
    var referenceTime: Date?

    init(input: FeedInput) throws {
        self.input = input
        clock = try input.localClock()
        brands = BrandLookup(input.config.brands)
    }

    func result() -> FeedParseResult {
        FeedParseResult(
            stations: stations.values.sorted { $0.id < $1.id },
            referenceTime: referenceTime ?? Date(timeIntervalSince1970: 0),
            records: records, reasons: reasons)
    }

    /// Reads one file: the header, then every line after it.
    mutating func read(_ file: URL) throws {
        let bytes = try input.read(file)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure(file, line: nil, "the file is not UTF-8 text")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let columns = Self.fields(lines.first ?? "")
        let fixed = Self.fixedColumns
        guard columns.count > fixed.count, Array(columns.prefix(fixed.count)) == fixed else {
            throw failure(
                file, line: 1,
                "the header must start \(Self.fixedColumns.joined(separator: ";")) and name at least one fuel")
        }
        let fuels = columns.dropFirst(fixed.count).map { (name: $0, entry: input.config.fuels.lookup($0)) }
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            try readStation(Self.fields(line), fuels: fuels, file: file, line: index + 1)
        }
    }

    private mutating func readStation(
        _ fields: [String], fuels: [(name: String, entry: FuelTable.Entry?)], file: URL, line: Int
    ) throws {
        records += 1
        let expected = Self.fixedColumns.count + fuels.count
        guard fields.count == expected else {
            throw failure(file, line: line, "has \(fields.count) fields where the header has \(expected)")
        }
        guard !fields[0].isEmpty else { throw failure(file, line: line, "the id is empty") }
        if fields[3].isEmpty || fields[4].isEmpty {
            reasons[.emptyCoordinates] += 1
            return
        }
        guard let latitude = DecimalText.parse(fields[3], roundedTo: PublishedPlaces.coordinate),
            let longitude = DecimalText.parse(fields[4], roundedTo: PublishedPlaces.coordinate)
        else { throw failure(file, line: line, "the coordinates \(fields[3]), \(fields[4]) are not numbers") }
        guard let wall = WallTime.parse(fields[8], pattern: "yyyy-MM-dd HH:mm") else {
            throw failure(file, line: line, "updated \"\(fields[8])\" is not a time like \"2026-06-10 08:30\"")
        }
        let updated = Date(timeIntervalSince1970: TimeInterval(wall.utcSeconds(&clock)))
        referenceTime = max(referenceTime ?? updated, updated)
        var openingHours: String?
        if !fields[7].isEmpty {
            guard let hours = OpeningHours(parsing: fields[7]) else {
                throw failure(file, line: line, "hours \"\(fields[7])\" are not opening_hours text like \"24/7\"")
            }
            openingHours = hours.text
        }
        var prices: [FuelPrice] = []
        for (offset, fuel) in fuels.enumerated() {
            let value = fields[Self.fixedColumns.count + offset]
            if value.isEmpty { continue }
            guard let entry = fuel.entry else {
                reasons[.unknownFuel(name: fuel.name)] += 1
                continue
            }
            guard let price = DecimalText.parse(value, roundedTo: PublishedPlaces.price) else {
                throw failure(file, line: line, "the \(fuel.name) price \"\(value)\" is not a number")
            }
            prices.append(
                FuelPrice(
                    fuel: entry.fuel, price: price, updated: updated, unit: entry.unit,
                    label: entry.fuel == .other ? fuel.name : nil))
        }
        let id = "\(input.country)-\(fields[0])"
        guard stations[id] == nil else { throw failure(file, line: line, "station \(fields[0]) is listed twice") }
        stations[id] = Station(
            id: id, country: input.country, name: Self.text(fields[1]), brand: brands.brand(Self.text(fields[2])),
            address: Self.text(fields[5]), city: Self.text(fields[6]), latitude: latitude, longitude: longitude,
            prices: prices.sorted(by: FuelPrice.canonicalOrder), hours: Self.text(fields[7]),
            openingHours: openingHours)
    }

    private func failure(_ file: URL, line: Int?, _ reason: String) -> FeedError {
        FeedError(country: input.country, file: file.path, location: line.map { "line \($0)" }, reason: reason)
    }

    /// The fields of a line, each without surrounding spaces.
    static func fields(_ line: Substring) -> [String] {
        line.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// nil for an empty field.
    static func text(_ field: String) -> String? { field.isEmpty ? nil : field }
}
