import Foundation
import FuelCodecs
import FuelFormat

/// Spain: MITECO's `EstacionesTerrestres` response (`DIR/ES/*.json`), one object per station, every value a string.
///
/// - `Fecha` (`dd/MM/yyyy HH:mm:ss`, Europe/Madrid; MITECO drops the hour's leading zero before 10:00, as in
///   `13/09/2025 2:46:36`) is the time of every price and the reference time.
/// - Prices are the `Precio …` keys, read generically through `adapters/ES/fuels.json`; a key the table does not
///   know is counted (`unknown price key: Precio X`), never fatal. `""` means the fuel is not sold.
/// - `Precio Bioetanol` is `e85` where `% BioEtanol` is 70 or more, else `other` labelled `Bioetanol`.
/// - Numbers use a decimal comma; strings may escape `/` as `\/`; a leading UTF-8 BOM is skipped. Coordinates and
///   prices are rounded to 6 and 3 places on the digits of their text (``PublishedPlaces``).
/// - Several files are merged; a station listed twice keeps the record of the newer `Fecha` and the other counts as
///   a duplicate.
/// - `ResultadoConsulta` other than `OK`, a broken file, a missing required field or a value that is not a number
///   where one belongs throws; a record with an empty id or empty coordinates is dropped and counted.
public struct ESAdapter: FeedAdapter {
    public let country = "ES"

    public init() {}

    public func parse(_ input: FeedInput) throws -> FeedParseResult {
        var run = try ESFeedRun(input: input)
        for file in try input.files(withExtensions: ["json"]) {
            try run.read(file)
        }
        return run.result()
    }
}

/// The state of one parse: stations so far and the counts for the report.
private struct ESFeedRun {
    /// What a key of a station record means, resolved once per distinct key.
    enum Field {
        case id, name, address, postcode, city, latitude, longitude, hours, saleType, bioethanolShare
        case price(FuelTable.Entry, label: String)
        /// `Precio Bioetanol`, whose fuel depends on the record's `% BioEtanol`.
        case bioethanolPrice
        case unknownPrice(key: String)
        case ignored
    }

    let input: FeedInput
    var clock: LocalClock
    var brands: BrandLookup
    var stations: [String: Station] = [:]
    /// The `Fecha` each station was read with, so a newer file wins when two files list the same station.
    var stationTimes: [String: Date] = [:]
    var records = 0
    var reasons = ReasonTally()
    var referenceTime: Date?
    /// `Horario` texts repeat (1,255 distinct in the national feed): one copy each.
    var hoursPool = TextPool()
    /// Each `Horario` text's `openingHours` value (nil: not converted), converted once: a feed repeats a few dozen
    /// texts over twelve thousand stations.
    var openingHoursOf: [String: String?] = [:]

    init(input: FeedInput) throws {
        let clock = try input.localClock()
        self.input = input
        self.clock = clock
        brands = BrandLookup(input.config.brands)
    }

    func result() -> FeedParseResult {
        FeedParseResult(
            stations: stations.values.sorted { $0.id < $1.id },
            referenceTime: referenceTime ?? Date(timeIntervalSince1970: 0),
            records: records, reasons: reasons)
    }

    /// Reads one response. The station list is parsed in chunks (``JSONObjectStream``): a whole-document node table
    /// of a national response is larger than the file. A file the skim cannot follow is parsed whole, which also
    /// gives the exact place of a syntax error.
    mutating func read(_ file: URL) throws {
        let bytes = try input.read(file)
        let country = input.country
        if let stream = JSONObjectStream(bytes) {
            do {
                let others = try stream.members(except: Self.listKey)
                let time = try header(others, file: file) {
                    FeedError(country: country, file: file.path, location: $1?.location, reason: $0)
                }
                var first = 0
                let streamed = try stream.forEachChunk(ofArray: Self.listKey) { chunk in
                    first += try readList(chunk, time: time, file: file, firstRecord: first)
                }
                if streamed { return }
            } catch is JSONError {
                // Not valid JSON: the whole-document parse below names the first error exactly.
            }
        }
        let feed = try JSONFeedFile(
            input, bytes: bytes, file: file, root: .object, expected: "a MITECO response object")
        let root = feed.root
        var others: [String: JSONValue] = [:]
        for member in root.members where member.key != Self.listKey && others[member.key] == nil {
            others[member.key] = member.value
        }
        let time = try header(others, file: file) { feed.failure($0, at: $1) }
        guard let list = root[Self.listKey] else { throw feed.failure("missing field ListaEESSPrecio") }
        _ = try readList(list, time: time, file: file, firstRecord: 0)
    }

