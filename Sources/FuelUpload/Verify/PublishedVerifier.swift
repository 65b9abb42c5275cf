import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
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

        /// `fuel/v2/index.json (builtAt …): 3 builds, 412 objects, all sound` or the count of problems.
        public var line: String {
            let built = builtAt.map { " (builtAt \(UTCTime.format($0)))" } ?? ""
            let verdict = findings.isEmpty ? "all sound" : "\(findings.count) wrong"
            let builds = self.builds > 1 ? "\(self.builds) builds, " : ""
            return "\(index)\(built): \(builds)\(objects) objects checked, \(verdict)"
        }
    }

    public let settings: UploadSettings
    /// Also check every build format 2 keeps, not only the live one.
    public let all: Bool
    private let log: @Sendable (String) -> Void

    /// The largest object inflated: far above any real one.
    static let maxInflatedBytes = 64 << 20

    public init(settings: UploadSettings, all: Bool, log: @escaping @Sendable (String) -> Void) {
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
            if settings.layout.includesV1 { reports.append(try await formatOne(session)) }
            if settings.layout.includesV2 { reports.append(try await formatTwo(session)) }
            return reports
        }
    }

    private func formatOne(_ session: PublishSession) async throws -> Report {
        let key = settings.prefix + TileFormat.indexPath
        guard let index = try await session.client.document(TileIndex.self, key: key)?.document else {
            return Report(
                index: key, builtAt: nil, builds: 0, objects: 0, findings: [Finding(key: key, problem: "missing")])
        }
        var paths = index.tiles.map { "tiles/\($0).json" } + ["sources.json"]
        paths += index.countries.keys.map { "brands/\($0).json" }
        let findings = try await check(paths.sorted(), under: settings.prefix, session: session) { path, _, json in
            guard path.hasPrefix("tiles/") else { return nil }
            let tile = try JSONDecoder().decode(Tile.self, from: Data(json))
            let expected = String(path.dropFirst("tiles/".count).dropLast(".json".count))
            return tile.key == expected ? nil : "holds the tile of cell \(tile.key)"
        }
        return Report(index: key, builtAt: index.builtAt, builds: 1, objects: paths.count, findings: findings)
    }

    private func formatTwo(_ session: PublishSession) async throws -> Report {
        let prefix = settings.snapshotPrefix
        let key = prefix + SnapshotFormat.indexPath
        guard let live = try await session.client.document(SnapshotIndex.self, key: key)?.document else {
            return Report(
                index: key, builtAt: nil, builds: 0, objects: 0, findings: [Finding(key: key, problem: "missing")])
        }
        var paths = Set(live.objectPaths)
        var builds = 1
        var findings: [Finding] = []
        if all {
            let listing = try await session.client.listAll(prefix: prefix).etags
            let names = SnapshotPrune.buildNames(in: listing.keys, prefix: prefix)
            let kept = SnapshotPrune.retention(
                archived: names, live: SnapshotFormat.buildName(live.builtAt), replaced: nil, now: settings.now,
                keepHours: settings.keepHours, keepLast: 0
            ).referencing.intersection(names)
            for name in kept.sorted() where name != SnapshotFormat.buildName(live.builtAt) {
                let archive = prefix + "builds/\(name).json"
                do {
                    guard let build = try await session.client.document(SnapshotIndex.self, key: archive) else {
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
        findings += try await check(paths.sorted(), under: prefix, session: session) { path, stored, _ in
            let stem = path.dropLast(".json".count)
            guard let dot = stem.lastIndex(of: ".") else { return "not a format-2 object name" }
            let named = String(stem[stem.index(after: dot)...])
            let actual = SnapshotAssembler.hash(stored)
            return named == actual ? nil : "its bytes hash to \(actual), not to the \(named) its name promises"
        }
        return Report(
            index: key, builtAt: live.builtAt, builds: builds, objects: paths.count,
            findings: findings.sorted {
                $0.key < $1.key
            })
    }

    /// GETs every path below `prefix` and checks it; `inspect` sees the stored and the inflated bytes and returns a
    /// problem or nil.
    private func check(
        _ paths: [String], under prefix: String, session: PublishSession,
        inspect: @escaping @Sendable (_ path: String, _ stored: [UInt8], _ json: [UInt8]) throws -> String?
    ) async throws -> [Finding] {
        let found = Mutex([Finding]())
        let client = session.client
        _ = try await session.forEach(paths) { path in
            let key = prefix + path
            let problem: String?
            do {
                let response = try await client.get(key: key)
                if response.status == 404 {
                    problem = "missing (HTTP 404)"
                } else if response.status != 200 {
                    problem = "cannot be read: HTTP \(response.status)"
                } else if let etag = response.header("etag").map(UploadPlan.normalise), Self.isMD5(etag),
                    etag != Digest.hex(Digest.md5(response.body))
                {
                    problem = "its bytes are not those its ETag \(etag) names (a truncated transfer?)"
                } else {
                    let json: [UInt8]
                    do {
                        json = try Gzip.decompress(response.body, limit: Self.maxInflatedBytes)
                    } catch {
                        throw VerifyProblem(text: "not valid gzip: \(ErrorText.describe(error))")
                    }
                    do {
                        problem = try inspect(path, response.body, json)
                    } catch let problem as VerifyProblem {
                        throw problem
                    } catch {
                        throw VerifyProblem(text: "not a readable document: \(ErrorText.describe(error))")
                    }
                }
            } catch let failure as VerifyProblem {
                problem = failure.text
            } catch {
                problem = "cannot be read: \(error)"
            }
            if let problem { found.withLock { $0.append(Finding(key: key, problem: problem)) } }
            return nil
        }
        return found.withLock { $0 }.sorted { $0.key < $1.key }
    }

    private static func isMD5(_ etag: String) -> Bool {
        etag.utf8.count == 32 && etag.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// A problem found while checking one object.
private struct VerifyProblem: Error {
    var text: String
}
