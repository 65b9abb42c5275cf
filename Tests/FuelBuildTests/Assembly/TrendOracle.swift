import Foundation
import FuelCodecs

/// The trends a build should publish, computed independently of `FuelBuild` and `FuelFormat`'s trend code: the
/// build's tiles read with `JSONSerialization`, the display rule of `docs/format.md` (R6) applied to each station and
/// fuel, and the figures computed in whole thousandths. A row is `[fuel/unit: [median, p10, p90, min, stations]]`,
/// prices in thousandths.
enum TrendOracle {
    typealias Row = [String: [Int]]

    /// Today's row of every country, from the tiles of `OUT/fuel/tiles/`.
    static func rows(_ out: URL) throws -> [String: Row] {
        let folder = out.appendingPathComponent("fuel/tiles")
        var prices: [String: [String: [Int]]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let tile = try object(folder.appendingPathComponent(name))
            for case let station as [String: Any] in tile["stations"] as? [Any] ?? [] {
                guard let country = station["country"] as? String else { continue }
                let stationPrices = (station["prices"] as? [[String: Any]]) ?? []
                let fuels = Set(stationPrices.compactMap { $0["fuel"] as? String }).subtracting(["other"])
                for fuel in fuels {
                    guard let (unit, price) = displayed(stationPrices.filter { $0["fuel"] as? String == fuel })
                    else { continue }
                    prices[country, default: [:]]["\(fuel)/\(unit)", default: []].append(price)
                }
            }
        }
        return prices.mapValues { $0.mapValues(figures) }
    }

    /// R6: the prices in the first unit present of litre, kg, m3; the lowest, the first on a tie.
    private static func displayed(_ prices: [[String: Any]]) -> (String, Int)? {
        for unit in ["l", "kg", "m3"] {
            let inUnit = prices.filter { ($0["unit"] as? String ?? "l") == unit }
            var best: Int?
            for price in inUnit {
                let value = Int((((price["price"] as? NSNumber)?.doubleValue ?? 0) * 1000).rounded())
                if best.map({ value < $0 }) ?? true { best = value }
            }
            if let best { return (unit, best) }
        }
        return nil
    }

    /// Median (the middle one, or the middle two's mean with half a thousandth rounded up), nearest-rank p10 and
    /// p90 (rank ⌈p·n/100⌉), min and count.
    static func figures(_ prices: [Int]) -> [Int] {
        let sorted = prices.sorted()
        let count = sorted.count
        let median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2] + 1) / 2
        func rank(_ percent: Int) -> Int { sorted[min(count, max(1, (percent * count + 99) / 100)) - 1] }
        return [median, rank(10), rank(90), sorted[0], count]
    }

    /// A published trend file as rows by day, read with `JSONSerialization`: `(since, [(day, row)])`.
    static func published(_ file: URL) throws -> (since: String, days: [(day: String, row: Row)]) {
        let trend = try object(file)
        var days: [(String, Row)] = []
        for case let day as [String: Any] in trend["days"] as? [Any] ?? [] {
            var row: Row = [:]
            for case let fuel as [String: Any] in day["fuels"] as? [Any] ?? [] {
                let thousandths = ["median", "p10", "p90", "min"].map {
                    Int((((fuel[$0] as? NSNumber)?.doubleValue ?? -1) * 1000).rounded())
                }
                let key = "\(fuel["fuel"] as? String ?? "?")/\(fuel["unit"] as? String ?? "l")"
                row[key] = thousandths + [(fuel["stations"] as? NSNumber)?.intValue ?? -1]
            }
            days.append((day["day"] as? String ?? "?", row))
        }
        return (trend["since"] as? String ?? "?", days)
    }

    /// A gzipped JSON object.
    static func object(_ file: URL) throws -> [String: Any] {
        let bytes = try Gzip.decompress([UInt8](try Data(contentsOf: file)))
        return try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
    }
}
