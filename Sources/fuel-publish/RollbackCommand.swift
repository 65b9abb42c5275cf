import Foundation
import FuelBuild
import FuelCommandLine
import FuelFormat
import FuelPublishing
import FuelUpload

/// `fuel-publish rollback`: makes an archived format-2 build the live index again, in format 1 too.
enum RollbackCommand {
    static let usage = """
        usage: fuel-publish rollback --bucket B --to BUILT_AT [--layout both|v2] [--prefix fuel/] [--v2-prefix P]
                                     [--endpoint URL] [--region auto] [--dry-run]

        Restores a build format 2 keeps. Reads s3://B/<v2-prefix>builds/<BUILT_AT>.json, checks that every tile,
        brands, trends and sources file it names is still in the bucket and reads as a reader would, then writes
        it as <v2-prefix>index.json with If-Match on the live index, under the publisher locks. With --layout
        both (the default, as the publish job's), the same build becomes format 1's too: each document is copied
        from its format-2 object (the same JSON) where format 1's differs, then <prefix>index.json is written
        with If-Match, before format 2's index. A build with a missing object, or a format that cannot be
        restored (no format-1 index under --prefix), is refused before anything is written. Readers see the
        older build within each index's max-age. 'fuel-publish builds' lists what can be restored.

          --to BUILT_AT      the build's builtAt, 2026-12-02T06:00:00Z or its name 20261202T060000Z
          --layout L         both (default) or v2: the formats to restore
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
            var options = try UploadCommand.bucketOptions(&arguments, dryRun: try arguments.flag("--dry-run"))
            options.layout =
                try arguments.option(
                    "--layout", as: { $0 == "v1" ? nil : PublishLayout(rawValue: $0) },
                    expected: "both or v2 (format 1 alone has no kept builds)") ?? .both
            return (options, to)
        } then: { (options, target) in
            (try UploadCommand.settings(options), target)
        }
        let rollback = try await StoppableRun.run { stop in
            try await Format2History(settings: settings, stop: stop) { Console.error($0.sentence) }.rollback(to: target)
        }
        let restored = rollback.restored
        let what =
            "build \(restored.name) (builtAt \(UTCTime.format(restored.builtAt)), \(restored.totalStations) stations "
            + "in \(restored.tiles) tiles)"
        var lines: [(index: String, replaced: String?, detail: String)] = []
        if let one = rollback.formatOne {
            let detail = "; \(one.copied) documents copied from format 2, \(one.unchanged) already in place"
            lines.append(("\(settings.bucket)/\(settings.prefix)\(TileFormat.indexPath)", one.replaced, detail))
        }
        lines.append(("\(settings.bucket)/\(settings.format2Prefix)\(Format2.indexPath)", rollback.replaced, ""))
        for line in lines {
            let before = line.replaced.map { "; it replaced build \($0)" } ?? ""
            Console.output(
                settings.dryRun
                    ? "dry run: \(line.index) would become \(what)\(before)\(line.detail); nothing was written"
                    : "rolled back: \(line.index) is now \(what)\(before)\(line.detail)")
        }
        if rollback.formatOne == nil { Console.output("format 1 was left as it is (--layout v2)") }
    }
}
