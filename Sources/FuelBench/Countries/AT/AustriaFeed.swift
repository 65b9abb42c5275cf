import Foundation

/// E-Control `by-region` responses, one per political district (`PB`) and fuel type (`DIE`, `SUP`, `GAS`): JSON
/// arrays of station objects carrying only the requested fuel's price, so every station is repeated across
/// responses (and a few across neighbouring districts); prices may be empty or `0`. Also `_regions.json`.
struct AustriaFeed: CountryFeed {
    let context: GenerationContext
    let folder: URL

    static let realStations = 2_800
    static let endpoint = "https://api.e-control.at/sprit/1.0"
    static let fuels: [(type: String, label: String, base: Int)] = [
        ("DIE", "Diesel", 1_590), ("SUP", "Super 95", 1_620), ("GAS", "CNG-Erdgas", 1_450),
    ]
    static let days: [(code: String, label: String)] = [
        ("MO", "Montag"), ("DI", "Dienstag"), ("MI", "Mittwoch"), ("DO", "Donnerstag"), ("FR", "Freitag"),
        ("SA", "Samstag"), ("SO", "Sonntag"), ("FE", "Feiertag"),
    ]

    private struct Station {
        var index: Int
        var id: Int
        /// Its district is its place's city.
        var place: StationPlace
        var alsoIn: Int?
        var name: String
        var address: String
        var hours: (from: String, to: String, weekend: String)
        var selfService: Bool
        /// Millis per fuel (DIE, SUP, GAS); nil: not in that response; 0: in it with an empty or zero price.
        var amounts: [Int?]
        /// The fuel whose response shows `"amount":0` instead of an empty `prices`.
        var zeroFuel: Int?
    }

    /// The quirk schedules.
    private struct Quirks {
        let noPrices, zeroAmount, repeated: QuirkSchedule

        init(_ context: GenerationContext) {
            noPrices = context.schedule("no prices", rate: 0.025)
            zeroAmount = context.schedule("zero amount", rate: 0.01)
            repeated = context.schedule("repeated in a neighbouring district", rate: 0.02)
        }
    }

    func write() throws -> (GeneratedCountry, [GeneratedFile]) {
        let count = context.stationCount(real: Self.realStations)
        let quirks = Quirks(context)
        let cities = context.geography.cities
        var summary = context.summary(stations: count)
        var byDistrict = [[Station]](repeating: [], count: cities.count)
        for index in 0..<count {
            let station = draw(index, quirks, &summary)
            byDistrict[station.place.cityIndex].append(station)
            if let alsoIn = station.alsoIn { byDistrict[alsoIn].append(station) }
        }

        var files: [GeneratedFile] = []
        var records = 0
        for (district, city) in cities.enumerated() {
            for (fuel, entry) in Self.fuels.enumerated() {
                let members = byDistrict[district].filter { $0.amounts[fuel] != nil }
                // Cheapest first, as the API ranks them; unpriced stations after the priced ones.
                let ranked = members.sorted { lhs, rhs in
                    let left = lhs.amounts[fuel] ?? 0
                    let right = rhs.amounts[fuel] ?? 0
                    if (left > 0) != (right > 0) { return left > 0 }
                    return left != right ? left < right : lhs.id < rhs.id
                }
                let name = "by-region-PB-\(city.regionCode)-\(entry.type).json"
                let sink = try ByteSink.file(folder.appendingPathComponent(name))
                sink.byte(0x5B)
                for (position, station) in ranked.enumerated() {
                    if position > 0 { sink.byte(0x2C) }
                    writeStation(sink, station, fuel: fuel, position: position + 1)
                    records += 1
                }
                sink.byte(0x5D)
                try sink.close()
                files.append(
                    context.file(
                        name,
                        url:
                            "\(Self.endpoint)/search/gas-stations/by-region?code=\(city.regionCode)&type=PB"
                            + "&fuelType=\(entry.type)&includeClosed=true"
                    ))
            }
        }
        try writeRegions()
        files.append(context.file("_regions.json", url: "\(Self.endpoint)/regions?includeCities=false"))
        summary.records = records
        return (summary, files)
    }

