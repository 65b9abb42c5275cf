import Foundation
import FuelCodecs

/// The roulez-eco `instantane` archive: a ZIP holding `PrixCarburants_instantane.xml` in ISO-8859-1, coordinates
/// scaled by 100000 (some with decimals), prices in decimal euros, Paris wall-clock times, opening hours, services
/// and shortages (`rupture`) in the proportions of the 2026 sample.
struct FranceFeed: CountryFeed {
    let context: GenerationContext
    let folder: URL

    static let realStations = 10_200
    /// Most stations per archive: the FR adapter refuses entries over 200 MB, so large scales are split evenly.
    static let stationsPerArchive = 100_000
    static let endpoint = "https://donnees.roulez-eco.fr/opendata/instantane"
    static let entryName = "PrixCarburants_instantane.xml"

    /// `prix/@nom`, `@id`, base price in millis, share of stations selling it (2026 sample).
    static let fuels: [(name: String, id: Int, base: Int, share: Double)] = [
        ("Gazole", 1, 1_680, 0.96), ("SP95", 2, 1_780, 0.35), ("E85", 3, 850, 0.36), ("GPLc", 4, 990, 0.16),
        ("E10", 5, 1_740, 0.75), ("SP98", 6, 1_830, 0.82),
    ]
    static let bases = fuels.map { (base: $0.base, share: $0.share) }
    static let days = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"]

    /// The quirk schedules, in the proportions of the 2026 sample.
    private struct Quirks {
        let emptyCoordinates, closed, allStale, onlyShortages, stalePrice: QuirkSchedule

        init(_ context: GenerationContext) {
            emptyCoordinates = context.schedule("empty coordinates", rate: 0.002)
            closed = context.schedule("closed", rate: 0.01)
            allStale = context.schedule("all prices stale", rate: 0.006)
            onlyShortages = context.schedule("only shortages", rate: 0.005)
            stalePrice = context.schedule("one stale price", rate: 0.03)
        }
    }

    /// A `rupture`: a fuel out of stock since `start`, for good or for now.
    private struct Shortage {
        var fuel: Int
        var start: Int64
        var temporary: Bool
    }

    /// A station's prices and shortages after its quirks.
    private struct Station {
        var index: Int
        var place: StationPlace
        var prices: [DrawnPrice]
        var shortages: [Shortage]
    }

    func write() throws -> (GeneratedCountry, [GeneratedFile]) {
        let count = context.stationCount(real: Self.realStations)
        let quirks = Quirks(context)
        var summary = context.summary(stations: count)
        var clock = LocalTimes(zone: "Europe/Paris")
        var files: [GeneratedFile] = []
        var sink: ByteSink?

        func openArchive() throws -> ByteSink {
            let name =
                files.isEmpty ? "PrixCarburants_instantane.zip" : "PrixCarburants_instantane-\(files.count + 1).zip"
            files.append(
                context.file(name, url: files.isEmpty ? Self.endpoint : "\(Self.endpoint)#part\(files.count + 1)"))
            let writer = try ZipEntryWriter(
                url: folder.appendingPathComponent(name), entryName: Self.entryName,
                modified: clock.local(context.options.referenceTime))
            let sink = ByteSink.zipEntry(writer)
            sink.text("<?xml version=\"1.0\" encoding=\"ISO-8859-1\" standalone=\"yes\"?>\n<pdv_liste>\n")
            return sink
        }

        let archives = (count + Self.stationsPerArchive - 1) / Self.stationsPerArchive
        let perArchive = (count + archives - 1) / archives
        for index in 0..<count {
            if index % perArchive == 0 {
                if let full = sink {
                    full.text("</pdv_liste>\n")
                    try full.close()
                }
                sink = try openArchive()
            }
            guard let out = sink else { continue }
            var rng = context.rng(index, "station")
            let station = draw(index, quirks, &rng, &summary)
            write(station, quirks, to: out, &rng, &clock, &summary)
            try out.checkpoint()
        }
        if let last = sink {
            last.text("</pdv_liste>\n")
            try last.close()
        }
        return (summary, files)
    }

