import Foundation
import FuelFeeds
import FuelFormat
import FuelPublishing

/// The build's last step: the report of what each country gave, from the counts its parse and validation kept.
extension Builder {
    /// The report of a build: each country's counts, the files, what changed against the previous build, and the
    /// shrink warnings.
    func makeReport(
        _ builds: [CountryBuild], assembled: Assembled, plan: BuildPlan, previous: PreviousBuild?,
        reuse: TileReuse?, seconds: Double
    ) -> BuildReport {
        let assembly = assembled.assembly
        var report = countryReport(builds, assembly: assembly, seconds: seconds)
        report.leftOut = plan.leftOut.flatMap { $0.isEmpty ? nil : $0 }
        report.layout = options.layout.rawValue
        report.reusedTiles = assembly.reusedTiles
        report.files = assembled.files.count
        report.snapshotFiles = assembled.snapshot.count
        for index in report.countries.indices {
            report.countries[index].trendRestarted = assembled.trendRestarts[report.countries[index].country]
        }
        if let previous {
            report.tileChanges = previous.tileChanges(
                to: assembly.files, digests: assembly.tileDigests, previousDigests: reuse?.tiles ?? [:])
            for index in report.countries.indices {
                report.countries[index].previousStations =
                    previous.index.countries[report.countries[index].country]?.stations
            }
            report.markShrinkWarnings(
                warnPercent: plan.warningShrinkPercent, refusePercent: plan.allowedShrinkPercent)
        }
        return report
    }

    private func countryReport(_ builds: [CountryBuild], assembly: Assembly, seconds: Double) -> BuildReport {
        let files = assembly.files
        let countries = builds.map { build -> BuildReport.Country in
            let country = build.tiles.config.country
            let tiles = assembly.tilesPerCountry[country] ?? 0
            let bytes = assembly.stationBytes[country] ?? 0
            if let reused = build.reusedLine {
                return Self.reusedReportLine(reused, build: build, tiles: tiles, bytes: bytes)
            }
            let reasons = build.parse.reasons + build.validation.reasons
            var line = BuildReport.Country(
                country: country, records: build.parse.records, parsed: build.parsedStations,
                kept: build.tiles.stationCount, rejected: reasons.rejects.codes, repaired: reasons.repairs.codes,
                counters: reasons.counters.codes,
                notes: build.parse.notes,
                updated: UTCTime.format(build.tiles.referenceTime), fetchedAt: build.fetchedAt, tiles: tiles,
                stationBytes: bytes, carriedSince: build.tiles.carriedSince.map(UTCTime.format),
                carriedBecause: build.carriedBecause)
            line.reasons = reasons.sentences
            (line.accounting, line.stationsAddUp) =
                build.carriedBecause == nil
                ? Self.accounting(line, adapter: build.parse.reasons, validation: build.validation.reasons)
                : Self.carriedAccounting(line)
            return line
        }
        return BuildReport(
            countries: countries, files: files.count,
            tiles: files.filter { PublishedPath($0.path).kind == .tile }.count,
            jsonBytes: files.reduce(0) { $0 + $1.jsonBytes }, gzipBytes: files.reduce(0) { $0 + $1.gzipped.count },
            builtAt: UTCTime.format(options.builtAt),
            output: options.dryRun
                ? "(dry run, nothing written)" : OutputDirectory(root: options.outputDirectory).published.path,
            seconds: seconds)
    }

    /// How a country's counts relate: the adapter turns records into stations (a record is what the feed counts:
    /// a row, an object or an element, so the two need not match); validation drops or merges stations, and drops
    /// single prices. Returns the sentence and whether `parsed − kept` is exactly what validation dropped or merged.
    static func accounting(
        _ country: BuildReport.Country, adapter: ReasonTally, validation: ReasonTally
    ) -> (String, Bool) {
        let stations = validation.filter(.station).total
        let prices = validation.filter(.price).total
        let merged = validation[.duplicateIDMerged]
        let dropped = country.parsed - country.kept
        let addsUp = dropped == stations + merged
        let records = adapter.rejects.total
        var text =
            "\(country.records) records → \(country.parsed) stations parsed (\(records) records rejected by the "
            + "adapter; a record is a row, object or element of the feed, so records and stations need not match) → "
            + "\(country.kept) kept (\(stations) stations rejected, \(merged) duplicates merged); \(prices) single "
            + "prices dropped"
        if !addsUp {
            text += "; parsed − kept is \(dropped), not the \(stations + merged) stations rejected or merged"
        }
        return (text, addsUp)
    }
}
