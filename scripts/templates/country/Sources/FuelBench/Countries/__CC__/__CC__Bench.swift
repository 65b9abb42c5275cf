import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// __NAME__ in the bench: the template's `;`-separated station list. When the real parser replaces the template's,
/// make ``__CC__Feed`` write the real feed's format, sizes and quirks, as the other countries' writers do.
extension __CC__Adapter: BenchCountry { typealias Feed = __CC__Feed }

/// `stations.csv`: a header, then one station a line, `updated` in the country's wall time (its metadata's zone).
struct __CC__Feed: CountryFeed {
    let context: GenerationContext
    let folder: URL

    static let realStations = 2_000
    static let fileName = "stations.csv"
    static let endpoint = "https://example.invalid/__CC__/stations.csv"

    /// The fuel columns after the fixed ones, with a base price in millis and the share of stations selling each.
    static let prices: [(column: String, base: Int, share: Double)] = [
        ("Diesel", 1_850, 0.98), ("Super 95", 1_930, 0.9),
    ]

    /// The template's one town and its box (inside `adapters/__CC__/source.json`'s).
    static let geography = CountryGeography(
        country: "__CC__",
        cities: City.table("Template Town | 60.3913 | 5.3221 | 1 | 6 | Template Region | 1 | 0 | 5000"),
        boxes: [GeoBox(south: 60.25, west: 5.15, north: 60.55, east: 5.55)])

    /// The list is published every hour.
    static let service = DayService(host: "example.invalid", publication: .every(seconds: 3_600))

    func write() throws -> (GeneratedCountry, [GeneratedFile]) {
        let count = context.stationCount(real: Self.realStations)
        var summary = context.summary(stations: count)
        var clock = LocalTimes(zone: BenchCountries.timeZone(context.country))
        let sink = try ByteSink.file(folder.appendingPathComponent(Self.fileName))
        sink.text("id;name;brand;latitude;longitude;address;city;hours;updated")
        for entry in Self.prices { sink.text(";\(entry.column)") }
        sink.byte(0x0A)
        for index in 0..<count {
            var rng = context.rng(index, "station")
            let place = context.place(&rng)
            var prices = context.drawn(Self.prices.map { ($0.base, $0.share) }, level: context.level(&rng), &rng)
            if prices.isEmpty { prices = [context.drawn(fuel: 0, base: Self.prices[0].base, level: 0, &rng)] }
            if index == 0 { prices[0].time = context.times.newest }
            if context.isChanged(index) { context.change(&prices, of: index, recentOnly: false, &summary) }
            summary.expectedValid += 1
            sink.int(1_000 + index)
            sink.text(";Station \(index + 1);\(rng.chance(0.5) ? "TEMPLATE FUEL" : "Other Brand");")
            sink.fixed(Int((place.latitude * 1_000_000).rounded()), digits: 6)
            sink.byte(0x3B)
            sink.fixed(Int((place.longitude * 1_000_000).rounded()), digits: 6)
            sink.text(";Road \(rng.int(in: 1...99));\(place.city.name);")
            sink.text(rng.chance(0.2) ? "24/7" : "Mo-Su 06:00-22:00")
            sink.byte(0x3B)
            let newest = prices.map(\.time).max() ?? context.times.newest
            Self.writeMinute(clock.local(newest), to: sink)
            for fuel in Self.prices.indices {
                sink.byte(0x3B)
                if let price = prices.first(where: { $0.fuel == fuel }) { sink.fixed(price.price, digits: 3) }
            }
            sink.byte(0x0A)
            try sink.checkpoint()
        }
        try sink.close()
        return (summary, [context.file(Self.fileName, url: Self.endpoint)])
    }

    /// `YYYY-MM-DD HH:MM`.
    private static func writeMinute(_ time: WallTime, to sink: ByteSink) {
        sink.date(time, dash: true)
        sink.byte(0x20)
        sink.padded(time.hour, width: 2)
        sink.byte(0x3A)
        sink.padded(time.minute, width: 2)
    }

    static func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        onlyFile(endingWith: ".csv", in: files)
    }
}
