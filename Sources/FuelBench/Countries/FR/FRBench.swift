import Foundation
import FuelFeeds

/// France in the bench: the roulez-eco `instantane` archive (``FranceFeed``), regenerated every 10 minutes.
extension FRAdapter: BenchCountry {
    var geography: CountryGeography { .france }
    var dayPublication: DayPublication { .every(seconds: 600) }
    var serviceHost: String { "roulez-eco.fr" }

    func writeFeed(context: GenerationContext, folder: URL) throws -> (GeneratedCountry, [GeneratedFile]) {
        try FranceFeed(context: context, folder: folder).write()
    }

    func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        onlyFile(endingWith: ".zip", in: files)
    }
}
