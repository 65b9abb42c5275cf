import Foundation

/// The MIMIT pair `anagrafica_impianti_attivi.csv` + `prezzo_alle_8.csv`: UTF-8, `|`-separated, no quoting,
/// `Estrazione del YYYY-MM-DD` on line 1, no final newline, and the registry's real dirt (` | gestori…` inside
/// fields, TABs, unbalanced quotes, empty coordinates), price outliers, stale prices, stations without prices and
/// prices without stations.
struct ItalyFeed: CountryFeed {
    let context: GenerationContext
    let folder: URL

    static let realStations = 23_900
    static let registryName = "anagrafica_impianti_attivi.csv"
    static let pricesName = "prezzo_alle_8.csv"
    static let endpoint = "https://www.mimit.gov.it/images/exportCSV/"

    /// `descCarburante`, base price (self) in millis, share of stations; `attended` adds a served (`isSelf=0`) row.
    private struct Product {
        var name: String
        var base: Int
        var share: Double
        var selfService: Bool = true
        var attended: Double = 0
    }

    private static let common: [Product] = [
        Product(name: "Benzina", base: 1_730, share: 0.985, attended: 0.56),
        Product(name: "Gasolio", base: 1_660, share: 0.985, attended: 0.56),
        Product(name: "GPL", base: 720, share: 0.21, selfService: false),
        Product(name: "Metano", base: 1_450, share: 0.072, selfService: false),
        Product(name: "L-GNC", base: 1_420, share: 0.006, selfService: false),
        Product(name: "GNL", base: 1_300, share: 0.009, selfService: false),
        Product(name: "DieselMax", base: 1_760, share: 0.006), Product(name: "HVO100", base: 1_850, share: 0.005),
        Product(name: "S-Diesel", base: 1_760, share: 0.004),
        Product(name: "Gasolio artico", base: 1_700, share: 0.004),
        Product(name: "Gasolio Alpino", base: 1_720, share: 0.001), Product(name: "F101", base: 1_780, share: 0.002),
        Product(name: "Benzina Plus 98", base: 1_900, share: 0.001),
    ]
    private static let byBrand: [String: [Product]] = [
        "Agip Eni": [
            Product(name: "Blue Diesel", base: 1_800, share: 0.62, attended: 0.2),
            Product(name: "HVOlution", base: 1_850, share: 0.5), Product(name: "Blue Super", base: 1_880, share: 0.3),
        ],
        "Q8": [
            Product(name: "Hi-Q Diesel", base: 1_790, share: 0.45),
            Product(name: "HiQ Perform+", base: 1_890, share: 0.22),
        ],
        "Esso": [Product(name: "Supreme Diesel", base: 1_790, share: 0.65)],
        "Api-Ip": [
            Product(name: "HVO", base: 1_840, share: 0.3), Product(name: "Gasolio Premium", base: 1_780, share: 0.12),
        ],
        "Tamoil": [
            Product(name: "Gasolio speciale", base: 1_780, share: 0.45),
            Product(name: "Benzina WR 100", base: 1_960, share: 0.17),
        ],
        "Shell": [
            Product(name: "Diesel Shell V Power", base: 1_850, share: 0.45),
            Product(name: "Benzina Shell V Power", base: 1_950, share: 0.22),
        ],
    ]

    /// What a registry row says about a station (a duplicate copies its neighbour's).
    private struct Identity {
        var place: StationPlace
        var longDecimals: Bool
        var brand: String
        var operatorName: String
        var name: String
        var address: String
        var motorway: Bool
    }

    private struct Row: GeneratedPrice {
        var product: String
        var price: Int
        var selfService: Bool
        var time: Int64
    }

    private func identity(_ index: Int) -> Identity {
        var rng = context.rng(index, "station")
        let place = context.place(&rng)
        let city = place.city
        let brand = Vocabulary.italyBrands.pick(&rng)
        let operatorName = rng.pick(Vocabulary.italyOperators)
        let name =
            rng.chance(0.1)
            ? ""
            : rng.chance(0.5)
                ? "\(city.region)\(String(format: "%03d", rng.below(1000)))"
                : "\(brand.uppercased()) \(city.name.uppercased())"
        let street = rng.pick(Vocabulary.italyStreets)
        let address = rng.chance(0.6) ? "\(street) \(rng.int(in: 1...200))" : "\(street) S.N."
        return Identity(
            place: place, longDecimals: rng.chance(0.4), brand: brand, operatorName: operatorName, name: name,
            address: address, motorway: rng.chance(0.023))
    }

    /// The quirk schedules, in the proportions of the real cuts.
    private struct Quirks {
        let noPrices, emptyCoordinates, allStale, pipe, tab, quote, outlier, staleRow, duplicate, orphan: QuirkSchedule