    /// A station with its amounts, its quirks applied and booked.
    private func draw(_ index: Int, _ quirks: Quirks, _ summary: inout GeneratedCountry) -> Station {
        let cities = context.geography.cities
        var rng = context.rng(index, "station")
        let place = context.place(&rng)
        let city = place.city
        let brand = Vocabulary.austriaBrands.pick(&rng)
        let level = context.level(&rng)
        var amounts: [Int?] = [
            rng.chance(0.99) ? context.price(base: 1_590, level: level, &rng) : 0,
            rng.chance(0.97) ? context.price(base: 1_620, level: level, &rng) : 0,
            rng.chance(0.04) ? context.price(base: 1_450, level: level, &rng) : nil,
        ]
        if amounts[0] == 0 && amounts[1] == 0 { amounts[0] = context.price(base: 1_590, level: level, &rng) }
        var isValid = true
        var zero: Int?
        if quirks.noPrices.hits(index) {
            amounts = amounts.map { $0.map { _ in 0 } }
            summary.count("no price in any response (rejected)")
            isValid = false
        } else if quirks.zeroAmount.hits(index), let priced = amounts.firstIndex(where: { ($0 ?? 0) > 0 }),
            amounts.filter({ ($0 ?? 0) > 0 }).count > 1
        {
            amounts[priced] = 0
            zero = priced
            summary.count("amount 0 beside a real price")
        }
        if isValid, context.isChanged(index) {
            var change = context.rng(index, "change")
            amounts = amounts.map { amount in amount.map { $0 > 0 ? context.moved($0, &change) : 0 } }
            summary.changed += 1
        }
        if isValid { summary.expectedValid += 1 }
        var alsoIn: Int?
        if quirks.repeated.hits(index) {
            let neighbours = cities.indices.filter { $0 != place.cityIndex && cities[$0].groupCode == city.groupCode }
            if !neighbours.isEmpty {
                alsoIn = rng.pick(neighbours)
                summary.count("station listed in a second district")
            }
        }
        let street = rng.pick(Vocabulary.austriaStreets)
        return Station(
            index: index, id: 1_000_000 + index * 7 + rng.below(7), place: place, alsoIn: alsoIn,
            name: rng.chance(0.002) ? "" : "\(brand) \(city.name.split(separator: "(").first ?? "")",
            address: "\(street) \(rng.int(in: 1...180))",
            hours: (
                rng.pick(["00:00", "05:30", "06:00", "06:30", "07:00"]),
                rng.pick(["20:00", "21:00", "22:00", "24:00"]),
                rng.pick(["07:00", "08:00"])
            ),
            selfService: rng.chance(0.3), amounts: amounts, zeroFuel: zero)
    }

    private func writeStation(_ sink: ByteSink, _ station: Station, fuel: Int, position: Int) {
        sink.text("{\"id\":")
        sink.int(station.id)
        sink.text(",\"name\":")
        sink.jsonString(station.name)
        sink.text(",\"location\":{\"address\":")
        sink.jsonString(station.address)
        sink.text(",\"postalCode\":\"\(station.place.city.postcode)\",\"city\":")
        sink.jsonString(station.place.city.name)
        sink.text(",\"latitude\":")
        sink.coordinate(station.place.latitude, digits: 7)
        sink.text(",\"longitude\":")
        sink.coordinate(station.place.longitude, digits: 7)
        sink.text("},\"contact\":{\"telephone\":\"+43 ")
        sink.int(station.id % 9_000 + 1_000)
        sink.text(" 5016\",\"mail\":\"station")
        sink.int(station.id)
        sink.text("@example.at\",\"website\":\"www.tankstelle.at\"},\"openingHours\":[")
        for (order, day) in Self.days.enumerated() {
            if order > 0 { sink.byte(0x2C) }
            let from = order >= 5 ? station.hours.weekend : station.hours.from
            sink.text(
                "{\"day\":\"\(day.code)\",\"label\":\"\(day.label)\",\"order\":\(order + 1),"
                    + "\"from\":\"\(from)\",\"to\":\"\(station.hours.to)\"}"
            )
        }
        sink.text("],\"offerInformation\":{\"service\":\(!station.selfService),\"selfService\":\(station.selfService),")
        sink.text("\"unattended\":false},\"paymentMethods\":{\"cash\":true,\"debitCard\":true,\"creditCard\":true,")
        sink.text("\"others\":\"\"},\"paymentArrangements\":{\"cooperative\":false,\"clubCard\":false},\"position\":")
        sink.int(position)
        sink.text(",\"open\":true,\"prices\":[")
        let amount = station.amounts[fuel] ?? 0
        if amount > 0 || station.zeroFuel == fuel {
            sink.text("{\"fuelType\":\"\(Self.fuels[fuel].type)\",\"amount\":")
            sink.fixed(amount, digits: 3)
            sink.text(",\"label\":\"\(Self.fuels[fuel].label)\"}")
        }
        sink.text("]}")
    }

    /// A JSON API answering current prices on every request.
    static let service = DayService(host: "e-control.at", publication: .live)

    static func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        if path.hasSuffix("/regions") { return files["_regions.json"] ?? [] }
        let name = "by-region-PB-\(query["code"] ?? "")-\(query["fuelType"] ?? "").json"
        return files[name] ?? Array("[]".utf8)
    }

    /// The `/regions` answer: Bundesländer with their districts and postcodes.
    private func writeRegions() throws {
        let cities = context.geography.cities
        let sink = try ByteSink.file(folder.appendingPathComponent("_regions.json"))
        sink.byte(0x5B)
        for (position, code) in Self.bundeslaender.keys.sorted().enumerated() {
            if position > 0 { sink.byte(0x2C) }
            let districts = cities.filter { $0.groupCode == code }
            sink.text("{\"code\":\(code),\"type\":\"BL\",\"name\":")
            sink.jsonString(Self.bundeslaender[code] ?? "")
            sink.text(",\"subRegions\":[")
            for (index, district) in districts.enumerated() {
                if index > 0 { sink.byte(0x2C) }
                sink.text("{\"code\":\(district.regionCode),\"type\":\"PB\",\"name\":")
                sink.jsonString(district.name)
                sink.text(",\"subRegions\":[],\"postalCodes\":[\"\(district.postcode)\"]}")
            }
            sink.text("],\"postalCodes\":[")
            sink.text(districts.map { "\"\($0.postcode)\"" }.joined(separator: ","))
            sink.text("]}")
        }
        sink.byte(0x5D)
        try sink.close()
    }
}
