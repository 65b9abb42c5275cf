import Foundation

/// One country's feed writer and the facts of its service: the type a country's ``BenchCountry`` hook names.
protocol CountryFeed {
    /// The cities and land boxes its stations are placed in.
    static var geography: CountryGeography { get }

    /// The service's host and rhythm in the simulated day.
    static var service: DayService { get }

    init(context: GenerationContext, folder: URL)

    /// Writes the country's files into the folder (the feeds folder's `<CC>/`).
    /// - Returns: what was written (its files and bytes still uncounted) and each file with its endpoint.
    /// - Throws: ``GeneratorError`` when a file cannot be written.
    func write() throws -> (GeneratedCountry, [GeneratedFile])

    /// The generated files, by name, turned into what the simulated service serves from; unchanged by default.
    /// - Throws: ``BenchError`` when a generated file is not what the service expects.
    static func served(_ files: [String: [UInt8]]) throws -> [String: [UInt8]]

    /// The body the service answers for a request's URL path and query, from its served files.
    static func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8]
}

extension CountryFeed {
    static func served(_ files: [String: [UInt8]]) throws -> [String: [UInt8]] { files }

    /// The one served file whose name ends with `suffix`, for a service that answers a single file.
    static func onlyFile(endingWith suffix: String, in files: [String: [UInt8]]) -> [UInt8] {
        files.first { $0.key.hasSuffix(suffix) }?.value ?? []
    }
}

/// Where a generated station is: the first draws of its `"station"` stream.
struct StationPlace: Sendable {
    /// The city's position in the country's geography.
    var cityIndex: Int
    var city: City
    var latitude: Double
    var longitude: Double
}

/// One price of a station drawn for a fuel: the fuel's position in the writer's list, millis, feed time.
struct DrawnPrice: GeneratedPrice {
    var fuel: Int
    var price: Int
    var time: Int64
}

extension GenerationContext {
    /// The number of stations to write for a country whose real size is `real`, at the options' scale.
    func stationCount(real: Int) -> Int { options.stations(real) }

    /// An empty summary for `count` stations of this country.
    func summary(stations count: Int) -> GeneratedCountry { GeneratedCountry(country: country, stations: count) }

    /// A station's city (drawn by weight) and its point around that city, drawn from its stream in that order.
    func place(_ rng: inout SplitMix64) -> StationPlace {
        let cityIndex = geography.city(&rng)
        let city = geography.cities[cityIndex]
        let point = geography.place(around: city, &rng)
        return StationPlace(cityIndex: cityIndex, city: city, latitude: point.latitude, longitude: point.longitude)
    }

    /// A current price for `fuel`: its price around `base` at the station's level, then its time.
    func drawn(fuel: Int, base: Int, level: Int, _ rng: inout SplitMix64) -> DrawnPrice {
        let millis = price(base: base, level: level, &rng)
        return DrawnPrice(fuel: fuel, price: millis, time: times.fresh(&rng))
    }

    /// The current prices of the fuels a station sells, each fuel sold with its share's chance.
    func drawn(_ bases: [(base: Int, share: Double)], level: Int, _ rng: inout SplitMix64) -> [DrawnPrice] {
        var prices: [DrawnPrice] = []
        for (fuel, entry) in bases.enumerated() where rng.chance(entry.share) {
            prices.append(drawn(fuel: fuel, base: entry.base, level: level, &rng))
        }
        return prices
    }

    /// A file written into the country's folder, as the manifest lists it, fetched from `url`.
    func file(_ name: String, url: String) -> GeneratedFile { GeneratedFile(path: "\(country)/\(name)", url: url) }

}
