import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

/// One publish of a build in every format its layout names, forward only.
///
/// Before anything is written it takes the locks of every format, reads every live index it will replace and
/// refuses, naming both times, a build older than any of them (going back is `rollback`'s job) or dated more than
/// ``clockSkewAllowance`` ahead of the machine's clock. Only then does it write format 1, then format 2, in one
/// session: one client, one retry count, one stop request. A live index dated in the future is a bad clock's
/// leftover, not a newer build: it is replaced, and the run says so.
public struct Publisher: Sendable {
    public let settings: UploadSettings
    /// Set by the command on SIGTERM, SIGINT or SIGHUP: the publish stops between two requests.
    public let stop: UploadStop
    /// Awaited after each format-2 phase that wrote something; a test hook (see ``Format2Uploader``).
    package var afterPhase: @Sendable (String) async -> Void = { _ in }
    /// The clock a build and a live index are held to: the machine's, or `--now` for a replay (a test hook too).
    package var clock: @Sendable () -> Date
    /// The clock and beat the lock's lease is renewed on (a test hook).
    package var leaseTiming = LeaseTiming()
    private let log: @Sendable (UploadEvent) -> Void

    /// How far ahead of the machine's clock a `builtAt` may lie: the build's own tolerance, so that a build the
    /// builder accepts is one the upload accepts.
    public static let clockSkewAllowance = PublishingClock.tolerance

    /// - Parameter log: the events of the upload as they happen (rendered on stderr by the command); secrets are
    ///   removed before it sees them.
    public init(
        settings: UploadSettings, stop: UploadStop = UploadStop(), log: @escaping @Sendable (UploadEvent) -> Void
    ) {
        self.settings = settings
        self.stop = stop
        self.log = log
        if let replay = settings.replayClock {
            clock = { replay }
        } else {
            clock = { Date() }
        }
    }

    /// Publishes every format of ``UploadSettings/layout``, format 1 first.
    /// - Throws: ``UploadError``; descriptions never hold a secret. After format 1 was written, a failure of format
    ///   2 is ``UploadError/incomplete(written:failure:)``.
    public func run() async throws -> PublishSummary {
        let session = PublishSession(settings: settings, stop: stop, leaseTiming: leaseTiming, log: log)
        var summary = try await session.run {
            let builds = try LocalBuilds.load(settings)
            try checkClock(builds)
            var prefixes: [String] = []
            if builds.formatOne != nil { prefixes.append(settings.prefix) }
            if builds.formatTwo != nil { prefixes.append(settings.format2Prefix) }
            return try await session.holdingLocks(prefixes) {
                // Both formats list, read their live index and check it before either writes.
                let formatOne = Uploader(settings: settings, log: session.log)
                let formatTwo = Format2Uploader(settings: settings, log: session.log, afterPhase: afterPhase)
                var one: Uploader.Prepared?
                var two: Format2Uploader.Prepared?
                if let build = builds.formatOne { one = try await formatOne.prepare(build, in: session) }
                if let snapshot = builds.formatTwo { two = try await formatTwo.prepare(snapshot, in: session) }
                try checkForward(builds.builtAt, live: [one?.live, two?.liveBuild].compactMap { $0 }, log: session.log)

                var summary = PublishSummary()
                if let one { summary.formatOne = try await formatOne.write(one, in: session) }
                if let two {
                    do {
                        summary.formatTwo = try await formatTwo.write(two, in: session)
                    } catch let error as UploadError {
                        guard let written = summary.formatOne, !written.dryRun else { throw error }
                        throw UploadError.incomplete(written: written.line, failure: error)
                    }
                }
                return summary
            }
        }
        summary.requests = session.requests
        return summary
    }

    /// Refuses a local build dated ahead of the machine's clock.
    private func checkClock(_ builds: LocalBuilds) throws {
        let now = clock()
        guard builds.builtAt.timeIntervalSince(now) > Self.clockSkewAllowance else { return }
        throw UploadError.clock(
            "the local build's builtAt \(UTCTime.format(builds.builtAt)) lies \(Self.hours(builds.builtAt, now)) "
                + "ahead of this machine's clock (\(UTCTime.format(now))); nothing was written. Build again "
                + "without a future --built-at, or fix the clock")
    }

    /// Refuses a build older than any live index it would replace; a live index from the future is replaced.
    private func checkForward(_ builtAt: Date, live times: [(key: String, builtAt: Date)], log: (UploadEvent) -> Void)
        throws
    {
        let now = clock()
        for index in times where index.builtAt > builtAt {
            if index.builtAt.timeIntervalSince(now) > Self.clockSkewAllowance {
                log(
                    .warning(
                        .liveIndexFromTheFuture(
                            key: index.key, builtAt: index.builtAt, hoursAhead: Self.hours(index.builtAt, now))))
                continue
            }
            throw UploadError.outdated(
                "the local build (builtAt \(UTCTime.format(builtAt))) is older than the live \(index.key) "
                    + "(builtAt \(UTCTime.format(index.builtAt))); nothing was written in either format. To go "
                    + "back to an earlier build, use `fuel-publish rollback --to <builtAt>`")
        }
    }

    /// `3.5 h`, the distance from `now` to `date`.
    private static func hours(_ date: Date, _ now: Date) -> String {
        String(format: "%.1f h", date.timeIntervalSince(now) / 3600)
    }
}

/// What a publish wrote, format by format.
public struct PublishSummary: Sendable {
    /// Format 1's upload, when the layout has it.
    public var formatOne: UploadSummary?
    /// Format 2's upload, when the layout has it.
    public var formatTwo: Format2Summary?
    /// Requests sent in all: both formats', the live-index reads', the lock's and every retry.
    public var requests = 0

    /// One line per format, format 1 first.
    public var lines: [String] { [formatOne?.line, formatTwo?.line].compactMap { $0 } }
}

/// The local build of each format a layout uploads, read before any request.
struct LocalBuilds {
    var formatOne: LocalBuild?
    var formatTwo: LocalFormat2?
    /// The build's `builtAt` (both formats of one build share it; the newest when they differ).
    var builtAt: Date

    static func load(_ settings: UploadSettings) throws -> LocalBuilds {
        let formatOne = settings.layout.includesV1 ? try LocalBuild.load(from: settings.from) : nil
        let formatTwo = settings.layout.includesV2 ? try LocalFormat2.load(from: settings.from) : nil
        var times: [Date] = []
        if let index = formatOne?.index {
            do {
                times.append(
                    try JSONDecoder().decode(TileIndex.self, from: Data(try Gzip.decompress(index.bytes))).builtAt)
            } catch {
                throw UploadError.localBuild(
                    path: formatOne?.folder.path ?? settings.from.path,
                    reason: "unreadable index: \(ErrorText.describe(error))")
            }
        }
        if let formatTwo { times.append(formatTwo.index.builtAt) }
        return LocalBuilds(formatOne: formatOne, formatTwo: formatTwo, builtAt: times.max() ?? Date.distantPast)
    }
}
