import Foundation
import FuelCodecs
import FuelFormat

/// Italy: MIMIT "Osservaprezzi carburanti", `DIR/IT/anagrafica_impianti_attivi.csv` (the station registry) joined
/// with `DIR/IT/prezzo_alle_8.csv` (the prices in force at 08:00) on `idImpianto`.
///
/// - Both files are read as bytes, as ``ITTable`` describes: the header is found by its `idImpianto`, `|` or `;` is
///   taken from it, nothing is quoted, and the last line may lack its newline. Text is UTF-8, read as ISO-8859-1
///   when a row is not valid UTF-8 (counted).
/// - `Bandiera` goes through `adapters/IT/brands.json` (`Pompe Bianche`, unbranded, gives nil); the name is
///   `Nome Impianto`, the address `Indirizzo`, the city `Comune`; the registry has no postcode. `Tipo Impianto`
///   `Autostradale` marks a motorway station (`motorway` true, nil otherwise).
/// - `isSelf` 1/0 gives the self/full service of each price; `dtComu` is Europe/Rome wall-clock time. Where two
///   rows of a station map to the same fuel and service, the newer (then the cheaper) is kept and counted.
/// - The reference time is the date of the prices file's `Estrazione del` line at 08:00 Europe/Rome, the moment
///   the file's name promises; without that line it is the newest `dtComu`.
/// - Coordinates and prices are rounded to 6 and 3 places on their text, half away from zero (``PublishedPlaces``).
/// - Registry rows with empty coordinates are rejected and counted, and so are price rows whose station is not in
///   the registry. A registry row with a separator inside a text field is kept (``ITRegistry``), and counted.
///   Registry stations without any price are kept (with no prices) and counted.
/// - Registry rows that repeat a site (same coordinates, name, address and town) under another id are published once,
///   under the newest (highest) id, with the prices of all of them; counted.
public struct ITAdapter: FeedAdapter {
    public let country = "IT"

    /// The two files the feed folder must hold.
    public static let registryFile = "anagrafica_impianti_attivi.csv"
    public static let pricesFile = "prezzo_alle_8.csv"

    public init() {}