    static let listKey = "ListaEESSPrecio"

    /// Checks `ResultadoConsulta` and reads `Fecha`, the time of every price in the file.
    private mutating func header(
        _ members: [String: JSONValue], file: URL, failure: (String, JSONValue?) -> FeedError
    ) throws -> Date {
        guard let status = members["ResultadoConsulta"] else {
            throw failure("missing field ResultadoConsulta: not a MITECO EstacionesTerrestres response", nil)
        }
        guard status.stringEquals("OK") else {
            let said = status.string.map { "\"\($0)\"" } ?? "\(status.kind)"
            throw failure("the service answered ResultadoConsulta \(said) instead of \"OK\"", status)
        }
        guard let fecha = members["Fecha"] else { throw failure("missing field Fecha", nil) }
        guard let fechaText = fecha.string, let wall = WallTime.parse(fechaText, pattern: "dd/MM/yyyy HH:mm:ss")
        else { throw failure("Fecha is not a time like \"27/09/2025 18:05:47\"", fecha) }
        let time = Date(timeIntervalSince1970: TimeInterval(wall.utcSeconds(&clock)))
        referenceTime = max(referenceTime ?? time, time)
        return time
    }

    /// Reads the stations of `list` (the whole list, or a chunk of it whose first record is `firstRecord + 1`).
    /// - Returns: how many records it held.
    private mutating func readList(_ list: JSONValue, time: Date, file: URL, firstRecord: Int) throws -> Int {
        guard list.kind == .array else {
            throw FeedError(
                country: input.country, file: file.path, location: list.location,
                reason: "ListaEESSPrecio is \(list.kind), expected an array")
        }
        let fields = list.document.keyNames.map { ESFeedRun.field(for: $0, fuels: input.config.fuels) }
        let count = try JSONRecordContext.forEachRecord(
            in: list, country: input.country, file: file, idField: "IDEESS", startingAt: firstRecord
        ) {
            try readStation($0, fields: fields, time: time, context: &$1)
        }
        records += count
        return count
    }

