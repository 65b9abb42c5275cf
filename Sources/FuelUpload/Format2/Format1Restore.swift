import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import Synchronization

/// Rollback's format-1 half: the same kept build written back as format 1. A format-2 build's objects hold the
/// very JSON format 1 publishes (the same gzipped bytes, under hashed names), so each format-1 document is copied
/// from its format-2 object and the format-1 index is written from the format-2 index's listing.
struct Format1Restore: Sendable {
    /// A copy of one format-2 object to its format-1 path.
    struct Copy: Sendable, Equatable {
        /// Below the format-2 prefix: `tiles/83_3.<hash>.json`.
        var from: String
        /// Below the format-1 prefix: `tiles/83_3.json`.
        var to: String
        var kind: ObjectKind
    }

    /// What restoring format 1 will write.
    struct Plan: Sendable {
        /// Documents whose format-1 copy differs from the build's (or is missing), tiles first.
        var copies: [Copy]
        /// Documents already in place byte for byte.
        var unchanged: Int
        /// The format-1 index of the build.
        var index: LocalObject
        /// The live format-1 index's ETag, for `If-Match`.
        var liveETag: String
        /// The build the live format-1 index is of, when it can be read.
        var replaced: String?
    }

    let settings: UploadSettings

    /// The format-1 index of a format-2 build: its tiles in key order, countries, trends by country, id table and
    /// history days (R14).
    static func index(of build: Format2Index) -> TileIndex {
        let keys = build.tiles.keys.compactMap { TileKey($0) }.sorted().map(\.description)
        return TileIndex(
            gridDegrees: build.gridDegrees, builtAt: build.builtAt, tiles: keys, countries: build.countries,
            trends: build.trends.map { trends in
                Dictionary(
                    uniqueKeysWithValues: trends.map {
                        ($0.key, TrendListing(path: TileFormat.trendPath($0.key), since: $0.value.since))
                    })
            }, idShards: build.ids == nil ? nil : IdShard.count, history: build.history)
    }

    /// The format-1 path of a format-2 object: its name without the hash.
    static func formatOnePath(_ path: String) -> String? {
        Format2.splitObjectName(path).map { $0.name + ".json" }
    }

    /// Compares the build with what format 1 holds now, reading nothing but one listing and the live index.
    /// - Parameter format2ETags: the format-2 listing, by full key.
    /// - Throws: ``UploadError/rollback(_:)`` when format 1 is not published here, so it cannot be restored.
    func plan(build: Format2Index, format2ETags: [String: String], client: S3Client) async throws -> Plan {
        let indexKey = settings.prefix + TileFormat.indexPath
        let listing: [String: String]
        do {
            listing = try await client.listAll(
                prefix: settings.prefix, maxKeys: settings.listPageSize, maxPages: settings.maxListPages
            ).etags
        } catch {
            throw UploadError.request("cannot list \(settings.bucket)/\(settings.prefix): \(error)")
        }
        guard let liveETag = listing[indexKey] else {
            throw UploadError.rollback(
                "no format-1 index at \(settings.bucket)/\(indexKey), so format 1 cannot be restored; pass "
                    + "--layout v2 to restore format 2 alone. Nothing was written")
        }
        var copies: [Copy] = []
        var unchanged = 0
        for path in build.objectPaths {
            guard let target = Self.formatOnePath(path) else { continue }
            let source = format2ETags[settings.format2Prefix + path].map(UploadPlan.normalise)
            if let source, listing[settings.prefix + target].map(UploadPlan.normalise) == source {
                unchanged += 1
            } else {
                let kind: ObjectKind = path.hasPrefix("tiles/") ? .tile : .metadata
                copies.append(Copy(from: path, to: target, kind: kind))
            }
        }
        copies.sort { ($0.kind, $0.to) < ($1.kind, $1.to) }
        let json = TileEncoder.encode(Self.index(of: build))
        let index = LocalObject(path: TileFormat.indexPath, kind: .index, bytes: Gzip.compress(json))
        let replaced = try? await client.document(TileIndex.self, key: indexKey).map {
            Format2.buildName($0.document.builtAt)
        }
        return Plan(copies: copies, unchanged: unchanged, index: index, liveETag: liveETag, replaced: replaced ?? nil)
    }

    /// Copies the documents, tiles first, then writes the index with `If-Match` on the live one.
    /// - Throws: ``UploadError/objectsFailed(phase:failures:notAttempted:indexWritten:)`` when a copy fails (the
    ///   index is then not written), ``UploadError/indexChanged`` when another publisher replaced the index.
    func write(_ plan: Plan, session: PublishSession) async throws {
        let client = session.client
        let settings = self.settings
        for kind in [ObjectKind.tile, .metadata] {
            let batch = plan.copies.filter { $0.kind == kind }
            let result = try await session.forEach(batch) { copy in
                let from = settings.format2Prefix + copy.from
                let response: HTTPResponse
                do {
                    response = try await client.get(key: from)
                } catch {
                    return "GET \(from): \(error)"
                }
                guard response.status == 200 else { return "GET \(from): HTTP \(response.status)" }
                let object = LocalObject(path: copy.to, kind: copy.kind, bytes: response.body)
                return await client.putObject(
                    object, key: settings.prefix + copy.to, cacheControl: settings.cacheControl)
            }
            guard result.failures.isEmpty else {
                throw UploadError.objectsFailed(
                    phase: "format 1's restored documents", failures: result.failures, notAttempted: 0,
                    indexWritten: false)
            }
        }
        try session.checkpoint()
        try await client.putIndex(
            plan.index, key: settings.prefix + TileFormat.indexPath, cacheControl: settings.indexCacheControl,
            condition: .ifMatch(plan.liveETag), log: session.log)
    }
}
