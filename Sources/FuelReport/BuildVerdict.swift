import Foundation
import FuelBuild
import FuelFeeds
import FuelFormat

/// Is this build sane? `OK`, `CHECK` (published, but a person should look: each reason says why) or `REFUSED` (a
/// build that refused, so nothing was published). Computed once here, from a build and the one before it; the text
/// report, the step summary, `--json` and the map page all show this same value.
public struct BuildVerdict: Sendable, Encodable, Equatable {
    /// The verdict itself.
    public enum Status: String, Sendable, Encodable {
        case ok = "OK"
        case check = "CHECK"
        case refused = "REFUSED"
    }

    /// Why a build needs a look: a stable machine code per kind of reason.
    public enum Code: String, Sendable, Encodable, CaseIterable {
        /// A country's station count moved by more than its threshold (``before``, ``after``, ``percent``, ``limit``).
        case stationCount = "station-count"
        /// A country's median price of a fuel moved by more than the threshold (``fuel``, ``before``, ``after``).
        case priceMedian = "price-median"
        /// A country was carried forward from an earlier build (``since``).
        case carried
        /// A country's feed time lagged its fetch by more than its limit (``hours``, ``limit``): a build with
        /// `--allow-stale-feeds`.
        case feedOld = "feed-old"
        /// Cells that had the country's stations are now empty (``count``, ``items``: the cell keys).
        case cellEmptied = "cell-emptied"
        /// Rejects for one reason rose sharply (``reject``: the reason code, ``before``, ``after``).
        case rejectsRose = "rejects-rose"
        /// Prices outside the usual range appeared (``fuel``, ``count``, ``items``: station ids, ``low``, ``high``).
        case priceOutliers = "price-outliers"
        /// The build refused (``message``).
        case refused
    }

    /// One reason, as typed values; ``text`` is its line for people.
    public struct Reason: Sendable, Encodable, Equatable {
        public var code: Code
        public var country: String?
        public var fuel: String?
        public var reject: String?
        public var before: Double?
        public var after: Double?
        public var percent: Double?
        public var limit: Double?
        public var hours: Double?
        public var low: Double?
        public var high: Double?
        public var count: Int?
        public var since: String?
        /// Up to ``BuildVerdict/listed`` cell keys or station ids.
        public var items: [String]?
        public var message: String?

        public init(code: Code, country: String? = nil) {
            self.code = code
            self.country = country
        }

        /// Where the map page shows it: the country's row in the table, else the table.
        public var anchor: String { country.map { "country-\($0)" } ?? "countries" }

        /// `ES station-count: 11780 → 10873 stations (−7.7 %, threshold 3 %)`.
        public var text: String {
            let prefix = (country.map { "\($0) " } ?? "") + code.rawValue + ": "
            let listed = items.map { list in
                list.joined(separator: ", ") + ((count ?? 0) > list.count ? ", …" : "")
            }
            switch code {
            case .stationCount:
                return prefix + "\(int(before)) → \(int(after)) stations (\(signed(percent)) %, threshold "
                    + "\(plain(limit)) %)"
            case .priceMedian:
                return prefix + "\(fuel ?? "") median \(price(before)) → \(price(after)) (\(signed(percent)) %, "
                    + "threshold \(plain(limit)) %)"
            case .carried:
                return prefix + "published from the previous build, last fresh build \(since ?? "?")"
            case .feedOld:
                return prefix + "feed time \(plain(hours)) h before its fetch (threshold \(plain(limit)) h)"
            case .cellEmptied:
                return prefix + "\(count ?? 0) cells that had stations are empty: \(listed ?? "")"
            case .rejectsRose:
                return prefix + "\(reject ?? "") rejects \(int(before)) → \(int(after))"
            case .priceOutliers:
                return prefix + "\(count ?? 0) \(fuel ?? "") prices outside \(price(low))–\(price(high)): "
                    + (listed ?? "")
            case .refused:
                return prefix + (message ?? "")
            }
        }

        private func int(_ value: Double?) -> String { value.map { String(Int($0)) } ?? "?" }
        private func plain(_ value: Double?) -> String { value.map { NumberText.plain($0) } ?? "?" }
        private func price(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "?" }
        private func signed(_ value: Double?) -> String {
            value.map { String(format: "%+.1f", $0).replacingOccurrences(of: "-", with: "−") } ?? "?"
        }
    }

    public var status: Status
    public var reasons: [Reason]

    public init(status: Status, reasons: [Reason]) {
        self.status = status
        self.reasons = reasons
    }

    /// Items listed per reason.
    public static let listed = 10

