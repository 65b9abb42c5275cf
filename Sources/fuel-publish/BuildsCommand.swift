import Foundation
import FuelCommandLine
import FuelFormat
import FuelUpload

/// `fuel-publish builds`: the archived format-2 builds, what rollback can restore.
enum BuildsCommand {
    static let usage = """
        usage: fuel-publish builds --bucket B [--prefix fuel/] [--v2-prefix P] [--endpoint URL] [--region auto]
                                   [--now TIME]

        Format 2 only. Lists s3://B/<v2-prefix>builds/, oldest first: each build's builtAt, age, stations per
        country and tiles, whether it is live, and whether every object it names is still in the bucket (only
        such a build can be rolled back to).

        \(UploadCommand.bucketHelp)
          --now TIME         measure ages from this UTC time instead of now

        \(UploadCommand.credentialsHelp)
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (settings, now) = try arguments.parse(usage: usage) { arguments in
            (try UploadCommand.bucketOptions(&arguments, dryRun: true), try BuildCommand.now(&arguments))
        } then: { (options, now) in
            (try UploadCommand.settings(options), now)
        }
        let builds = try await Format2History(settings: settings) { Console.error($0.sentence) }.builds()
        guard !builds.isEmpty else {
            Console.output("no archived builds under \(settings.bucket)/\(settings.format2Prefix)builds/")
            return
        }
        Console.output("builtAt               age      stations  tiles  state      countries")
        for build in builds {
            let hours = now.timeIntervalSince(build.builtAt) / 3600
            let age = hours < 48 ? String(format: "%.1f h", hours) : String(format: "%.1f d", hours / 24)
            let state =
                build.live ? "live" : build.missing == 0 ? "restorable" : "incomplete (\(build.missing) missing)"
            let countries = build.stations.keys.sorted().map { "\($0) \(build.stations[$0] ?? 0)" }
            Console.output(
                UTCTime.format(build.builtAt).padding(toLength: 22, withPad: " ", startingAt: 0)
                    + age.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + String(build.totalStations).leftPadded(8) + String(build.tiles).leftPadded(7) + "  "
                    + state.padding(toLength: 11, withPad: " ", startingAt: 0)
                    + countries.joined(separator: ", "))
        }
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
