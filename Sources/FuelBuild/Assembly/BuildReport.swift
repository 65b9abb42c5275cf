import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

/// What a build did, per country and in total; printed on stderr, or as JSON on stdout with `--json`.
public struct BuildReport: Sendable, Codable, Equatable {
    /// A country a build left out because its fetch had not succeeded: in a first build (`--first-run`), or in a
    /// later one while the country has never been published (it joins on its first good fetch).
    public struct LeftOut: Sendable, Codable, Equatable {
        public var country: String
        /// Why, in words: `its fetch failed (…)`, `never fetched (…)`.
        public var reason: String
        /// True when a build after the first left the country out because no build has published it yet; absent
        /// from the JSON for a first build's.
        public var notYetPublished: Bool?

        public init(country: String, reason: String, notYetPublished: Bool? = nil) {
            self.country = country
            self.reason = reason
            self.notYetPublished = notYetPublished
        }

        /// `PT left out of this first build (--first-run): its fetch failed (…)`, or for a country not yet
        /// published, `PT left out of this build: never published yet, and its fetch failed (…); it joins on its
        /// first good fetch`.
        public var sentence: String {
            notYetPublished == true
                ? "\(country) left out of this build: never published yet, and \(reason); it joins on its first good "
                    + "fetch"
                : "\(country) left out of this first build (--first-run): \(reason)"
        }
    }

    /// A loss of stations below the refusal (``ShrinkGuard``) but above the country's warning threshold.
    public struct ShrinkWarning: Sendable, Codable, Equatable {
        /// Stations in the previous build.
        public var previous: Int
        /// Stations now.
        public var now: Int
        /// The loss in percent of `previous`, to one decimal.
        public var lostPercent: Double
        /// The country's `warnShrinkPercent`.
        public var warnPercent: Double
        /// The country's `maxShrinkPercent`, past which the build refuses (unless `--allow-shrink`).
        public var refusePercent: Double

        public init(previous: Int, now: Int, warnPercent: Double, refusePercent: Double) {
            self.previous = previous
            self.now = now
            lostPercent = previous > 0 ? (Double(previous - now) * 1000 / Double(previous)).rounded() / 10 : 0
            self.warnPercent = warnPercent
            self.refusePercent = refusePercent
        }

        /// `ES lost 5.0 % of its stations: 38 now against 40 published, more than …`.
        public func sentence(_ country: String) -> String {
            "\(country) lost \(String(format: "%.1f", lostPercent)) % of its stations: \(now) now against \(previous) "
                + "published, more than the \(NumberText.plain(warnPercent)) % its warnShrinkPercent warns of (a build "
                + "refuses past its maxShrinkPercent, \(NumberText.plain(refusePercent)) %); published, check the feed"
        }
    }

    /// How the tiles differ from the previous build in `OUT`, by path and bytes.
    public struct TileChanges: Sendable, Codable, Equatable {
        public var added: Int
        public var removed: Int
        /// Tiles in both builds whose bytes differ.
        public var changed: Int
        public var unchanged: Int
    }

    /// Always true in a report; a refused build's JSON document (``BuildFailure``) has `"ok": false`.
    public var ok = true
    public var countries: [Country]
    /// Files written under `OUT/fuel/`.
    public var files: Int
    public var tiles: Int
    public var jsonBytes: Int
    public var gzipBytes: Int
    public var builtAt: String
    public var output: String
    public var seconds: Double
    /// The formats written: `v1`, `v2` or `both` (see ``PublishLayout``).
    public var layout: String = PublishLayout.standard.rawValue
    /// Format-2 files written (tiles, brands, sources, the index and its archived copy); 0 without format 2.
    public var snapshotFiles: Int = 0
    /// Tiles whose JSON was unchanged, so the previous build's gzipped file was linked instead of compressed again.
    public var reusedTiles = 0
    /// Wall-clock seconds of each step of the build (countries are parsed concurrently), and under
    /// `"<step> (CPU)"` the CPU seconds all threads spent in it.
    public var phases: [String: Double] = [:]
    /// Against the previous build in `OUT`; nil when there was none.
    public var tileChanges: TileChanges?
    /// Set when `--skip-unchanged` found every country's inputs to be the published build's and wrote nothing: that
    /// build's `builtAt`, `…Z`. The countries are then that build's lines; absent from the JSON otherwise.
    public var unchangedSince: String?
    /// The countries a first build (`--first-run`), or a later build while they were never published, left out; nil
    /// otherwise, and then absent from the JSON.
    public var leftOut: [LeftOut]?