    /// A refused build's verdict.
    public static func refused(_ message: String) -> BuildVerdict {
        var reason = Reason(code: .refused)
        reason.message = message
        return BuildVerdict(status: .refused, reasons: [reason])
    }

    /// The verdict on `new` against `previous` (nil for a first build: only what one build shows is checked).
    /// - Parameter thresholds: each country's thresholds (``VerdictThresholds/of(country:adaptersDirectory:)``).
    public static func of(
        _ new: PublishedBuild, previous: PublishedBuild?,
        thresholds: (String) -> VerdictThresholds = { VerdictThresholds.of(country: $0, adaptersDirectory: nil) }
    ) -> BuildVerdict {
        let newByCountry = Dictionary(grouping: new.stations, by: \.country)
        let oldByCountry = Dictionary(grouping: previous?.stations ?? [], by: \.country)
        let countries = Set(newByCountry.keys).union(oldByCountry.keys).union(new.index.countries.keys).sorted()
        var reasons: [Reason] = []
        for country in countries {
            let limits = thresholds(country)
            let after = newByCountry[country] ?? []
            let before = oldByCountry[country] ?? []
            if let summary = new.index.countries[country], let since = summary.carriedSince {
                var reason = Reason(code: .carried, country: country)
                reason.since = UTCTime.format(since)
                reasons.append(reason)
            } else if let summary = new.index.countries[country], let limit = limits.feedAgeHours,
                let fetched = new.report?.countries.first(where: { $0.country == country })?.fetchedAt
                    .flatMap(UTCTime.parse)
            {
                // Measured at the fetch, as the build's own refusal is: a replayed or hand-placed feed is not old.
                let hours = ((Double(fetched) - summary.updated.timeIntervalSince1970) / 360).rounded() / 10
                if hours > limit {
                    var reason = Reason(code: .feedOld, country: country)
                    reason.hours = hours
                    reason.limit = limit
                    reasons.append(reason)
                }
            }
            guard let previous else {
                reasons += outliers(country, after: after, before: [], limits: limits)
                continue
            }
            if !before.isEmpty {
                let percent = (Double(after.count - before.count) * 1000 / Double(before.count)).rounded() / 10
                if abs(percent) > limits.stationChangePercent {
                    var reason = Reason(code: .stationCount, country: country)
                    (reason.before, reason.after) = (Double(before.count), Double(after.count))
                    (reason.percent, reason.limit) = (percent, limits.stationChangePercent)
                    reasons.append(reason)
                }
            }
            reasons += medians(country, after: after, before: before, limits: limits)
            reasons += emptied(country, after: after, before: before, new: new, previous: previous)
            reasons += rejects(country, new: new, previous: previous, limits: limits)
            reasons += outliers(country, after: after, before: before, limits: limits)
        }
        return BuildVerdict(status: reasons.isEmpty ? .ok : .check, reasons: reasons)
    }

    /// Each fuel (and unit) whose median displayed price moved past the threshold.
    private static func medians(
        _ country: String, after: [Station], before: [Station], limits: VerdictThresholds
    ) -> [Reason] {
        let old = pricesByChoice(before)
        let new = pricesByChoice(after)
        return new.keys.sorted().compactMap { choice in
            guard let before = old[choice], let after = new[choice],
                min(before.count, after.count) >= limits.priceMedianMinimum,
                let was = PriceScale.median(sorted: before.sorted()),
                let now = PriceScale.median(sorted: after.sorted()),
                was > 0
            else { return nil }
            let percent = ((now - was) / was * 1000).rounded() / 10
            guard abs(percent) > limits.priceMedianPercent else { return nil }
            var reason = Reason(code: .priceMedian, country: country)
            reason.fuel = choice.value
            (reason.before, reason.after, reason.percent) = (was, now, percent)
            reason.limit = limits.priceMedianPercent
            return reason
        }
    }

    /// The cells that held the country's stations before and hold none of them now.
    private static func emptied(
        _ country: String, after: [Station], before: [Station], new: PublishedBuild, previous: PublishedBuild
    ) -> [Reason] {
        let oldGrid = Grid(degrees: previous.index.gridDegrees)
        let newGrid = Grid(degrees: new.index.gridDegrees)
        let now = Set(after.map { newGrid.key(latitude: $0.latitude, longitude: $0.longitude).description })
        let empty = Set(before.map { oldGrid.key(latitude: $0.latitude, longitude: $0.longitude).description })
            .subtracting(now).sorted()
        guard !empty.isEmpty else { return [] }
        var reason = Reason(code: .cellEmptied, country: country)
        reason.count = empty.count
        reason.items = Array(empty.prefix(listed))
        return [reason]
    }

