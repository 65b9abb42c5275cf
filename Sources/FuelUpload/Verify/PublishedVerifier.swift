import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing
import Synchronization

/// Reads every object a live index names, as a reader would, and checks it: present, gzip that inflates, a
/// readable document, and for format 2 the bytes its name's hash promises. With `all`, every build format 2 keeps
/// (within `--keep`) is checked too. The operator's tool after an incident: `fuel-publish verify`.
public struct PublishedVerifier: Sendable {
    /// One object that is wrong, and why.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// The full key.
        public var key: String
        public var problem: String
        public var description: String { "\(key): \(problem)" }
    }

    /// What one format's check found.
    public struct Report: Sendable, Equatable {
        /// `fuel/index.json`, or `fuel/v2/index.json`.
        public var index: String
        public var builtAt: Date?
        /// Builds checked (format 2 with `all`: every kept one).
        public var builds: Int
        public var objects: Int
        public var findings: [Finding]
        /// Format 1: what its contents were checked against. Format 2's live index of the same `builtAt` names the
        /// hash of every document's JSON, so a format-1 object changed after the build (a price edited, valid gzip
        /// and a matching ETag) is caught; without that anchor only the form is checked, and this says so.
        public var anchor: Anchor = .hashNamed

        /// What a format's contents were held against.
        public enum Anchor: Sendable, Equatable {
            /// Format 2: each object's name is the hash of its JSON.
            case hashNamed
            /// Format 1: the hashes format 2's live index of the same build names.
            case format2Index
            /// Format 1 without an anchor: form only, and why.
            case none(String)
        }

        /// `fuel/v2/index.json (builtAt …): 3 builds, 412 objects, all sound` or the count of problems.
        public var line: String {
            let built = builtAt.map { " (builtAt \(UTCTime.format($0)))" } ?? ""
            let verdict = findings.isEmpty ? "all sound" : "\(findings.count) wrong"
            let builds = self.builds > 1 ? "\(self.builds) builds, " : ""
            let held: String
            switch anchor {
            case .hashNamed: held = ""
            case .format2Index: held = "; contents held to format 2's hashes of the same build"
            case .none(let why): held = "; contents NOT checked (form only): \(why)"
            }
            return "\(index)\(built): \(builds)\(objects) objects checked, \(verdict)\(held)"
        }
    }

    public let settings: UploadSettings
    /// Also check every build format 2 keeps, not only the live one.
    public let all: Bool
    private let log: @Sendable (UploadEvent) -> Void

    public init(settings: UploadSettings, all: Bool, log: @escaping @Sendable (UploadEvent) -> Void) {
        self.settings = settings
        self.all = all
        self.log = log
    }

    /// Checks each format of ``UploadSettings/layout``.
    /// - Throws: ``UploadError/request(_:)`` when an index or the listing cannot be read at all.
    public func run() async throws -> [Report] {
        let session = PublishSession(settings: settings, stop: UploadStop(), log: log)
        return try await session.run {
            var reports: [Report] = []
            let format2Key = settings.format2Prefix + Format2.indexPath
            let format2 = try await session.client.document(Format2Index.self, key: format2Key)?.document
            if settings.layout.includesV1 { reports.append(try await formatOne(session, format2: format2)) }
            if settings.layout.includesV2 { reports.append(try await formatTwo(session)) }
            return reports
        }
    }

    private func formatOne(_ session: PublishSession, format2: Format2Index?) async throws -> Report {
        let key = settings.prefix + TileFormat.indexPath
        guard let index = try await session.client.document(TileIndex.self, key: key)?.document else {
            return Report(
                index: key, builtAt: nil, builds: 0, objects: 0, findings: [Finding(key: key, problem: "missing")])
        }
        let (anchor, hashes) = Self.anchor(formatOne: index, format2: format2)
        var paths = index.tiles.map { "tiles/\($0).json" } + ["sources.json"]
        paths += index.countries.keys.map { "brands/\($0).json" }
        paths += (index.trends ?? [:]).keys.map(TileFormat.trendPath)
        // Format 1 writes only the id shards that hold ids (R13); format 2's index of the same build names each.
        paths += hashes.keys.filter { $0.hasPrefix("\(IdShard.folder)/") }
        let findings = try await PublishedObjects.check(paths.sorted(), under: settings.prefix, session: session) {
            path, _, json in
            if let named = hashes[path] {
                let actual = Format2Hash.of(json: json)
                if actual != named {
                    return "its JSON hashes to \(actual), but format 2's index of the same build names \(named): "
                        + "it was changed after it was published (upload again to rewrite it)"
                }
            } else if anchor == .format2Index {
                return "format 2's index of the same build names no such document"
            }
            guard PublishedPath(path).kind == .tile else { return nil }
            let tile = try JSONDecoder().decode(Tile.self, from: Data(json))
            let expected = String(path.dropFirst("tiles/".count).dropLast(".json".count))
            return tile.key.description == expected ? nil : "holds the tile of cell \(tile.key)"
        }
        return Report(
            index: key, builtAt: index.builtAt, builds: 1, objects: paths.count, findings: findings, anchor: anchor)
    }

    /// Format 1's documents by path and the hash format 2's live index names for each, when that index is of the
    /// same build; else no anchor, and why.
    static func anchor(formatOne index: TileIndex, format2: Format2Index?) -> (Report.Anchor, [String: String]) {
        guard let format2 else {
            return (.none("no format-2 index is published to hold it against"), [:])
        }
        guard format2.builtAt == index.builtAt else {
            let other = UTCTime.format(format2.builtAt)
            return (.none("format 2's live index is of another build (builtAt \(other))"), [:])
        }
        var hashes: [String: String] = [:]
        for path in format2.objectPaths {
            // `tiles/83_3.<hash>.json` is format 1's `tiles/83_3.json`; `sources.<hash>.json` its `sources.json`.
            guard let parts = Format2.splitObjectName(path) else { continue }
            hashes[parts.name + ".json"] = String(parts.hash)
        }
        return (.format2Index, hashes)
    }

    private func formatTwo(_ session: PublishSession) async throws -> Report {
        let prefix = settings.format2Prefix
        let key = prefix + Format2.indexPath
        guard let live = try await session.client.document(Format2Index.self, key: key)?.document else {
            return Report(
                index: key, builtAt: nil, builds: 0, objects: 0, findings: [Finding(key: key, problem: "missing")])
        }
        var paths = Set(live.objectPaths)
        var builds = 1
        var findings: [Finding] = []
        if all {
            let listing = try await session.client.listAll(prefix: prefix).etags
            let names = Format2Prune.buildNames(in: listing.keys, prefix: prefix)
            let kept = Format2Prune.retention(
                archived: names, live: Format2.buildName(live.builtAt), replaced: nil, now: settings.now,
                keepHours: settings.keepHours, keepLast: 0
            ).referencing.intersection(names)
            for name in kept.sorted() where name != Format2.buildName(live.builtAt) {
                let archive = prefix + "builds/\(name).json"
                do {
                    guard let build = try await session.client.document(Format2Index.self, key: archive) else {
                        findings.append(Finding(key: archive, problem: "listed but gone"))
                        continue
                    }
                    paths.formUnion(build.document.objectPaths)
                    builds += 1
                } catch {
                    findings.append(Finding(key: archive, problem: "\(error)"))
                }
            }
        }
        findings += try await PublishedObjects.checkFormatTwo(paths.sorted(), under: prefix, session: session)
        let firstRead = try await Format2FirstReadCheck.findings(
            live: live, paths: paths, prefix: prefix, session: session)
        findings += firstRead.findings
        return Report(
            index: key, builtAt: live.builtAt, builds: builds, objects: paths.count + firstRead.objects,
            findings: findings.sorted {
                $0.key < $1.key
            })
    }
}
