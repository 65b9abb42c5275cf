import Foundation
import FuelCommandLine
import FuelFormat
import FuelUpload

/// `fuel-publish rollback`: makes an archived format-2 build the live index again.
enum RollbackCommand {
    static let usage = """
        usage: fuel-publish rollback --bucket B --to BUILT_AT [--prefix fuel/] [--v2-prefix P] [--endpoint URL]
                                     [--region auto] [--dry-run]

        Format 2 only. Reads s3://B/<v2-prefix>builds/<BUILT_AT>.json, checks that every tile, brands and sources
        file it names is still in the bucket, then writes it as <v2-prefix>index.json with If-Match on the live
        index, under the publisher lock. Readers see the older build within the index's max-age. A build with a
        missing object is refused, and nothing is written. 'fuel-publish builds' lists what can be restored.

          --to BUILT_AT      the build's builtAt, 2026-12-02T06:00:00Z or its name 20261202T060000Z
        \(UploadCommand.bucketHelp)
          --dry-run          check the build and say what would change; write nothing

        \(UploadCommand.credentialsHelp)
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (settings, target) = try arguments.parse(usage: usage) { arguments in
            guard
                let to = try arguments.option(
                    "--to", as: Format2.parseBuildName, expected: "a builtAt like 2026-12-02T06:00:00Z")
            else { throw UsageError("--to is required: the builtAt of the build to restore") }
            return (try UploadCommand.bucketOptions(&arguments, dryRun: try arguments.flag("--dry-run")), to)
        } then: { (options, target) in
            (try UploadCommand.settings(options), target)
        }
        let (restored, replaced) = try await StoppableRun.run { stop in
            try await Format2History(settings: settings, stop: stop) { Console.error($0.sentence) }.rollback(to: target)
        }
        let index = "\(settings.bucket)/\(settings.format2Prefix)\(Format2.indexPath)"
        let what =
            "build \(restored.name) (builtAt \(UTCTime.format(restored.builtAt)), \(restored.totalStations) stations "
            + "in \(restored.tiles) tiles)"
        let before = replaced.map { "; it replaced build \($0)" } ?? ""
        Console.output(
            settings.dryRun
                ? "dry run: \(index) would become \(what)\(before); nothing was written"
                : "rolled back: \(index) is now \(what)\(before)")
    }
}
