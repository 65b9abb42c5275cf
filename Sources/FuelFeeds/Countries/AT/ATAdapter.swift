import Foundation
import FuelCodecs
import FuelFormat

/// Austria: E-Control `search/gas-stations` responses (`DIR/AT/*.json`, one JSON array of stations per region and
/// fuel type; `_regions.json` is the region list and is not read here).
///
/// - Stations are merged by `id` across all responses: prices from every file, other fields from the first file
///   that has them.
/// - `prices[].fuelType` goes through `adapters/AT/fuels.json` (DIE diesel, SUP gasoline 95, GAS CNG per kg); an
///   `amount` of 0 or none is no price and is counted. Amounts and coordinates are rounded to 3 and 6 places on the
///   digits of their JSON numbers (``PublishedPlaces``).
/// - The feed has no price time. Each file's `fetchedAt` in the fetch manifest is the time of its prices; a file
///   the manifest does not list uses its modification time, and a note says so. The reference time is the newest
///   of those times. The build then keeps the previous build's time for a price it published unchanged
///   (``PriceTimes/firstSeen``).
/// - Hours come from `openingHours` (see ``OpeningHoursText``); services are readable labels from
///   `offerInformation`, `paymentMethods` and `paymentArrangements`. Brands are recognised from the station name
///   only when `brands.json` knows them, since E-Control has no brand field.
public struct ATAdapter: FeedAdapter {
    public let country = "AT"
    /// E-Control publishes no price time: a price keeps the time it was first fetched at that value.
    public var priceTimes: PriceTimes { .firstSeen }

    public init() {}

    public func parse(_ input: FeedInput) throws -> FeedParseResult {
        var run = ATFeedRun(input: input)
        let files = try input.files(withExtensions: ["json"])
        for file in files {
            try run.read(file)
        }
        return run.result(fileCount: files.count)
    }
}

/// One parse: stations merged so far, and the counts for the report.
private struct ATFeedRun {
    /// The key ids of one document, resolved once so that lookups compare integers.
    struct Keys {
        let id, name, location, address, postalCode, city, latitude, longitude: Int?
        let openingHours, day, from, to, prices, fuelType, amount, paymentMethods, others: Int?
        /// (object, flag, label) for the service and payment flags.
        let flags: [(object: Int?, key: Int?, label: String)]

        init(_ document: JSONDocument) {
            func key(_ name: String) -> Int? { document.keyID(name) }
            (id, name, location, address) = (key("id"), key("name"), key("location"), key("address"))
            (postalCode, city, latitude, longitude) = (
                key("postalCode"), key("city"), key("latitude"), key("longitude")
            )
            (openingHours, day, from, to) = (key("openingHours"), key("day"), key("from"), key("to"))
            (prices, fuelType, amount) = (key("prices"), key("fuelType"), key("amount"))
            (paymentMethods, others) = (key("paymentMethods"), key("others"))
            flags = [
                ("offerInformation", "service", "Attended service"),
                ("offerInformation", "selfService", "Self-service"),
                ("offerInformation", "unattended", "Unattended"),
                ("paymentMethods", "cash", "Cash"),
                ("paymentMethods", "debitCard", "Debit card"),
                ("paymentMethods", "creditCard", "Credit card"),
                ("paymentArrangements", "cooperative", "Cooperative"),
                ("paymentArrangements", "clubCard", "Club card"),
            ].map { (key($0.0), key($0.1), $0.2) }
        }
    }

    let input: FeedInput
    var brands: BrandLookup
    var drafts: [String: StationDraft] = [:]
    var records = 0
    var reasons = ReasonTally()
    var referenceTime: Date?
    var filesWithoutFetchTime = 0

    init(input: FeedInput) {
        self.input = input
        brands = BrandLookup(input.config.brands, keepsUnknownNames: false)
    }

    mutating func result(fileCount: Int) -> FeedParseResult {
        var stations: [Station] = []
        var hours = TextPool()  // the same opening hours at many stations: one copy each
        for (id, draft) in drafts {
            guard
                let station = draft.station(
                    id: "AT-" + id, country: input.country, brand: brands.brand(draft.name),
                    hours: hours.shared(draft.hours), openingHours: hours.shared(draft.openingHours))
            else {
                reasons[.emptyCoordinates] += 1
                continue
            }
            stations.append(station)
        }
        stations.sort { $0.id < $1.id }
        var notes: [String] = []
        if filesWithoutFetchTime > 0 {
            notes.append(
                "AT: \(filesWithoutFetchTime) of \(fileCount) response files have no fetch time in the manifest; "
                    + "their file modification times stand in as price times")
        }
        return FeedParseResult(
            stations: stations, referenceTime: referenceTime ?? Date(timeIntervalSince1970: 0), records: records,
            reasons: reasons, notes: notes)
    }

    mutating func read(_ file: URL) throws {
        let country = input.country
        let time = try fetchTime(of: file)
        referenceTime = max(referenceTime ?? time, time)
        let feed = try JSONFeedFile(input, file: file, root: .array, expected: "an E-Control array of stations")
        let document = feed.document
        let root = feed.root
        let keys = Keys(document)
        records += try JSONRecordContext.forEachRecord(in: root, country: country, file: file, idField: "id") {
            try readStation($0, keys: keys, time: time, context: &$1)
        }
    }

