import FuelGrid

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

        public var description: String {
            now == 0
                ? "\(country): missing, against \(previous) stations published"
                : "\(country): \(now) stations now against \(previous) published (below 50%)"
        }
    }

    /// Every country of `previous` whose count in `next` is below half of it, missing countries included, sorted.
    public static func shrinks(from previous: TileIndex, to next: TileIndex) -> [Shrink] {
        previous.countries.keys.sorted().compactMap { country in
            guard let before = previous.countries[country]?.stations, before > 0 else { return nil }
            let now = next.countries[country]?.stations ?? 0
            return now * 2 < before ? Shrink(country: country, previous: before, now: now) : nil
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
