import Foundation
import FuelFeeds

/// Italy in the bench: MIMIT's two CSVs (``ItalyFeed``), published once a day at 08:00 Rome time, each at its own
/// URL.
extension ITAdapter: BenchCountry {
    var geography: CountryGeography { .italy }
    var dayPublication: DayPublication { .daily(hour: 8) }
    var serviceHost: String { "mimit.gov.it" }

    func writeFeed(context: GenerationContext, folder: URL) throws -> (GeneratedCountry, [GeneratedFile]) {
        try ItalyFeed(context: context, folder: folder).write()
    }

    func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        files[(path as NSString).lastPathComponent] ?? []
    }
}