    /// Each reject reason that rose by more than the threshold, from the builds' saved reports.
    private static func rejects(
        _ country: String, new: PublishedBuild, previous: PublishedBuild, limits: VerdictThresholds
    ) -> [Reason] {
        guard let now = new.report?.countries.first(where: { $0.country == country })?.rejected,
            let was = previous.report?.countries.first(where: { $0.country == country })?.rejected
        else { return [] }
        return now.keys.sorted().compactMap { code in
            let after = now[code] ?? 0
            let before = was[code] ?? 0
            guard after - before >= limits.rejectsRiseAtLeast,
                Double(after) > Double(before) * (1 + limits.rejectsRisePercent / 100)
            else { return nil }
            var reason = Reason(code: .rejectsRose, country: country)
            reason.reject = code
            (reason.before, reason.after) = (Double(before), Double(after))
            return reason
        }
    }

    /// Prices of a fuel far from the country's median (outside `median ÷ factor … median × factor`) that were not
    /// outliers before; `other` is left out.
    private static func outliers(
        _ country: String, after: [Station], before: [Station], limits: VerdictThresholds
    ) -> [Reason] {
        let oldIDs = Set(before.map(\.id))
        let oldPrices = Dictionary(
            before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // `other` gathers unrelated fuels under their own labels (methanol beside AdBlue), so it has no usual range.
        return FuelChoice.present(in: after).filter { $0.fuel != .other }.compactMap { choice in
            let prices = after.compactMap { station in choice.price(at: station).map { (station, $0.price) } }
            guard let scale = PriceScale(prices.map(\.1), outlierFactor: limits.outlierFactor), scale.median > 0
            else { return nil }
            let outside = prices.filter { station, price in
                guard scale.isOutlier(price) else { return false }
                // Already outside before: not new.
                if oldIDs.contains(station.id), let was = oldPrices[station.id].flatMap(choice.price(at:))?.price {
                    return !scale.isOutlier(was)
                }
                return true
            }.map(\.0.id).sorted()
            guard !outside.isEmpty else { return nil }
            var reason = Reason(code: .priceOutliers, country: country)
            reason.fuel = choice.value
            reason.count = outside.count
            reason.items = Array(outside.prefix(listed))
            (reason.low, reason.high) = ((scale.low * 1000).rounded() / 1000, (scale.high * 1000).rounded() / 1000)
            return reason
        }
    }

    private static func pricesByChoice(_ stations: [Station]) -> [FuelChoice: [Double]] {
        var prices: [FuelChoice: [Double]] = [:]
        for choice in FuelChoice.present(in: stations) {
            prices[choice] = stations.compactMap { choice.price(at: $0)?.price }
        }
        return prices
    }
}

/// The limits past which a country's change makes the verdict `CHECK`. The per-country ones are read from
/// `adapters/<CC>/source.json`; the others are fixed and documented in docs/operators.md (The verdict).
public struct VerdictThresholds: Sendable, Equatable {
    /// A station count moving (up or down) by more than this, in percent: the country's `warnShrinkPercent` (3).
    public var stationChangePercent: Double
    /// A feed time older than this at its fetch, in hours: the country's `maxFeedAgeHours`; nil turns it off.
    public var feedAgeHours: Double?
    /// A fuel's median price moving by more than this, in percent: the country's `checkPriceMedianPercent` (5).
    public var priceMedianPercent = 5.0
    /// Fewer prices of a fuel than this, before or after, give no median worth comparing.
    public var priceMedianMinimum = 20
    /// A reject reason rising by more than this percent and by at least ``rejectsRiseAtLeast`` records.
    public var rejectsRisePercent = 50.0
    public var rejectsRiseAtLeast = 20
    /// A price below the country's median for the fuel divided by this, or above it times this, is an outlier.
    public var outlierFactor = 1.6

    public init(stationChangePercent: Double = 3, feedAgeHours: Double? = 72) {
        self.stationChangePercent = stationChangePercent
        self.feedAgeHours = feedAgeHours
    }

    /// The country's thresholds from its metadata; the defaults when it has none that loads.
    public static func of(country: String, adaptersDirectory: URL?) -> VerdictThresholds {
        guard let config = try? CountryConfig.load(country: country, adaptersDirectory: adaptersDirectory) else {
            return VerdictThresholds()
        }
        var thresholds = VerdictThresholds(
            stationChangePercent: config.warningShrinkPercent, feedAgeHours: config.maxFeedAgeHours.map(Double.init))
        thresholds.priceMedianPercent = config.priceMedianCheckPercent
        return thresholds
    }
}
