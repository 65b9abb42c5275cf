import Foundation
import FuelCodecs

/// DGEG `PesquisarPostos` pages: `{"status":true,"mensagem":"sucesso","resultado":[…]}`, one row per station and
/// fuel, prices as `"1,749 €"`, times as Lisbon wall clock `YYYY-MM-DD HH:MM`, and an empty page after the last.
struct PortugalFeed: CountryFeed {
    let context: GenerationContext
    let folder: URL

    static let realStations = 3_100
    static let rowsPerPage = 2_500
    static let endpoint = "https://precoscombustiveis.dgeg.gov.pt/api/PrecoComb/PesquisarPostos"

    /// Fuel names as `Combustivel` prints them, base price in millis and the share of stations selling them.
    static let fuels: [(name: String, base: Int, share: Double)] = [
        ("Gasóleo simples", 1_620, 0.96), ("Gasolina simples 95", 1_750, 0.90), ("Gasóleo especial", 1_700, 0.45),
        ("Gasolina especial 95", 1_810, 0.38), ("GPL Auto", 960, 0.25), ("Gasolina 98", 1_870, 0.12),
        ("Gasolina especial 98", 1_920, 0.06), ("Gasóleo colorido", 1_150, 0.03), ("Biodiesel B15", 1_640, 0.01),
        ("GNC (gás natural comprimido) - €/kg", 1_600, 0.005), ("GNC (gás natural comprimido) - €/m3", 1_100, 0.002),
        ("GNL (gás natural liquefeito) - €/kg", 1_400, 0.002),
    ]
    static let bases = fuels.map { (base: $0.base, share: $0.share) }

    /// The quirk schedules.
    private struct Quirks {
        let noCoordinates, allStale, staleRow: QuirkSchedule

        init(_ context: GenerationContext) {
            noCoordinates = context.schedule("no coordinates", rate: 0.002)
            allStale = context.schedule("all prices stale", rate: 0.005)
            staleRow = context.schedule("stale row", rate: 0.02)
        }
    }

    /// What every row of a station repeats, and its rows (one per fuel).
    private struct Station {
        var id: Int
        var members: [(key: String, value: String)]
        /// Nil: the coordinates are `null`.
        var place: StationPlace?
        var rows: [DrawnPrice]
    }

    func write() throws -> (GeneratedCountry, [GeneratedFile]) {
        let count = context.stationCount(real: Self.realStations)
        let quirks = Quirks(context)
        var summary = context.summary(stations: count)
        var records = 0
        var files: [GeneratedFile] = []
        var clock = LocalTimes(zone: "Europe/Lisbon")
        var page: ByteSink?
        var rowsInPage = 0

        func openPage() throws -> ByteSink {
            let name = String(format: "page-%04d.json", files.count + 1)
            files.append(
                context.file(name, url: "\(Self.endpoint)?qtdPorPagina=\(Self.rowsPerPage)&pagina=\(files.count + 1)"))
            let sink = try ByteSink.file(folder.appendingPathComponent(name))
            sink.text("{\"status\":true,\"mensagem\":\"sucesso\",\"resultado\":[")
            return sink
        }

        for index in 0..<count {
            let station = draw(index, quirks, &summary)
            for row in station.rows {
                if page == nil || rowsInPage == Self.rowsPerPage {
                    if let full = page {
                        full.text("]}")
                        try full.close()
                    }
                    page = try openPage()
                    rowsInPage = 0
                }
                guard let sink = page else { continue }
                if rowsInPage > 0 { sink.byte(0x2C) }
                rowsInPage += 1
                records += 1
                write(row, of: station, to: sink, &clock)
            }
            try page?.checkpoint()
        }
        if let last = page {
            last.text("]}")
            try last.close()
        }
        // The API answers the page after the last with an empty list; a fetch stops there.
        let empty = try openPage()
        empty.text("]}")
        try empty.close()

        summary.records = records
        return (summary, files)
    }

