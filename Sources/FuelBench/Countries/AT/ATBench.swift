import Foundation
import FuelFeeds

/// Austria in the bench: E-Control's `by-region` answers per district and fuel and its `/regions` list
/// (``AustriaFeed``), a JSON API answering current prices on every request.
extension ATAdapter: BenchCountry {
    var geography: CountryGeography { .austria }
    var dayPublication: DayPublication { .live }
    var serviceHost: String { "e-control.at" }

    func writeFeed(context: GenerationContext, folder: URL) throws -> (GeneratedCountry, [GeneratedFile]) {
        try AustriaFeed(context: context, folder: folder).write()
    }

    func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        if path.hasSuffix("/regions") { return files["_regions.json"] ?? [] }
        let name = "by-region-PB-\(query["code"] ?? "")-\(query["fuelType"] ?? "").json"
        return files[name] ?? Array("[]".utf8)
    }
}
