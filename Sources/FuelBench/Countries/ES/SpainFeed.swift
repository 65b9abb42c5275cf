import Foundation

/// The MITECO `EstacionesTerrestres` document: compact JSON, every value a string, decimal commas, `\/` escapes,
/// one feed-wide `Fecha` in Madrid wall-clock time, keys in the real order.
struct SpainFeed: CountryFeed {
    let context: GenerationContext
    let folder: URL

    static let realStations = 11_900
    static let fileName = "EstacionesTerrestres.json"
    static let endpoint =
        "https://sedeaplicaciones.minetur.gob.es/ServiciosRESTCarburantes/PreciosCarburantes/EstacionesTerrestres/"
    static let note =
        "Archivo de todos los productos en todas las estaciones de servicio. La actualización de precios se realiza "
        + "cada media hora, con los precios en vigor en ese momento."

    /// The 23 `Precio …` keys in feed order, base price in millis and the share of stations selling each
    /// (the shares are the 2025 Barcelona sample's).
    static let prices: [(key: String, base: Int, share: Double)] = [
        ("Precio Adblue", 850, 0.29), ("Precio Amoniaco", 0, 0), ("Precio Biodiesel", 1_500, 0.01),
        ("Precio Bioetanol", 1_200, 0.001), ("Precio Biogas Natural Comprimido", 1_300, 0.001),
        ("Precio Biogas Natural Licuado", 1_250, 0.0005), ("Precio Diésel Renovable", 1_750, 0.165),
        ("Precio Gas Natural Comprimido", 1_350, 0.024), ("Precio Gas Natural Licuado", 1_250, 0.01),
        ("Precio Gases licuados del petróleo", 950, 0.105), ("Precio Gasoleo A", 1_450, 0.974),
        ("Precio Gasoleo B", 1_100, 0.05), ("Precio Gasoleo Premium", 1_540, 0.50),
        ("Precio Gasolina 95 E10", 1_490, 0.0025),
        ("Precio Gasolina 95 E25", 1_400, 0.0005), ("Precio Gasolina 95 E5", 1_520, 0.95),
        ("Precio Gasolina 95 E5 Premium", 1_600, 0.11), ("Precio Gasolina 95 E85", 1_200, 0.0012),
        ("Precio Gasolina 98 E10", 1_650, 0.0012), ("Precio Gasolina 98 E5", 1_680, 0.56),
        ("Precio Gasolina Renovable", 2_100, 0.007), ("Precio Hidrogeno", 13_000, 0.0005), ("Precio Metanol", 0, 0),
    ]

    /// The quirk schedules.
    private struct Quirks {
        let noPrices, restricted: QuirkSchedule

        init(_ context: GenerationContext) {
            noPrices = context.schedule("no prices", rate: 0.004)
            restricted = context.schedule("restricted sale", rate: 0.012)
        }
    }

    /// A station's place and brand, and its price per `Precio …` key (0: empty).
    private struct Station {
        var place: StationPlace
        var brand: String
        var values: [Int]
        var isRestricted: Bool
    }

    func write() throws -> (GeneratedCountry, [GeneratedFile]) {
        let count = context.stationCount(real: Self.realStations)
        let quirks = Quirks(context)
        var summary = context.summary(stations: count)
        var clock = LocalTimes(zone: "Europe/Madrid")
        let sink = try ByteSink.file(folder.appendingPathComponent(Self.fileName))
        sink.text("{\"Fecha\":\"")
        let fecha = clock.local(context.options.referenceTime)
        sink.date(fecha, dash: false, slash: "\\/")
        sink.byte(0x20)
        sink.clock(fecha)
        sink.text("\",\"ListaEESSPrecio\":[")

        for index in 0..<count {
            var rng = context.rng(index, "station")
            let station = draw(index, quirks, &rng, &summary)
            if index > 0 { sink.byte(0x2C) }
            write(station, index: index, to: sink, &rng)
            try sink.checkpoint()
        }
        sink.text("],\"Nota\":")
        sink.jsonString(Self.note)
        sink.text(",\"ResultadoConsulta\":\"OK\"}")
        try sink.close()
        return (summary, [context.file(Self.fileName, url: Self.endpoint)])
    }

