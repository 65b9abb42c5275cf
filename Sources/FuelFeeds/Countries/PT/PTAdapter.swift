import Foundation
import FuelCodecs
import FuelFormat

/// Portugal: DGEG `PesquisarPostos` pages (`DIR/PT/*.json`), `{"status":true,"mensagem":…,"resultado":[…]}` with
/// one row per station and fuel.
///
/// - Rows are grouped by `Id`; station fields come from the first row that has them, so a station split across
///   pages is one station.
/// - `Preco` is text with a decimal comma and a unit suffix (`"1,749 €"`, `"1,749 €/litro"`); a JSON number is
///   accepted too. `DataAtualizacao` is `YYYY-MM-DD HH:MM` (seconds optional), Europe/Lisbon wall time. Prices and
///   coordinates are rounded to 3 and 6 places on the digits of their text (``PublishedPlaces``).
/// - Fuel names go through `adapters/PT/fuels.json`; `GNC … - €/kg` and `GNC … - €/m3` are two prices with their
///   own units, never converted. A name the table does not know is counted, not fatal.
/// - Accepted variants: `Latitude`/`Longitude` as numbers or strings; `Morada` as text or as an object
///   `{Morada, Localidade, CodPostal, Latitude, Longitude}`; a `Combustiveis` array of
///   `{TipoCombustivel, Preco, DataAtualizacao}` in place of the per-row fuel fields.
/// - `status` false, a broken page, a missing `Id`, coordinate, `Preco` or `DataAtualizacao` field, or text where
///   a number belongs throws. The reference time is the newest price time.
public struct PTAdapter: FeedAdapter {
    public let country = "PT"

    public init() {}

    public func parse(_ input: FeedInput) throws -> FeedParseResult {
        var run = try PTFeedRun(input: input)
        let files = try input.files(withExtensions: ["json"])
        for file in files {
            try run.read(file)
        }
        return try run.result(files: files)
    }
}

/// One parse: stations being assembled from rows, and the counts for the report.
private struct PTFeedRun {
    enum Field {
        case id, name, brand, address, locality, municipality, postcode, latitude, longitude
        case fuel, price, updated, fuelList
        case ignored
    }

    /// The fields of one row or one nested object, as values not yet read.
    struct Slots {
        var values: [JSONValue?] = Array(repeating: nil, count: 13)
        subscript(_ field: Field) -> JSONValue? {
            get { values[Slots.index(field)] }
            set { values[Slots.index(field)] = newValue }
        }
        static func index(_ field: Field) -> Int {
            switch field {
            case .id: 0
            case .name: 1
            case .brand: 2
            case .address: 3
            case .locality: 4
            case .municipality: 5
            case .postcode: 6
            case .latitude: 7
            case .longitude: 8
            case .fuel: 9
            case .price: 10
            case .updated: 11
            case .fuelList, .ignored: 12
            }
        }
    }

    let input: FeedInput
    var clock: LocalClock
    var brands: BrandLookup
    var fuels: [String: FuelTable.Entry?] = [:]
    var drafts: [String: StationDraft] = [:]
    var records = 0
    var reasons = ReasonTally()
    var referenceTime: Date?

    init(input: FeedInput) throws {
        let clock = try input.localClock()
        self.input = input
        self.clock = clock
        brands = BrandLookup(input.config.brands)
    }

    mutating func result(files: [URL]) throws -> FeedParseResult {
        guard let referenceTime else {
            throw FeedError(
                country: input.country, file: input.folder.path,
                reason: "no price in \(files.count) page(s) and \(records) row(s): the fetch returned no data")
        }
        var stations: [Station] = []
        for (id, draft) in drafts {
            guard
                let station = draft.station(
                    id: "PT-" + id, country: input.country, brand: brands.brand(draft.brand), hours: nil)
            else {
                reasons[.emptyCoordinates] += draft.records
                continue
            }
            stations.append(station)
        }
        stations.sort { $0.id < $1.id }
        return FeedParseResult(
            stations: stations, referenceTime: referenceTime, records: records, reasons: reasons)
    }

    mutating func read(_ file: URL) throws {
        let country = input.country
        let feed = try JSONFeedFile(input, file: file, root: .object, expected: "a DGEG response object")
        let document = feed.document
        let root = feed.root
        guard let status = root["status"] else {
            throw feed.failure("missing field status: not a DGEG PesquisarPostos page")
        }
        guard status.bool == true else {
            let message = root["mensagem"]?.string.map { " (mensagem: \"\($0)\")" } ?? ""
            throw feed.failure("the service answered status \(renderScalar(status))\(message)", at: status)
        }
        guard let list = root["resultado"] else { throw feed.failure("missing field resultado") }
        guard list.kind == .array else { throw feed.failure("resultado is \(list.kind), expected an array", at: list) }

        let fields = document.keyNames.map(PTFeedRun.field(for:))
        records += try JSONRecordContext.forEachRecord(in: list, country: country, file: file, idField: "Id") {
            try readRow($0, fields: fields, context: &$1)
        }
    }