    /// A station's place, prices and shortages, its quirks applied and booked.
    private func draw(
        _ index: Int, _ quirks: Quirks, _ rng: inout SplitMix64, _ summary: inout GeneratedCountry
    ) -> Station {
        let place = context.place(&rng)
        let level = context.level(&rng)
        var prices = context.drawn(Self.bases, level: level, &rng)
        if prices.isEmpty { prices.append(context.drawn(fuel: 0, base: Self.fuels[0].base, level: level, &rng)) }
        if index == 0 { prices[0].time = context.times.newest }
        let unsold = Self.fuels.indices.filter { fuel in !prices.contains { $0.fuel == fuel } }
        var shortages: [Shortage] = []
        if !unsold.isEmpty, rng.chance(0.75) {
            for fuel in unsold where rng.chance(0.7) {
                shortages.append(Shortage(fuel: fuel, start: context.times.stale(&rng), temporary: false))
            }
        }
        if !unsold.isEmpty, rng.chance(0.12) {
            shortages.append(Shortage(fuel: rng.pick(unsold), start: context.times.fresh(&rng), temporary: true))
        }

        var isValid = true
        if quirks.emptyCoordinates.hits(index) {
            summary.count("empty coordinates (rejected)")
            isValid = false
        }
        if quirks.closed.hits(index) {
            prices = []
            shortages = []
            summary.count("closed: empty <prix/> only (rejected)")
            isValid = false
        } else if quirks.allStale.hits(index) {
            for position in prices.indices { prices[position].time = context.times.stale(&rng) }
            shortages = []
            summary.count("all prices years old (rejected)")
            isValid = false
        } else if quirks.onlyShortages.hits(index) {
            shortages = prices.map { Shortage(fuel: $0.fuel, start: context.times.fresh(&rng), temporary: true) }
            prices = []
            summary.count("shortages only, no price")
        } else if quirks.stalePrice.hits(index), prices.count > 1 {
            prices[prices.count - 1].time = context.times.stale(&rng)
            summary.count("one price years old beside current ones")
        }
        if isValid, context.isChanged(index), !prices.isEmpty {
            context.change(&prices, of: index, recentOnly: true, &summary)
        }
        if isValid { summary.expectedValid += 1 }
        if !shortages.isEmpty { summary.count("stations with shortages") }
        return Station(index: index, place: place, prices: prices, shortages: shortages)
    }

