import Foundation
import FuelFormat

/// Each country's request budget and pace, as its `source.json` sets them.
struct DayBudgets {
    var perDay: [String: Int] = [:]
    /// `requestsPerSecond`, 2 when unset (the fetch's default).
    var rates: [String: Double] = [:]

    init(_ adapters: URL) throws {
        for country in FeedGenerator.countries {
            let file = adapters.appendingPathComponent(country).appendingPathComponent("source.json")
            guard let data = FileManager.default.contents(atPath: file.path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let fetch = object["fetch"] as? [String: Any], let budget = fetch["maxRequestsPerDay"] as? Int
            else { throw BenchError("\(file.path): no fetch.maxRequestsPerDay") }
            perDay[country] = budget
            rates[country] = (fetch["requestsPerSecond"] as? Double) ?? 2
        }
    }

    /// The least time a fetch of these requests per country takes at the countries' rates, fetched at once.
    func pacedSeconds(_ requests: [String: Int]) -> Double {
        requests.map { Double($0.value) / max(rates[$0.key] ?? 2, 1e-9) }.max() ?? 0
    }
}