    /// A station's place, brand and prices, its quirks applied and booked.
    private func draw(
        _ index: Int, _ quirks: Quirks, _ rng: inout SplitMix64, _ summary: inout GeneratedCountry
    ) -> Station {
        let place = context.place(&rng)
        let brand = Vocabulary.spainBrands.pick(&rng)
        let level = context.level(&rng)
        var values = [Int](repeating: 0, count: Self.prices.count)
        for (position, entry) in Self.prices.enumerated() where entry.base > 0 && rng.chance(entry.share) {
            values[position] = context.price(base: entry.base, level: level, &rng)
        }
        // Every station sells road diesel or petrol 95; a station with only agricultural diesel is left to chance
        // nowhere, so the count of valid stations does not depend on how an adapter treats Gasoleo B.
        if values[10] == 0 && values[15] == 0 { values[10] = context.price(base: 1_450, level: level, &rng) }

        var isValid = true
        if quirks.noPrices.hits(index) {
            values = [Int](repeating: 0, count: Self.prices.count)
            summary.count("no price at all (rejected)")
            isValid = false
        }
        if isValid, context.isChanged(index) {
            var change = context.rng(index, "change")
            for position in values.indices where values[position] > 0 {
                values[position] = context.moved(values[position], &change)
            }
            summary.changed += 1
        }
        if isValid { summary.expectedValid += 1 }
        let isRestricted = quirks.restricted.hits(index)
        if isRestricted { summary.count("Tipo Venta R (restricted)") }
        return Station(place: place, brand: brand, values: values, isRestricted: isRestricted)
    }

    /// A station's object in `ListaEESSPrecio`, keys in the real order.
    private func write(_ station: Station, index: Int, to sink: ByteSink, _ rng: inout SplitMix64) {
        let city = station.place.city
        sink.text("{\"C.P.\":\"")
        sink.text(city.postcode)
        sink.padded(rng.below(1000), width: 3)
        sink.text("\",\"Dirección\":")
        let street = rng.pick(Vocabulary.spainStreets)
        sink.jsonString(
            rng.chance(0.15) ? "\(street) S/N, S/N" : "\(street), \(rng.int(in: 1...250))", escapeSlash: true)
        sink.text(",\"Horario\":")
        sink.jsonString(Vocabulary.spainHours.pick(&rng), escapeSlash: true)
        sink.text(",\"Latitud\":\"")
        sink.fixed(Int((station.place.latitude * 1_000_000).rounded()), digits: 6, separator: 0x2C)
        sink.text("\",\"Localidad\":")
        sink.jsonString(city.name.uppercased(), escapeSlash: true)
        sink.text(",\"Longitud (WGS84)\":\"")
        sink.fixed(Int((station.place.longitude * 1_000_000).rounded()), digits: 6, separator: 0x2C)
        sink.text("\",\"Margen\":\"")
        sink.text(rng.pick(["D", "D", "D", "N", "N", "I"]))
        sink.text("\",\"Municipio\":")
        sink.jsonString(city.name, escapeSlash: true)
        for (position, entry) in Self.prices.enumerated() {
            sink.text(",\"")
            sink.text(entry.key)
            sink.text("\":\"")
            if station.values[position] > 0 { sink.fixed(station.values[position], digits: 3, separator: 0x2C) }
            sink.byte(0x22)
        }
        sink.text(",\"Provincia\":")
        sink.jsonString(city.region, escapeSlash: true)
        sink.text(",\"Remisión\":\"")
        sink.text(rng.chance(0.58) ? "dm" : "OM")
        sink.text("\",\"Rótulo\":")
        sink.jsonString(station.brand, escapeSlash: true)
        sink.text(",\"Tipo Venta\":\"")
        sink.text(station.isRestricted ? "R" : "P")
        sink.text("\",\"% BioEtanol\":\"0,0\",\"% Éster metílico\":\"")
        sink.text(rng.chance(0.3) ? "7,0" : "0,0")
        sink.text("\",\"IDEESS\":\"")
        sink.int(1_000 + index * 3 + rng.below(3))
        sink.text("\",\"IDMunicipio\":\"")
        sink.int(100 + (station.place.cityIndex * 131) % 8_000)
        sink.text("\",\"IDProvincia\":\"")
        sink.padded(city.regionCode, width: 2)
        sink.text("\",\"IDCCAA\":\"")
        sink.padded(city.groupCode, width: 2)
        sink.text("\"}")
    }

    /// The file is regenerated every 30 minutes.
    static let service = DayService(host: "minetur.gob.es", publication: .every(seconds: 1_800))

    static func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        onlyFile(endingWith: ".json", in: files)
    }
}