    /// A station's `<pdv>` element.
    private func write(
        _ station: Station, _ quirks: Quirks, to out: ByteSink, _ rng: inout SplitMix64, _ clock: inout LocalTimes,
        _ summary: inout GeneratedCountry
    ) {
        let index = station.index
        let city = station.place.city
        out.text("  <pdv id=\"")
        out.int(city.regionCode * 1_000_000 + index)
        out.text("\" latitude=\"")
        let decimal = rng.chance(0.2)
        if !quirks.emptyCoordinates.hits(index) {
            out.scaled(station.place.latitude, decimal: decimal)
            out.text("\" longitude=\"")
            out.scaled(station.place.longitude, decimal: decimal)
        } else {
            out.text("\" longitude=\"")
        }
        if decimal { summary.count("decimal coordinates") }
        out.text("\" cp=\"")
        out.text(city.postcode.prefix(2) + String(format: "%03d", rng.below(1000)))
        let motorway = rng.chance(0.06)
        out.text(motorway ? "\" pop=\"A\">\n    <adresse>" : "\" pop=\"R\">\n    <adresse>")
        let street = rng.pick(Vocabulary.franceStreets)
        out.xmlLatin1(rng.chance(0.6) ? "\(rng.int(in: 1...300)) \(street)" : street)
        out.text("</adresse>\n    <ville>")
        switch rng.below(5) {
        case 0, 1, 2: out.xmlLatin1(city.name.uppercased())
        case 3: out.xmlLatin1(city.name)
        default: out.xmlLatin1(city.name.lowercased())
        }
        out.text("</ville>\n")
        if rng.chance(0.6) { writeHours(out, &rng) }
        if rng.chance(0.94) { writeServices(out, &rng) }
        if quirks.closed.hits(index) { out.text("    <prix/>\n") }
        for price in station.prices {
            let fuel = Self.fuels[price.fuel]
            out.text("    <prix nom=\"\(fuel.name)\" id=\"\(fuel.id)\" maj=\"")
            out.parisTime(clock.local(price.time))
            out.text("\" valeur=\"")
            out.fixed(price.price, digits: 3)
            out.text("\"/>\n")
        }
        for shortage in station.shortages {
            let fuel = Self.fuels[shortage.fuel]
            out.text("    <rupture nom=\"\(fuel.name)\" id=\"\(fuel.id)\" debut=\"")
            out.parisTime(clock.local(shortage.start))
            out.text(
                shortage.temporary ? "\" fin=\"\" type=\"temporaire\"/>\n" : "\" fin=\"\" type=\"definitive\"/>\n")
        }
        out.text("  </pdv>\n")
    }

    private func writeServices(_ out: ByteSink, _ rng: inout SplitMix64) {
        out.text("    <services>\n")
        var chosen: Set<String> = []
        for _ in 0..<rng.int(in: 1...6) { chosen.insert(Vocabulary.franceServices.pick(&rng)) }
        for service in chosen.sorted() {
            out.text("      <service>")
            out.xmlLatin1(service)
            out.text("</service>\n")
        }
        out.text("    </services>\n")
    }

    /// The archive is regenerated every 10 minutes.
    static let service = DayService(host: "roulez-eco.fr", publication: .every(seconds: 600))

    static func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        onlyFile(endingWith: ".zip", in: files)
    }

    private func writeHours(_ out: ByteSink, _ rng: inout SplitMix64) {
        out.text(rng.chance(0.47) ? "    <horaires automate-24-24=\"1\">\n" : "    <horaires automate-24-24=\"\">\n")
        let opening = rng.pick(["06.00", "06.30", "07.00", "07.30", "08.00"])
        let closing = rng.pick(["19.00", "19.30", "20.00", "21.00", "22.00"])
        let closedSunday = rng.chance(0.25)
        let lunchBreak = rng.chance(0.1)
        for (day, name) in Self.days.enumerated() {
            if day == 6 && closedSunday {
                out.text("      <jour id=\"7\" nom=\"Dimanche\" ferme=\"1\"/>\n")
                continue
            }
            out.text("      <jour id=\"\(day + 1)\" nom=\"\(name)\" ferme=\"\">\n")
            if lunchBreak {
                out.text("        <horaire ouverture=\"\(opening)\" fermeture=\"12.00\"/>\n")
                out.text("        <horaire ouverture=\"14.00\" fermeture=\"\(closing)\"/>\n")
            } else {
                out.text("        <horaire ouverture=\"\(opening)\" fermeture=\"\(closing)\"/>\n")
            }
            out.text("      </jour>\n")
        }
        out.text("    </horaires>\n")
    }
}

extension ByteSink {
    /// A coordinate × 100000: an integer (`4620114`), or with some decimals (`4620093.59235`).
    func scaled(_ degrees: Double, decimal: Bool) {
        if decimal {
            fixed(Int((degrees * 10_000_000_000).rounded()), digits: 5)
        } else {
            int(Int((degrees * 100_000).rounded()))
        }
    }

    /// `YYYY-MM-DD HH:MM:SS`.
    func parisTime(_ time: WallTime) {
        date(time, dash: true)
        byte(0x20)
        clock(time)
    }
}
