import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// Refuses a publication in which a country lost too many stations against what is published, a country that
/// vanished counting as a shrink to zero. The build checks it against the previous build in `OUT`; the upload
/// checks it again against the bucket's live index, so a lost local cache cannot switch it off.
public enum ShrinkGuard {
    /// One country that shrank too far.
    public struct Shrink: Sendable, Equatable, CustomStringConvertible {
        public var country: String
        public var previous: Int
        /// 0 when the country is missing.
        public var now: Int
        /// The country's `maxShrinkPercent`.
        public var allowedPercent: Double

        public var description: String {
            guard now > 0 else { return "\(country): missing, against \(previous) stations published" }
            let drop = String(format: "%.1f", Double(previous - now) * 100 / Double(previous))
            return "\(country): \(now) stations now against \(previous) published (down \(drop) %, more than the "
                + "\(NumberText.plain(allowedPercent)) % its maxShrinkPercent allows)"
        }
    }

    /// Every country of `previous` whose count in `next` fell by more than its allowed percentage, missing
    /// countries included, sorted.
    /// - Parameters:
    ///   - previous: station counts by country as published.
    ///   - next: station counts by country about to be published.
    ///   - allowedPercent: a country's `maxShrinkPercent`.
    public static func shrinks(
        from previous: [String: Int], to next: [String: Int], allowedPercent: (String) -> Double
    ) -> [Shrink] {
        previous.keys.sorted().compactMap { country in
            guard let before = previous[country], before > 0 else { return nil }
            let now = next[country] ?? 0
            let allowed = allowedPercent(country)
            return Double(before - now) * 100 > allowed * Double(before)
                ? Shrink(country: country, previous: before, now: now, allowedPercent: allowed) : nil
        }
    }

    /// The station counts of an index, by country.
    public static func counts(_ index: TileIndex) -> [String: Int] { index.countries.mapValues(\.stations) }

    /// A country's allowed shrink from its metadata (built in, or from a folder), 10 % when it has none.
    public static func allowedPercent(adaptersDirectory: URL?) -> @Sendable (String) -> Double {
        { country in
            (try? CountryConfig.load(country: country, adaptersDirectory: adaptersDirectory))?.allowedShrinkPercent
                ?? 10
        }
    }

    /// The refusal for a list of shrinks, one line each, with what to do.
    public static func refusal(_ shrinks: [Shrink], against what: String) -> String {
        let lines = shrinks.map { "  \($0)" }.joined(separator: "\n")
        return "refusing to publish: \(shrinks.count == 1 ? "a country" : "\(shrinks.count) countries") would shrink "
            + "against \(what):\n\(lines)\nCheck the feeds (a subset build with --countries drops the others), or pass "
            + "--allow-shrink if the drop is real."
    }
}