        init(_ context: GenerationContext) {
            noPrices = context.schedule("no prices", rate: 0.092)
            emptyCoordinates = context.schedule("empty coordinates", rate: 0.000_13)
            allStale = context.schedule("all prices stale", rate: 0.001)
            pipe = context.schedule("pipe in field", rate: 0.004_7)
            tab = context.schedule("tab in field", rate: 0.001)
            quote = context.schedule("unbalanced quote", rate: 0.05)
            outlier = context.schedule("outlier price", rate: 0.000_4)
            staleRow = context.schedule("stale row", rate: 0.006)
            // The real cuts repeat 4 of 298 registry rows (2026) and 2 of 198 (2018) under a second id.
            duplicate = context.schedule("duplicate station", rate: 0.01)
            orphan = context.schedule("prices without station", rate: 0.01)
        }
    }

    /// A registry row as written, for a duplicate to repeat: its fields, its coordinates (nil: empty) and whether
    /// the station it names is valid.
    private struct RegistryRow {
        var fields: [String]
        var coordinates: (Double, Double, Bool, UInt64)?
        var valid: Bool
    }

    func write() throws -> (GeneratedCountry, [GeneratedFile]) {
        let count = context.stationCount(real: Self.realStations)
        let quirks = Quirks(context)
        var summary = context.summary(stations: count)
        var previous: RegistryRow?
        var records = 0
        var clock = LocalTimes(zone: "Europe/Rome")
        let registry = try ByteSink.file(folder.appendingPathComponent(Self.registryName))
        let prices = try ByteSink.file(folder.appendingPathComponent(Self.pricesName))
        let extraction = clock.local(context.options.referenceTime)
        for sink in [registry, prices] {
            sink.text("Estrazione del ")
            sink.date(extraction, dash: true)
        }
        registry.text(
            "\nidImpianto|Gestore|Bandiera|Tipo Impianto|Nome Impianto|Indirizzo|Comune|Provincia|"
                + "Latitudine|Longitudine"
        )
        prices.text("\nidImpianto|descCarburante|prezzo|isSelf|dtComu")

        for index in 0..<count {
            // A duplicate repeats the previous registry row byte for byte under a new id, as the real registry does;
            // the adapter publishes the pair as one station under the newer id.
            let duplicateOf = quirks.duplicate.hits(index) ? previous : nil
            var station = identity(index)
            var rng = context.rng(index, "prices")
            let id = 3_000 + index * 3 + rng.below(3)
            var row = registryRow(index, &station, duplicateOf: duplicateOf, quirks, &rng, &summary)
            writeRegistry(registry, id: id, row)
            if row.coordinates == nil, duplicateOf == nil { summary.count("empty coordinates (rejected)") }
            var (rows, isValid) = priceRows(index, brand: station.brand, quirks, &rng, &summary)
            isValid = isValid && row.coordinates != nil
            if isValid, context.isChanged(index) { context.change(&rows, of: index, recentOnly: true, &summary) }
            if let duplicateOf {
                // One station for the pair: valid when either row is, counted once.
                if isValid && !duplicateOf.valid { summary.expectedValid += 1 }
                row.valid = isValid || duplicateOf.valid
            } else {
                if isValid { summary.expectedValid += 1 }
                row.valid = isValid
            }
            previous = row
            for row in rows { writePrice(prices, id: id, row, &clock) }
            records += rows.count
            if quirks.orphan.hits(index) {
                let orphan = 3_000 + count * 3 + index
                let row = Row(
                    product: "Benzina", price: context.price(base: 1_730, level: 0, &rng), selfService: true,
                    time: context.times.fresh(&rng))
                writePrice(prices, id: orphan, row, &clock)
                records += 1
                summary.count("price rows for an id not in the registry")
            }
            try registry.checkpoint()
            try prices.checkpoint()
        }
        try registry.close()
        try prices.close()
        summary.records = records
        return (
            summary,
            [
                context.file(Self.registryName, url: Self.endpoint + Self.registryName),
                context.file(Self.pricesName, url: Self.endpoint + Self.pricesName),
            ]
        )
    }

    /// A station's registry row with its dirt, or the previous row's for a duplicate (its validity still unknown).
    private func registryRow(
        _ index: Int, _ station: inout Identity, duplicateOf: RegistryRow?, _ quirks: Quirks,
        _ rng: inout SplitMix64, _ summary: inout GeneratedCountry
    ) -> RegistryRow {
        var operatorName = station.operatorName
        if duplicateOf == nil, quirks.quote.hits(index) {
            operatorName = rng.chance(0.6) ? "\"\(operatorName)" : "\"\(operatorName)\""
            summary.count("quote characters in Gestore")
        }
        if duplicateOf == nil, quirks.pipe.hits(index) {
            station.name += " | gestori.prezzibenzina.it"
            if rng.chance(0.09) { operatorName += " | gestori.prezzibenzina.it" }
            summary.count("' | gestori.prezzibenzina.it' inside fields")
        }
        if duplicateOf == nil, quirks.tab.hits(index) {
            if rng.chance(0.5) { station.name = "19834\t" + station.name } else { station.address += "\t" }
            summary.count("TAB inside a field")
        }
        let fields = [
            operatorName, station.brand, station.motorway ? "Autostradale" : "Stradale", station.name,
            station.address, station.place.city.name.uppercased(), station.place.city.region,
        ]
        let coordinates: (Double, Double, Bool, UInt64)? =
            quirks.emptyCoordinates.hits(index)
            ? nil : (station.place.latitude, station.place.longitude, station.longDecimals, rng.next())
        if let duplicateOf {
            summary.count("identical registry row under a second id (merged)")
            return RegistryRow(fields: duplicateOf.fields, coordinates: duplicateOf.coordinates, valid: false)
        }
        return RegistryRow(fields: fields, coordinates: coordinates, valid: false)
    }

