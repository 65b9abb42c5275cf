import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import Synchronization

/// What `verify` checks of format 2's first read (rule R15) beyond the hash-named objects: `root.json` is the live
/// index's projection (absent for a build before roots), and every part the checked leaves list is in the bucket,
/// of its cell and quarter, with the hash its leaf gives.
enum Format2FirstReadCheck {
    /// The findings for `live`, the part of `paths` (every object path checked) that are leaves giving the parts.
    static func findings(live: Format2Index, paths: Set<String>, prefix: String, session: PublishSession)
        async throws -> (objects: Int, findings: [PublishedVerifier.Finding])
    {
        var findings = try await root(of: live, prefix: prefix, session: session)
        let leaves = paths.filter { $0.hasPrefix("\(Format2.leavesFolder)/") }.sorted()
        let listed = Mutex([String: (cell: TileKey, quarter: CellQuarter, hash: String)]())
        // The leaves themselves are checked with the other objects; here they only give their parts.
        _ = try await PublishedObjects.check(leaves, under: prefix, session: session) { _, _, json in
            let leaf = try JSONDecoder().decode(Format2Leaf.self, from: Data(json))
            var parts: [String: (cell: TileKey, quarter: CellQuarter, hash: String)] = [:]
            for cell in leaf.parts.keys.compactMap(TileKey.init) {
                for part in leaf.parts(of: cell) { parts[part.path] = (cell, part.quarter, part.hash) }
            }
            listed.withLock { $0.merge(parts) { first, _ in first } }
            return nil
        }
        let parts = listed.withLock { $0 }
        findings += try await PublishedObjects.check(parts.keys.sorted(), under: prefix, session: session) {
            path, _, json in
            guard let expected = parts[path] else { return nil }
            let actual = Format2Hash.of(json: json)
            guard actual == expected.hash else {
                return "its JSON hashes to \(actual), not to the \(expected.hash) its leaf gives"
            }
            let tile = try JSONDecoder().decode(Tile.self, from: Data(json))
            guard tile.key == expected.cell, tile.part == expected.quarter else {
                return "holds cell \(tile.key)'s part \(tile.part.map { "\($0)" } ?? "none"), not the "
                    + "\(expected.quarter) of \(expected.cell) its name says"
            }
            return nil
        }
        return (parts.count + 1, findings)
    }

    /// `root.json` against the projection of the live index.
    private static func root(of live: Format2Index, prefix: String, session: PublishSession) async throws
        -> [PublishedVerifier.Finding]
    {
        let key = prefix + Format2.rootPath
        let response: HTTPResponse
        do {
            response = try await session.client.get(key: key)
        } catch {
            return [.init(key: key, problem: "cannot be read: \(error)")]
        }
        guard let projected = Format2Root(projecting: live) else {
            return response.status == 404
                ? []
                : [.init(key: key, problem: "present, but the live index is of a build before roots: delete it")]
        }
        guard response.status == 200 else {
            return [.init(key: key, problem: "cannot be read: HTTP \(response.status); upload again to write it")]
        }
        let json = try? Gzip.decompress(response.body, limit: PublishedObjects.maxInflatedBytes)
        return json == TileEncoder.encode(projected)
            ? []
            : [.init(key: key, problem: "not the projection of the live index; upload again to rewrite it")]
    }
}
