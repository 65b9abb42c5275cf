import Foundation
import FuelCommandLine
import FuelReport

/// `fuel-publish diff OLD NEW`: what changed between two builds.
enum DiffCommand {
    static let usage = """
        usage: fuel-publish diff OLD NEW [--json]

        Says first the new build's verdict (OK, or CHECK with its reasons; see docs/operators.md, "The verdict"),
        then compares two builds, each an output folder (OUT, holding OUT/fuel) or a copy of OUT/fuel: per country,
        stations added, removed and moved (more than 100 m), with up to 10 named examples each; prices changed per
        fuel (how many, the median change, the largest rises and falls); tiles changed, added and removed.
        Format 1 is read when a build has it, format 2 otherwise.

          --json     print the comparison as JSON (stable keys), its "verdict" object included, instead of text
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (json, folders) = try arguments.parse(usage: usage) { arguments in
            (try arguments.flag("--json"), arguments.positionals())
        } then: { (json, folders) in
            guard folders.count == 2 else {
                throw UsageError("give two build folders, OLD and NEW (got \(folders.count))")
            }
            return (json, folders)
        }
        let old = try PublishedBuild.load(URL(fileURLWithPath: folders[0]))
        let new = try PublishedBuild.load(URL(fileURLWithPath: folders[1]))
        var comparison = BuildComparison.between(old, new)
        comparison.verdict = BuildVerdict.of(new, previous: old)
        Console.output(json ? comparison.json() : comparison.text())
    }
}