    /// A station and its rows, its quirks applied and booked.
    private func draw(_ index: Int, _ quirks: Quirks, _ summary: inout GeneratedCountry) -> Station {
        var rng = context.rng(index, "station")
        let place = context.place(&rng)
        let city = place.city
        let brand = Vocabulary.portugalBrands.pick(&rng)
        let id = 60_000 + index * 2 + rng.below(2)
        let name = brand == "GENÉRICO" ? "Posto \(city.name)" : "\(brand) \(city.name)"
        let street = rng.pick(Vocabulary.portugalStreets)
        let address = rng.chance(0.7) ? "\(street), \(rng.int(in: 1...400))" : street
        let postcode = String(format: "%04d-%03d", min(9_999, Int(city.postcode)! + rng.below(90)), rng.below(1000))
        let level = context.level(&rng)

        var rows = context.drawn(Self.bases, level: level, &rng)
        // Every station sells plain diesel or petrol 95, so its validity never hangs on a rare fuel's mapping.
        if !rows.contains(where: { $0.fuel <= 1 }) {
            rows.insert(context.drawn(fuel: 0, base: Self.fuels[0].base, level: level, &rng), at: 0)
        }
        if index == 0 { rows[0].time = context.times.newest }

        var isValid = true
        if quirks.noCoordinates.hits(index) {
            summary.count("no coordinates (rejected)")
            isValid = false
        }
        if quirks.allStale.hits(index) {
            for position in rows.indices { rows[position].time = context.times.stale(&rng) }
            summary.count("all prices years old (rejected)")
            isValid = false
        } else if quirks.staleRow.hits(index),
            let extra = Self.fuels.indices.first(where: { fuel in !rows.contains { $0.fuel == fuel } })
        {
            rows.append(
                DrawnPrice(
                    fuel: extra, price: context.price(base: Self.fuels[extra].base, level: level, &rng),
                    time: context.times.stale(&rng)))
            summary.count("one stale row beside current ones")
        }
        if isValid, context.isChanged(index) { context.change(&rows, of: index, recentOnly: false, &summary) }
        if isValid { summary.expectedValid += 1 }
        if rows.contains(where: { Self.fuels[$0.fuel].name.hasSuffix("m3") }) {
            summary.count("CNG priced per m3")
        }
        return Station(
            id: id,
            members: [
                ("Nome", name), ("Marca", brand), ("Morada", address), ("Localidade", city.name),
                ("Municipio", city.name), ("Distrito", city.region), ("CodPostal", postcode),
            ], place: quirks.noCoordinates.hits(index) ? nil : place, rows: rows)
    }

    /// One row: the station's fields, then the fuel's price and its Lisbon time.
    private func write(_ row: DrawnPrice, of station: Station, to sink: ByteSink, _ clock: inout LocalTimes) {
        sink.text("{\"Id\":")
        sink.int(station.id)
        sink.jsonMembers(station.members)
        if let place = station.place {
            sink.text(",\"Latitude\":")
            sink.coordinate(place.latitude, digits: 7)
            sink.text(",\"Longitude\":")
            sink.coordinate(place.longitude, digits: 7)
        } else {
            sink.text(",\"Latitude\":null,\"Longitude\":null")
        }
        sink.text(",\"Combustivel\":")
        sink.jsonString(Self.fuels[row.fuel].name)
        sink.text(",\"Preco\":\"")
        sink.fixed(row.price, digits: 3, separator: 0x2C)
        sink.text(" €\",\"DataAtualizacao\":\"")
        let local = clock.local(row.time)
        sink.date(local, dash: true)
        sink.byte(0x20)
        sink.padded(local.hour, width: 2)
        sink.byte(0x3A)
        sink.padded(local.minute, width: 2)
        sink.text("\"}")
    }

    /// A JSON API answering current prices on every request.
    static let service = DayService(host: "dgeg.gov.pt", publication: .live)

    static func served(_ files: [String: [UInt8]]) throws -> [String: [UInt8]] { try PortugalPages.rows(files) }

    static func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        PortugalPages.page(
            files, size: Int(query["qtdPorPagina"] ?? "") ?? 0, number: Int(query["pagina"] ?? "") ?? 0)
    }
}

extension ByteSink {
    /// A coordinate with up to `digits` decimals, trailing zeros dropped (as a JSON serialiser prints a double).
    func coordinate(_ value: Double, digits: Int, separator: UInt8 = 0x2E) {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        var units = Int((value * scale).rounded())
        var kept = digits
        while kept > 1, units % 10 == 0 {
            units /= 10
            kept -= 1
        }
        fixed(units, digits: kept, separator: separator)
    }

    /// `YYYY-MM-DD` (dash) or `DD/MM/YYYY`.
    func date(_ time: WallTime, dash: Bool, slash: String = "/") {
        if dash {
            padded(time.year, width: 4)
            byte(0x2D)
            padded(time.month, width: 2)
            byte(0x2D)
            padded(time.day, width: 2)
        } else {
            padded(time.day, width: 2)
            text(slash)
            padded(time.month, width: 2)
            text(slash)
            padded(time.year, width: 4)
        }
    }

    /// `HH:MM:SS`.
    func clock(_ time: WallTime) {
        padded(time.hour, width: 2)
        byte(0x3A)
        padded(time.minute, width: 2)
        byte(0x3A)
        padded(time.second, width: 2)
    }
}
