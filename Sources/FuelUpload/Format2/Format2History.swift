import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import Synchronization

/// The archived builds under a format-2 prefix: what `fuel-publish builds` lists and `rollback` restores.
public struct Format2History: Sendable {
    /// One archived build.
    public struct Build: Sendable, Equatable {
        /// `20261202T060000Z`.
        public var name: String
        public var builtAt: Date
        /// Stations by country.
        public var stations: [String: Int]
        public var tiles: Int
        /// Objects it names that the bucket no longer holds; a build with any cannot be rolled back to.
        public var missing: Int
        /// Whether `index.json` is this build now.
        public var live: Bool

        /// Stations in all.
        public var totalStations: Int { stations.values.reduce(0, +) }
    }

    public let settings: UploadSettings
    /// Set by the command on SIGTERM, SIGINT or SIGHUP: a rollback stops before its index PUT.
    public let stop: UploadStop
    private let log: @Sendable (UploadEvent) -> Void

    /// - Parameter log: the events as they happen; secrets are removed before it sees them.
    public init(
        settings: UploadSettings, stop: UploadStop = UploadStop(), log: @escaping @Sendable (UploadEvent) -> Void
    ) {
        self.settings = settings
        self.stop = stop
        self.log = log
    }

    /// Every archived build, oldest first.
    /// - Throws: ``UploadError``.
    public func builds() async throws -> [Build] {
        let session = PublishSession(settings: settings, stop: stop, log: log)
        return try await session.run {
            let client = session.client
            let listing = try await list(client)
            let live = listing[settings.format2Prefix + Format2.indexPath].map(UploadPlan.normalise)
            let names = Format2Prune.buildNames(in: listing.keys, prefix: settings.format2Prefix)
            let found = Mutex([Build]())
            let failures = try await session.forEach(names) { name in
                do {
                    let (index, body) = try await archived(name, client: client)
                    let missing = index.objectPaths.filter { listing[settings.format2Prefix + $0] == nil }.count
                    let build = Build(
                        name: name, builtAt: index.builtAt, stations: index.countries.mapValues(\.stations),
                        tiles: index.tiles.count, missing: missing, live: Digest.hex(Digest.md5(body)) == live)
                    found.withLock { $0.append(build) }
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            guard failures.failures.isEmpty else {
                throw UploadError.request(failures.failures.joined(separator: "; "))
            }
            return found.withLock { $0 }.sorted { $0.name < $1.name }
        }
    }

    /// What a rollback wrote, format by format.
    public struct Rollback: Sendable, Equatable {
        /// The build now live in format 2.
        public var restored: Build
        /// The format-2 build it replaced (nil when there was no index).
        public var replaced: String?
        /// Format 1, when the layout includes it: the build its index was of before, and how many documents were
        /// rewritten from format 2's objects or already in place.
        public var formatOne: FormatOne?

        /// Format 1's part of a rollback.
        public struct FormatOne: Sendable, Equatable {
            public var replaced: String?
            public var copied: Int
            public var unchanged: Int
        }
    }

    /// Makes the archived build of `builtAt` the live index, after checking that every object it names exists. With
    /// a layout that includes format 1, the same build becomes format 1's live index too, its documents copied from
    /// format 2's objects; everything is checked before anything is written.
    /// - Returns: what was restored and replaced in each format.
    /// - Throws: ``UploadError/rollback(_:)`` when the build is not archived, is incomplete, or a format of the layout
    ///   cannot be restored; nothing is written then.
    public func rollback(to builtAt: Date) async throws -> Rollback {
        let session = PublishSession(settings: settings, stop: stop, log: log)
        let prefixes =
            settings.layout.includesV1 ? [settings.prefix, settings.format2Prefix] : [settings.format2Prefix]
        return try await session.run {
            try await session.holdingLocks(prefixes) {
                try await restore(builtAt, session: session)
            }
        }
    }

    private func restore(_ builtAt: Date, session: PublishSession) async throws -> Rollback {
        let client = session.client
        let log = session.log
        let prefix = settings.format2Prefix
        let listing = try await list(client)
        let name = Format2.buildName(builtAt)
        let key = prefix + Format2.buildPath(builtAt)
        guard listing[key] != nil else {
            let names = Format2Prune.buildNames(in: listing.keys, prefix: prefix)
            throw UploadError.rollback(
                "no archived build \(name) under \(prefix)builds/; nothing was written. Archived: "
                    + (names.isEmpty ? "none" : names.joined(separator: ", ")))
        }
        let (index, body) = try await archived(name, client: client)
        let missing = index.objectPaths.filter { listing[prefix + $0] == nil }
        guard missing.isEmpty else {
            throw UploadError.rollback(
                "build \(name) names \(missing.count) objects the bucket no longer holds (\(missing.prefix(5).joined(separator: ", "))\(missing.count > 5 ? ", …" : "")); "
                    + "rolling back to it would serve failures. Nothing was written")
        }
        // Every object read back as a reader would: one it would refuse (altered, or named by an older rule) makes
        // the rollback serve failures.
        let wrong = try await PublishedObjects.checkFormatTwo(
            index.objectPaths.sorted(), under: prefix, session: session)
        guard wrong.isEmpty else {
            throw UploadError.rollback(
                "build \(name) names \(wrong.count) objects a reader would refuse (\(wrong.prefix(3).map(\.description).joined(separator: "; "))\(wrong.count > 3 ? "; …" : "")); "
                    + "rolling back to it would serve failures. Nothing was written")
        }
        let indexKey = prefix + Format2.indexPath
        let object = LocalObject(path: Format2.indexPath, kind: .index, bytes: body)
        let liveETag = listing[indexKey]
        var replaced: String?
        if liveETag != nil, let live = try await client.document(Format2Index.self, key: indexKey) {
            replaced = Format2.buildName(live.document.builtAt)
        }
        let restored = Build(
            name: name, builtAt: index.builtAt, stations: index.countries.mapValues(\.stations),
            tiles: index.tiles.count, missing: 0, live: true)
        let formatOne = Format1Restore(settings: settings)
        let plan =
            settings.layout.includesV1
            ? try await formatOne.plan(build: index, format2ETags: listing, client: client) : nil
        let result = Rollback(
            restored: restored, replaced: replaced,
            formatOne: plan.map { .init(replaced: $0.replaced, copied: $0.copies.count, unchanged: $0.unchanged) })
        if settings.dryRun { return result }
        if let plan {
            try session.checkpoint()
            try await formatOne.write(plan, session: session)
        }
        if liveETag.map(UploadPlan.normalise) == object.md5Hex {
            log(.alreadyLive(indexKey: indexKey, build: name))
        } else {
            try session.checkpoint()
            try await client.putIndex(
                object, key: indexKey, cacheControl: settings.format2IndexCacheControl,
                condition: liveETag.map { .ifMatch($0) } ?? .ifNoneMatch, log: log)
        }
        // R15: root.json follows the index back: the restored build's projection, or none for a build before roots.
        try await Format2RootSync.apply(
            Format2RootSync.step(for: index, bucketETag: listing[prefix + Format2.rootPath]), prefix: prefix,
            cacheControl: settings.format2IndexCacheControl, client: client)
        return result
    }

    private func list(_ client: S3Client) async throws -> [String: String] {
        do {
            return try await client.listAll(
                prefix: settings.format2Prefix, maxKeys: settings.listPageSize, maxPages: settings.maxListPages
            ).etags
        } catch {
            throw UploadError.request("cannot list \(settings.bucket)/\(settings.format2Prefix): \(error)")
        }
    }

    private func archived(_ name: String, client: S3Client) async throws -> (Format2Index, [UInt8]) {
        let key = settings.format2Prefix + "builds/\(name).json"
        guard let read = try await client.document(Format2Index.self, key: key) else {
            throw UploadError.rollback("\(key) was listed but is gone")
        }
        return (read.document, read.body)
    }
}
