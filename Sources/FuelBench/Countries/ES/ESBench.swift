import Foundation
import FuelFeeds

/// Spain in the bench: MITECO's `EstacionesTerrestres` document (``SpainFeed``), regenerated every 30 minutes.
extension ESAdapter: BenchCountry {
    var geography: CountryGeography { .spain }
    var dayPublication: DayPublication { .every(seconds: 1_800) }
    var serviceHost: String { "minetur.gob.es" }

    func writeFeed(context: GenerationContext, folder: URL) throws -> (GeneratedCountry, [GeneratedFile]) {
        try SpainFeed(context: context, folder: folder).write()
    }

    func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        onlyFile(endingWith: ".json", in: files)
    }
}