    private mutating func readStation(
        _ record: JSONValue, fields: [Field], time: Date, context: inout JSONRecordContext
    ) throws {
        guard record.kind == .object else {
            throw context.error("expected a station object, found \(record.kind)", at: record)
        }
        var id: JSONValue?
        var values: [JSONValue?] = Array(repeating: nil, count: 8)
        var prices: [FuelPrice] = []
        var bioethanol: Double?
        var bioethanolShare: JSONValue?
        var badPrice: (name: String, value: JSONValue)?
        for member in record.members {
            switch fields[member.keyID] {
            case .id: id = member.value
            case .name: values[0] = member.value
            case .address: values[1] = member.value
            case .postcode: values[2] = member.value
            case .city: values[3] = member.value
            case .latitude: values[4] = member.value
            case .longitude: values[5] = member.value
            case .hours: values[6] = member.value
            case .saleType: values[7] = member.value
            case .bioethanolShare: bioethanolShare = member.value
            case .bioethanolPrice:
                let value = member.value
                if value.isNull || value.isBlankString { continue }
                guard let amount = value.decimal(roundedTo: PublishedPlaces.price) else {
                    if badPrice == nil { badPrice = ("Precio Bioetanol", value) }
                    continue
                }
                bioethanol = amount
            case .price(let entry, let label):
                let value = member.value
                if value.isNull || value.isBlankString { continue }
                guard let amount = value.decimal(roundedTo: PublishedPlaces.price) else {
                    if badPrice == nil { badPrice = ("Precio " + label, value) }
                    continue
                }
                prices.append(
                    FuelPrice(
                        fuel: entry.fuel, price: amount, updated: time, unit: entry.unit,
                        label: entry.fuel == .other ? label : nil))
            case .unknownPrice(let key): reasons[.unknownPriceKey(key: key)] += 1
            case .ignored: continue
            }
        }
        guard let id else { throw context.error("missing field IDEESS", at: record) }
        switch id.kind {
        case .string: context.id = try id.text("IDEESS", context)
        case .number: context.id = id.int.map(String.init)
        default: break
        }
        guard let stationID = context.id else {
            if id.kind == .string || id.kind == .null {
                reasons[.emptyIDEESS] += 1
                return
            }
            throw context.error("IDEESS is \(id.kind), expected a string", at: id)
        }
        if let badPrice {
            throw context.error(
                "\(badPrice.name) \"\(badPrice.value.string ?? "")\" is not a price", at: badPrice.value)
        }
        guard let latitudeValue = values[4] else { throw context.error("missing field Latitud", at: record) }
        guard let longitudeValue = values[5] else {
            throw context.error("missing field Longitud (WGS84)", at: record)
        }
        guard let latitude = try latitudeValue.number("Latitud", context, roundedTo: PublishedPlaces.coordinate),
            let longitude = try longitudeValue.number(
                "Longitud (WGS84)", context, roundedTo: PublishedPlaces.coordinate)
        else {
            reasons[.emptyCoordinates] += 1
            return
        }
        let key = "ES-" + stationID
        if let seen = stationTimes[key] {
            reasons[.duplicateIDEESS] += 1
            guard time > seen else { return }
        }
        stationTimes[key] = time
        let name = try values[0]?.text("Rótulo", context)
        if let bioethanol {
            prices.append(bioethanolPrice(bioethanol, share: bioethanolShare, time: time))
        }
        prices.sort(by: FuelPrice.canonicalOrder)
        var hours = try values[6]?.text("Horario", context)
        if let text = hours, ESAdapter.isJunkHours(text) {
            reasons[.junkHours] += 1
            hours = nil
        }
        hours = hoursPool.shared(hours)
        var openingHours: String?
        if let hours {
            if let converted = openingHoursOf[hours] {
                openingHours = converted
            } else {
                openingHours = hoursPool.shared(ESOpeningHours.value(hours))
                openingHoursOf[hours] = openingHours
            }
            if openingHours == nil { reasons[.horarioNotConverted] += 1 }
        }
        stations[key] = Station(
            id: key, country: input.country, name: name, brand: brands.brand(name),
            address: try values[1]?.text("Dirección", context), postcode: try values[2]?.text("C.P.", context),
            city: try values[3]?.text("Localidad", context), latitude: latitude, longitude: longitude,
            prices: prices, hours: hours, openingHours: openingHours,
            restricted: try values[7]?.text("Tipo Venta", context) == "R" ? true : nil)
    }

    /// `Precio Bioetanol` is E85 where the station's `% BioEtanol` is 70 or more (real responses carry E85 there,
    /// with `85,0`, not in `Precio Gasolina 95 E85`); any other blend stays `other` with its label, and is counted.
    private mutating func bioethanolPrice(_ price: Double, share: JSONValue?, time: Date) -> FuelPrice {
        if let percent = share?.decimal, percent >= Double(ESAdapter.e85MinimumEthanolPercent) {
            reasons[.bioethanolReadAsE85] += 1
            return FuelPrice(fuel: .e85, price: price, updated: time, unit: .litre)
        }
        reasons[.bioethanolKeptAsOther] += 1
        return FuelPrice(fuel: .other, price: price, updated: time, unit: .litre, label: "Bioetanol")
    }

    /// The meaning of a record key; price keys go through the fuel table.
    static func field(for key: String, fuels: FuelTable) -> Field {
        switch key {
        case "IDEESS": return .id
        case "Rótulo": return .name
        case "Dirección": return .address
        case "C.P.": return .postcode
        case "Localidad": return .city
        case "Latitud": return .latitude
        case "Longitud (WGS84)": return .longitude
        case "Horario": return .hours
        case "Tipo Venta": return .saleType
        case "% BioEtanol": return .bioethanolShare
        case "Precio Bioetanol": return .bioethanolPrice
        default:
            guard key.hasPrefix("Precio") else { return .ignored }
            let label = key.dropFirst("Precio".count).trimmingCharacters(in: .whitespaces)
            guard let entry = fuels.lookup(label) else { return .unknownPrice(key: key) }
            return .price(entry, label: label)
        }
    }
}

extension ESAdapter {
    /// The ethanol share from which `Precio Bioetanol` is E85 fuel: E85 blends hold 70 to 85 % ethanol (EN 15293).
    static let e85MinimumEthanolPercent = 70

    /// True for an `Horario` with no digit at all. Of the 1,255 distinct values in the national feed, every real one
    /// holds a time (`L-D: 24H`, `L-V: 07:00-22:00`); the one without is junk (`CACA`).
    static func isJunkHours(_ text: String) -> Bool {
        !text.utf8.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