    /// The human-readable report.
    public func text() -> String {
        if let since = unchangedSince {
            return
                "nothing changed since the previous build in OUT, built \(since): every country's feed and metadata are the "
                + "ones it was made from (\(countries.map(\.country).joined(separator: ", "))); nothing was built or "
                + "written"
        }
        var lines: [String] = []
        for country in countries {
            let rejected = country.rejected.values.reduce(0, +)
            var line = "\(country.country): \(country.records) records, \(country.parsed) stations parsed, "
            line += "\(country.kept) kept, \(rejected) rejected, \(country.tiles) tiles, "
            line += "\(ByteCount.format(country.stationBytes)) JSON, feed time \(country.updated)"
            if let fetchedAt = country.fetchedAt { line += Self.fetchClause(fetchedAt, feedTime: country.updated) }
            if let since = country.carriedSince {
                line =
                    "\(country.country): CARRIED from the previous build, \(country.kept) stations unchanged, "
                    + "feed time \(country.updated), last fresh build \(since)"
            }
            lines.append(line)
            if let warning = country.shrinkWarning { lines.append("    WARNING: \(warning.sentence(country.country))") }
            if let reason = country.carriedBecause { lines.append("    carried because: \(reason)") }
            if country.reused == true {
                lines.append(
                    "    reused: feed and metadata unchanged since the previous build in OUT; not parsed again")
            }
            for (code, count) in country.rejected.sorted(by: { $0.key < $1.key }) {
                lines.append("    rejected \(count): \(country.reasons[code] ?? code)")
            }
            for (code, count) in country.repaired.sorted(by: { $0.key < $1.key }) {
                lines.append("    repaired \(count): \(country.reasons[code] ?? code)")
            }
            for (code, count) in country.counters.sorted(by: { $0.key < $1.key }) {
                lines.append("    counted \(count): \(country.reasons[code] ?? code)")
            }
            for note in country.notes { lines.append("    note: \(note)") }
            if !country.stationsAddUp { lines.append("    counts: \(country.accounting)") }
        }
        for omitted in leftOut ?? [] { lines.append("WARNING: \(omitted.sentence)") }
        let stations = countries.map(\.kept).reduce(0, +)
        lines.append(
            "total: \(stations) stations in \(tiles) tiles, \(files) files, \(ByteCount.format(jsonBytes)) JSON → "
                + "\(ByteCount.format(gzipBytes)) gzip, built at \(builtAt) in \(String(format: "%.2f", seconds)) s → \(output)"
        )
        if reusedTiles > 0 {
            lines.append("reused: \(reusedTiles) of \(tiles) tiles unchanged, linked from the previous build")
        }
        if layout != PublishLayout.v1.rawValue {
            let formats = layout == PublishLayout.both.rawValue ? "format 1 and format 2" : "format 2 only"
            lines.append("layout \(layout): \(formats); \(snapshotFiles) format-2 files under v2/")
        }
        if !phases.isEmpty {
            let order = [
                "prepare", Builder.parsePhase, Builder.dryRunPhase, Builder.writePhase, "swap and clean up",
            ]
            let parts = order.compactMap { name in
                phases[name].map { wall in
                    let cpu = phases[name + " (CPU)"].map { String(format: " (%.2f CPU-s)", $0) } ?? ""
                    return "\(name) \(String(format: "%.2f", wall)) s\(cpu)"
                }
            }
            lines.append("time: " + parts.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// Marks each country that lost more of its `previousStations` than its warning threshold (the same rule as
    /// ``ShrinkGuard``'s refusal, at `warnPercent`).
    mutating func markShrinkWarnings(
        warnPercent: (String) -> Double, refusePercent: (String) -> Double
    ) {
        for index in countries.indices {
            let country = countries[index]
            guard let previous = country.previousStations,
                !ShrinkGuard.shrinks(
                    from: [country.country: previous], to: [country.country: country.kept], allowedPercent: warnPercent
                ).isEmpty
            else { continue }
            countries[index].shrinkWarning = ShrinkWarning(
                previous: previous, now: country.kept, warnPercent: warnPercent(country.country),
                refusePercent: refusePercent(country.country))
        }
    }

    /// The report as JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    /// `, fetched 2026-11-30T05:17:00Z, 3.2 h after the feed time`.
    static func fetchClause(_ fetchedAt: String, feedTime: String) -> String {
        guard let fetched = UTCTime.parse(fetchedAt), let feed = UTCTime.parse(feedTime) else {
            return ", fetched \(fetchedAt)"
        }
        let lag = TimeInterval(fetched - feed)
        return lag >= 0
            ? ", fetched \(fetchedAt), \(FeedFreshness.describe(lag)) after the feed time"
            : ", fetched \(fetchedAt), before the feed time"
    }

}
