import Foundation
import FuelBench
import FuelCommandLine
import FuelFormat

/// `fuel-bench gen`: synthetic feeds at any scale.
enum GenCommand {
    static let usage = """
        usage: fuel-bench gen --out DIR [--scale S] [--seed N] [--reference-time TIME] [--change-prices F]
                              [--countries AT,ES,…] [--json]

        Writes DIR/<CC>/… in the real formats of the five feeds, and DIR/manifest.json, as `fuel-publish fetch`
        would; the same options always give the same bytes. Prints, per country, the stations written and how many
        of them are valid by design (the build must publish exactly those).

        options:
          --out DIR              feeds folder to write (country folders in it are replaced)
          --scale S              multiple of the real sizes, 1 ≈ 52,000 stations (default 1; 0.01 for tests)
          --seed N               random seed (default 1)
          --reference-time TIME  the feeds' "now", UTC (default 2026-11-30T07:00:00Z)
          --change-prices F      share of stations whose prices changed, e.g. 0.05 (default 0)
          --countries LIST       comma-separated subset (default AT,ES,FR,IT,PT)
          --json                 print the report as JSON on stdout
        """

    static func run(_ arguments: inout Arguments) throws {
        let (options, json) = try arguments.parse(usage: usage) { arguments in
            guard let out = try arguments.option("--out") else { throw UsageError("--out DIR is required") }
            let scale = try arguments.option("--scale", as: { Double($0) }, expected: "a positive number") ?? 1
            guard scale > 0, scale.isFinite else { throw UsageError("--scale must be positive, got \(scale)") }
            let seed = try arguments.seed(or: 1)
            let reference =
                try arguments.option(
                    "--reference-time", as: UTCTime.parse, expected: "a UTC time like 2026-11-30T07:00:00Z")
                ?? GeneratorOptions.defaultReferenceTime
            let change =
                try arguments.option("--change-prices", as: { Double($0) }, expected: "a share between 0 and 1") ?? 0
            guard (0...1).contains(change) else {
                throw UsageError("--change-prices must be between 0 and 1, got \(change)")
            }
            let countries = try arguments.list("--countries")?.map { $0.uppercased() } ?? FeedGenerator.countries
            let json = try arguments.flag("--json")
            let options = GeneratorOptions(
                scale: scale, seed: seed, output: URL(fileURLWithPath: out), referenceTime: reference,
                changedFraction: change, countries: countries)
            return (options, json)
        }
        let report = try FeedGenerator.generate(options)
        if json { Console.output(report.json()) } else { Console.error(report.text()) }
    }
}