    private mutating func readRow(_ row: JSONValue, fields: [Field], context: inout JSONRecordContext) throws {
        guard row.kind == .object else { throw context.error("expected a station object, found \(row.kind)", at: row) }
        var slots = Slots()
        var fuelList: JSONValue?
        for member in row.members {
            let field = fields[member.keyID]
            if case .fuelList = field { fuelList = member.value } else { slots[field] = member.value }
        }
        guard let idValue = slots[.id] else { throw context.error("missing field Id", at: row) }
        let id = try idValue.stationID("Id", context)
        context.id = id

        // Morada is text in PesquisarPostos and an object with the location in GetDadosPosto.
        var nested = Slots()
        if let morada = slots[.address], morada.kind == .object {
            for member in morada.members { nested[fields[member.keyID]] = member.value }
            slots[.address] = nested[.address]
        }
        var draft = drafts[id] ?? StationDraft()
        draft.records += 1
        draft.name = try draft.name ?? slots[.name]?.text("Nome", context)
        draft.brand = try draft.brand ?? slots[.brand]?.text("Marca", context)
        draft.address = try draft.address ?? slots[.address]?.text("Morada", context)
        draft.postcode = try draft.postcode ?? (slots[.postcode] ?? nested[.postcode])?.text("CodPostal", context)
        draft.city =
            try draft.city ?? (slots[.locality] ?? nested[.locality])?.text("Localidade", context)
            ?? slots[.municipality]?.text("Municipio", context)
        guard let latitudeValue = slots[.latitude] ?? nested[.latitude] else {
            throw context.error("missing field Latitude", at: row)
        }
        guard let longitudeValue = slots[.longitude] ?? nested[.longitude] else {
            throw context.error("missing field Longitude", at: row)
        }
        draft.place(
            latitude: try latitudeValue.number("Latitude", context, roundedTo: PublishedPlaces.coordinate),
            longitude: try longitudeValue.number("Longitude", context, roundedTo: PublishedPlaces.coordinate))

        if let fuel = slots[.fuel] {
            try addPrice(name: fuel, price: slots[.price], updated: slots[.updated], to: &draft, row: row, context)
        }
        if let fuelList {
            guard fuelList.kind == .array else {
                throw context.error("Combustiveis is \(fuelList.kind), expected an array", at: fuelList)
            }
            for item in fuelList.elements {
                guard item.kind == .object else {
                    throw context.error("Combustiveis holds \(item.kind), expected objects", at: item)
                }
                var entry = Slots()
                for member in item.members { entry[fields[member.keyID]] = member.value }
                guard let fuel = entry[.fuel] else { throw context.error("missing field TipoCombustivel", at: item) }
                try addPrice(name: fuel, price: entry[.price], updated: entry[.updated], to: &draft, row: item, context)
            }
        }
        drafts[id] = draft
    }

    private mutating func addPrice(
        name: JSONValue, price: JSONValue?, updated: JSONValue?, to draft: inout StationDraft, row: JSONValue,
        _ context: JSONRecordContext
    ) throws {
        guard let fuelName = try name.text("Combustivel", context) else {
            reasons[.rowWithoutFuelName] += 1
            return
        }
        let entry: FuelTable.Entry?
        if let known = fuels[fuelName] {
            entry = known
        } else {
            entry = input.config.fuels.lookup(fuelName)
            fuels[fuelName] = entry
        }
        guard let entry else {
            reasons[.unknownFuel(name: fuelName)] += 1
            return
        }
        guard let price else { throw context.error("missing field Preco", at: row) }
        guard let amount = try price.number("Preco", context, roundedTo: PublishedPlaces.price) else {
            reasons[.emptyPrice] += 1
            return
        }
        guard let updated else { throw context.error("missing field DataAtualizacao", at: row) }
        guard let text = try updated.text("DataAtualizacao", context) else {
            reasons[.priceWithoutDataAtualizacao] += 1
            return
        }
        guard
            let wall = WallTime.parse(text, pattern: "yyyy-MM-dd HH:mm")
                ?? WallTime.parse(text, pattern: "yyyy-MM-dd HH:mm:ss")
                ?? WallTime.parse(text, pattern: "yyyy-MM-ddTHH:mm:ss")
        else {
            throw context.error("DataAtualizacao \"\(text)\" is not a time like \"2025-09-26 08:15\"", at: updated)
        }
        let time = Date(timeIntervalSince1970: TimeInterval(wall.utcSeconds(&clock)))
        referenceTime = max(referenceTime ?? time, time)
        let new = FuelPrice(
            fuel: entry.fuel, price: amount, updated: time, unit: entry.unit,
            label: entry.fuel == .other ? fuelName : nil)
        // The same fuel twice (two pages, two name spellings): the newer price stays.
        if draft.add(new) { reasons[.repeatedPrice] += 1 }
    }

    private func renderScalar(_ value: JSONValue) -> String {
        switch value.kind {
        case .bool: value.bool == true ? "true" : "false"
        case .string: "\"\(value.string ?? "")\""
        default: value.kind.description
        }
    }

    static func field(for key: String) -> Field {
        switch key {
        case "Id": .id
        case "Nome": .name
        case "Marca": .brand
        case "Morada": .address
        case "Localidade": .locality
        case "Municipio": .municipality
        case "CodPostal": .postcode
        case "Latitude": .latitude
        case "Longitude": .longitude
        case "Combustivel", "TipoCombustivel": .fuel
        case "Preco": .price
        case "DataAtualizacao": .updated
        case "Combustiveis": .fuelList
        default: .ignored
        }
    }
}