    private func writeRegistry(_ registry: ByteSink, id: Int, _ row: RegistryRow) {
        registry.byte(0x0A)
        registry.int(id)
        for field in row.fields {
            registry.byte(0x7C)
            registry.text(field)
        }
        registry.byte(0x7C)
        if let (latitude, longitude, long, digits) = row.coordinates {
            var digitsRNG = SplitMix64(seed: digits)
            registry.italianCoordinate(latitude, long: long, &digitsRNG)
            registry.byte(0x7C)
            registry.italianCoordinate(longitude, long: long, &digitsRNG)
        } else {
            registry.byte(0x7C)
        }
    }

    /// A station's price rows with their quirks, and whether they make it valid.
    private func priceRows(
        _ index: Int, brand: String, _ quirks: Quirks, _ rng: inout SplitMix64, _ summary: inout GeneratedCountry
    ) -> (rows: [Row], valid: Bool) {
        if quirks.noPrices.hits(index) {
            summary.count("registry only, no price rows (rejected)")
            return ([], false)
        }
        var rows: [Row] = []
        let level = context.level(&rng)
        for product in Self.common + (Self.byBrand[brand] ?? []) where rng.chance(product.share) {
            let price = context.price(base: product.base, level: level, &rng)
            rows.append(
                Row(
                    product: product.name, price: price, selfService: product.selfService,
                    time: context.times.fresh(&rng)))
            if product.attended > 0, rng.chance(product.attended) {
                rows.append(
                    Row(
                        product: product.name, price: price + 170, selfService: false,
                        time: context.times.fresh(&rng)))
            }
        }
        // Every station sells plain petrol or diesel, so its validity never hangs on how an adapter maps a rare
        // product name.
        if !rows.contains(where: { $0.product == "Benzina" || $0.product == "Gasolio" }) {
            let price = context.price(base: 1_660, level: level, &rng)
            rows.insert(
                Row(product: "Gasolio", price: price, selfService: true, time: context.times.fresh(&rng)), at: 0)
        }
        if index == 0 { rows[0].time = context.times.newest }
        if quirks.allStale.hits(index) {
            for position in rows.indices { rows[position].time = context.times.stale(&rng) }
            summary.count("all prices years old (rejected)")
            return (rows, false)
        }
        if quirks.staleRow.hits(index), !rows.contains(where: { $0.product == "Gasolio Premium" }) {
            rows.append(
                Row(product: "Gasolio Premium", price: 1_650, selfService: true, time: context.times.stale(&rng)))
            summary.count("one price row years old")
        }
        if quirks.outlier.hits(index), !rows.contains(where: { $0.product == "Hi-Q Diesel" && !$0.selfService }) {
            rows.append(
                Row(
                    product: "Hi-Q Diesel", price: rng.pick([100, 113, 8_888]), selfService: false,
                    time: context.times.fresh(&rng)))
            summary.count("outlier or placeholder price row")
        }
        return (rows, true)
    }

    /// The two CSVs are published once a day at 08:00 Rome time, each at its own URL.
    static let service = DayService(host: "mimit.gov.it", publication: .daily(hour: 8))

    static func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        files[(path as NSString).lastPathComponent] ?? []
    }

    private func writePrice(_ sink: ByteSink, id: Int, _ row: Row, _ clock: inout LocalTimes) {
        sink.byte(0x0A)
        sink.int(id)
        sink.byte(0x7C)
        sink.text(row.product)
        sink.byte(0x7C)
        sink.fixed(row.price, digits: 3)
        sink.text(row.selfService ? "|1|" : "|0|")
        let local = clock.local(row.time)
        sink.date(local, dash: false)
        sink.byte(0x20)
        sink.clock(local)
    }
}

extension ByteSink {
    /// A registry coordinate: six decimals, or fifteen as many real rows have (`44.91704718250436`).
    func italianCoordinate(_ degrees: Double, long: Bool, _ rng: inout SplitMix64) {
        fixed(Int((degrees * 1_000_000).rounded()), digits: 6)
        if long { padded(rng.below(1_000_000_000), width: 9) }
    }
}