    /// The manifest's `fetchedAt` for the file, else the file's modification time (counted for the note).
    private mutating func fetchTime(of file: URL) throws -> Date {
        if let entry = input.manifest?.entry(for: file) {
            guard let seconds = UTCTime.parse(entry.fetchedAt) else {
                throw FeedError(
                    country: input.country, file: file.path,
                    reason: "the manifest's fetchedAt \"\(entry.fetchedAt)\" for this file is not a UTC time")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard let modified = attributes?[.modificationDate] as? Date else {
            throw FeedError(country: input.country, file: file.path, reason: "cannot read the file's modification time")
        }
        filesWithoutFetchTime += 1
        return Date(timeIntervalSince1970: modified.timeIntervalSince1970.rounded(.down))
    }

    private mutating func readStation(
        _ station: JSONValue, keys: Keys, time: Date, context: inout JSONRecordContext
    ) throws {
        guard station.kind == .object else {
            throw context.error("expected a station object, found \(station.kind)", at: station)
        }
        guard let idValue = station.member(keys.id) else { throw context.error("missing field id", at: station) }
        let id = try idValue.stationID("id", context)
        context.id = id
        guard let location = station.member(keys.location) else {
            throw context.error("missing field location", at: station)
        }
        guard location.kind == .object else {
            throw context.error("location is \(location.kind), expected an object", at: location)
        }
        guard let latitudeValue = location.member(keys.latitude) else {
            throw context.error("missing field location.latitude", at: location)
        }
        guard let longitudeValue = location.member(keys.longitude) else {
            throw context.error("missing field location.longitude", at: location)
        }

        var draft = drafts[id] ?? StationDraft()
        draft.records += 1
        draft.name = try draft.name ?? station.member(keys.name)?.text("name", context)
        draft.address = try draft.address ?? location.member(keys.address)?.text("location.address", context)
        draft.postcode = try draft.postcode ?? location.member(keys.postalCode)?.text("location.postalCode", context)
        draft.city = try draft.city ?? location.member(keys.city)?.text("location.city", context)
        if draft.latitude == nil,
            let latitude = try latitudeValue.number(
                "location.latitude", context, roundedTo: PublishedPlaces.coordinate)
        {
            draft.place(
                latitude: latitude,
                longitude: try longitudeValue.number(
                    "location.longitude", context, roundedTo: PublishedPlaces.coordinate))
        }
        if draft.hours == nil, let hours = station.member(keys.openingHours) {
            let entries = try openingHours(hours, keys: keys, context)
            draft.hours = OpeningHoursText.format(entries)
            draft.openingHours = entries.isEmpty ? nil : ATOpeningHours.value(entries)
        }
        if draft.services.isEmpty {
            draft.services = try services(of: station, keys: keys, context)
        }
        if let prices = station.member(keys.prices) {
            try readPrices(prices, keys: keys, time: time, into: &draft, context)
        }
        drafts[id] = draft
    }

    private mutating func readPrices(
        _ prices: JSONValue, keys: Keys, time: Date, into draft: inout StationDraft, _ context: JSONRecordContext
    ) throws {
        if prices.isNull { return }
        guard prices.kind == .array else {
            throw context.error("prices is \(prices.kind), expected an array", at: prices)
        }
        for item in prices.elements {
            guard item.kind == .object else {
                throw context.error("prices holds \(item.kind), expected objects", at: item)
            }
            guard let fuelType = try item.member(keys.fuelType)?.text("prices.fuelType", context) else {
                throw context.error("missing field prices.fuelType", at: item)
            }
            guard let entry = input.config.fuels.lookup(fuelType) else {
                reasons[.unknownFuelType(name: fuelType)] += 1
                continue
            }
            guard
                let amount = try item.member(keys.amount)?.number(
                    "prices.amount", context, roundedTo: PublishedPlaces.price), amount != 0
            else {
                reasons[.noPrice] += 1
                continue
            }
            draft.add(FuelPrice(fuel: entry.fuel, price: amount, updated: time, unit: entry.unit))
        }
    }

    /// The (day, from, to) entries of `openingHours`, those without all three left out.
    private func openingHours(
        _ value: JSONValue, keys: Keys, _ context: JSONRecordContext
    ) throws -> [(day: String, from: String, to: String)] {
        guard value.kind == .array else { return [] }
        var entries: [(day: String, from: String, to: String)] = []
        for item in value.elements where item.kind == .object {
            guard let day = try item.member(keys.day)?.text("openingHours.day", context),
                let from = try item.member(keys.from)?.text("openingHours.from", context),
                let to = try item.member(keys.to)?.text("openingHours.to", context)
            else { continue }
            entries.append((day, from, to))
        }
        return entries
    }

    /// Readable labels for the service and payment flags that are true, plus other payment methods.
    private func services(of station: JSONValue, keys: Keys, _ context: JSONRecordContext) throws -> [String] {
        var labels = keys.flags.filter { station.member($0.object)?.member($0.key)?.bool == true }.map(\.label)
        if let others = try station.member(keys.paymentMethods)?.member(keys.others)?.text(
            "paymentMethods.others", context)
        {
            labels.append("Other payment: " + others)
        }
        return labels
    }
}