    public func parse(_ input: FeedInput) throws -> FeedParseResult {
        let clock = try input.localClock()
        let registryURL = input.folder.appendingPathComponent(Self.registryFile)
        let pricesURL = input.folder.appendingPathComponent(Self.pricesFile)
        for url in [registryURL, pricesURL] where !FileManager.default.fileExists(atPath: url.path) {
            throw FeedError(
                country: country, file: url.path,
                reason: "missing: the IT feed needs both \(Self.registryFile) and \(Self.pricesFile)")
        }
        // Each file's bytes go once its rows are read; only what the notes need of the table stays.
        let (registry, registryTable) = try ITTable.read(
            try input.read(registryURL), file: registryURL.path, country: country, expected: ITRegistry.columns
        ) { try ITRegistry(table: $0, brands: input.config.brands) }
        MemoryTrace.mark("IT registry")
        let (pricesRead, pricesTable) = try ITTable.read(
            try input.read(pricesURL), file: pricesURL.path, country: country, expected: ITPrices.columns
        ) { try ITPrices(table: $0, fuels: input.config.fuels, clock: clock) }
        var prices = pricesRead
        MemoryTrace.mark("IT prices")

        var reasons = registry.reasons + prices.counters
        var stations: [Station] = []
        stations.reserveCapacity(registry.entries.count)
        for ids in Self.sites(registry.entries.values).values {
            // One site registered under several ids: publish the newest id, with the prices of all of them.
            guard let keptID = ids.max(), let entry = registry.entries[keptID] else { continue }
            if ids.count > 1 {
                reasons[.identicalRegistryRowMerged] += ids.count - 1
            }
            // Taken out of the table as they are used: the station's list replaces the table's.
            let list = Self.deduplicated(ids.flatMap { prices.take($0) }, counters: &reasons)
            if list.isEmpty { reasons[.registryStationWithoutPrice] += 1 }
            stations.append(
                Station(
                    id: "IT-\(entry.id)", country: country, name: entry.name, brand: entry.brand,
                    address: entry.address, postcode: nil, city: entry.city,
                    latitude: entry.latitude, longitude: entry.longitude, prices: list,
                    motorway: entry.motorway))
        }
        // What is left in the table has no registry station.
        let orphans = prices.prices.values.reduce(0) { $0 + $1.count }
        reasons[.priceRowWithoutStation] = orphans
        // In a whole national pair nearly every price row has its station: many whose id the registry does not list
        // at all mean a registry cut short (a download stopped at a line boundary still looks like a complete CSV).
        let allowed = input.config.own[ITSourceSettings.self].maxUnmatchedPricePercent ?? 100
        let unlisted = prices.prices.filter { !registry.listedIDs.contains($0.key) }.values.reduce(0) { $0 + $1.count }
        if prices.records > 0, Double(unlisted) * 100 > allowed * Double(prices.records) {
            let share = String(format: "%.1f", Double(unlisted) * 100 / Double(prices.records))
            throw FeedError(
                country: country, file: registryURL.path,
                reason:
                    "\(unlisted) of \(prices.records) price rows (\(share) %) name no station of this registry, more "
                    + "than the \(NumberText.plain(allowed)) % allowed (maxUnmatchedPricePercent in source.json): the "
                    + "registry looks cut short")
        }
        stations.sort { $0.id < $1.id }

        var notes: [String] = []
        for (table, url) in [(registryTable, registryURL), (pricesTable, pricesURL)] where table.headerSeparatorDiffers
        {
            let rows = table.separator == 0x7C ? "|" : ";"
            notes.append(
                "\(url.lastPathComponent): the header and the rows use different separators; rows were split on \(rows)"
            )
        }
        let reference: Int64
        if let day = pricesTable.extractionDate {
            var clock = clock
            reference = clock.utcSeconds(year: day.year, month: day.month, day: day.day, hour: 8, minute: 0, second: 0)
            notes.append(
                "reference time: 08:00 Europe/Rome on the Estrazione del date of \(Self.pricesFile),"
                    + " \(UTCTime.format(seconds: reference))")
            if let newest = prices.newest, newest > reference {
                notes.append("the newest dtComu, \(UTCTime.format(seconds: newest)), is later than the reference time")
            }
        } else if let newest = prices.newest {
            reference = newest
            notes.append(
                "reference time: \(Self.pricesFile) has no Estrazione del line, so the newest dtComu,"
                    + " \(UTCTime.format(seconds: newest))")
        } else {
            throw FeedError(
                country: country, file: pricesURL.path,
                reason: "no Estrazione del line and no price row: nothing to date the feed by")
        }
        return FeedParseResult(
            stations: stations, referenceTime: Date(timeIntervalSince1970: TimeInterval(reference)),
            records: registry.records + prices.records, reasons: reasons, notes: notes)
    }

    /// What makes two registry rows one site: the same coordinates (as written), name, address and town.
    struct SiteKey: Hashable {
        var latitude: Double
        var longitude: Double
        var name: String?
        var address: String?
        var city: String?
    }

    /// Registry ids grouped by site. The real registry lists some sites twice under two ids (54160 and 54161, a
    /// rebranded 39620/39621); publishing both would show the same station twice, one pin over the other.
    static func sites(_ entries: some Sequence<ITRegistry.Entry>) -> [SiteKey: [Int]] {
        var sites: [SiteKey: [Int]] = [:]
        for entry in entries {
            let key = SiteKey(
                latitude: entry.exactLatitude, longitude: entry.exactLongitude, name: entry.name,
                address: entry.address,
                city: entry.city)
            sites[key, default: []].append(entry.id)
        }
        return sites
    }

    /// One price per fuel, service, unit and label: the newer, then the cheaper; in canonical order.
    static func deduplicated(_ prices: [FuelPrice], counters: inout ReasonTally) -> [FuelPrice] {
        guard prices.count > 1 else { return prices }
        let sorted = prices.sorted { lhs, rhs in
            if FuelPrice.canonicalOrder(lhs, rhs) { return true }
            if FuelPrice.canonicalOrder(rhs, lhs) { return false }
            if lhs.updated != rhs.updated { return lhs.updated > rhs.updated }
            return lhs.price < rhs.price
        }
        var result: [FuelPrice] = []
        for price in sorted {
            if let last = result.last, last.fuel == price.fuel, last.service == price.service,
                last.unit == price.unit, last.label == price.label
            {
                counters[.sameFuelAndServiceTwice] += 1
                continue
            }
            result.append(price)
        }
        return result
    }
}
