import Foundation
import FuelFormat

/// Format 2's first read through a root (rule R15 of `docs/format.md`): which leaves a lookup reads, and which tiles
/// or parts of tiles its cells need.
extension TileClient {
    /// What a lookup reads for its cells through a root.
    struct LeafPlan: Sendable {
        /// Each file to read, by cell: a whole tile, or one or two parts of a split cell's tile.
        var files: [(key: TileKey, file: RemoteFile)]
        /// Listed cells that need no file: a split cell none of whose listed quarters meets the lookup's box.
        var listedEmpty: Set<TileKey>
    }

    /// Reads the leaves `cells` need and says which files answer them. A cell is answered by a leaf chosen before
    /// (in `cells`' order) or cached that covers it, else by its own block's; a block the root does not list has no
    /// stations in any of its cells, and a cell a leaf covers but does not list has none. The leaves are read at
    /// once, each cached like a tile and never asked for again. Around a point (`box`), a split cell's quarters that
    /// meet the box and its leaf lists: none, no file; one or two, those parts; three or four, the whole tile.
    /// - Throws: ``NearbyError/tilesUnavailable(_:)`` with the tile codes (R9) when a leaf cannot be used: unreadable
    ///   or gone (then the root is read again, as for a tile), altered, or of a newer version; each cell the leaf was
    ///   to answer is a failed tile, with the leaf's URL and reason.
    func readThroughLeaves(_ cells: [TileKey], root: Format2Root, index: LookupIndex, box: GeoBox?)
        async throws(NearbyError) -> LeafPlan
    {
        var chosen: [TileKey] = []
        var listed: [TileKey] = []
        for cell in cells {
            let own = root.leafBlock(of: cell)
            guard root.leafPath(own) != nil else { continue }
            listed.append(cell)
            let covering = Format2.leafBlocks(
                covering: cell, leafCells: root.leafCells, leafMargin: root.leafMargin
            ).filter { root.leafPath($0) != nil && root.leaf($0, covers: cell) }
            if covering.contains(where: chosen.contains) { continue }
            let cached = covering.first { block in
                leafFile(block, root: root).flatMap { cachedCopy($0)?.leaf } != nil
            }
            chosen.append(cached ?? own)
        }
        let leaves = await resolveTiles(
            chosen.sorted().compactMap { block in leafFile(block, root: root).map { (block, $0) } },
            indexBuiltAt: index.builtAt)
        // A leaf that cannot be used fails the cells it was to answer, each named as a tile is.
        let blocks = chosen.sorted()
        let cellFailures = { (failures: [TileFailure]) -> [TileFailure] in
            failures.flatMap { failure in
                listed.filter { cell in blocks.first { root.leaf($0, covers: cell) } == failure.key }.sorted().map {
                    TileFailure(key: $0, url: failure.url, reason: failure.reason, code: failure.code)
                }
            }
        }
        if leaves.contains(where: \.isNotFound) {
            let renewed = try? await lookupIndex(refetch: true)
            throw .tilesUnavailable(cellFailures(tileFailures(leaves, index: index, renewed: renewed)))
        }
        let failures = cellFailures(tileFailures(leaves, index: index, renewed: nil))
        guard failures.isEmpty else { throw .tilesUnavailable(failures) }
        let read = leaves.compactMap { tile -> Format2Leaf? in
            if case .current(let file) = tile.resolution { return file.leaf }
            return nil
        }
        var plan = LeafPlan(files: [], listedEmpty: [])
        for cell in listed {
            guard let leaf = read.first(where: { root.leaf($0.block, covers: cell) }),
                let tileHash = leaf.tiles[cell.description]
            else { continue }
            let parts = leaf.parts(of: cell)
            let quarters = box.map { box in
                Set(CellQuarter.quarters(of: box, in: cell, grid: grid)).intersection(parts.map(\.quarter))
            }
            guard let quarters, !parts.isEmpty, quarters.count <= 2 else {
                plan.files.append((cell, .format2Tile(cell, hash: tileHash)))
                continue
            }
            if quarters.isEmpty { plan.listedEmpty.insert(cell) }
            for part in parts where quarters.contains(part.quarter) {
                plan.files.append(
                    (cell, .part(cell, tileHash: tileHash, quarter: part.quarter, hash: part.hash)))
            }
        }
        return plan
    }

    /// The file of a block's leaf, when the root lists one with a hash in its name.
    private func leafFile(_ block: TileKey, root: Format2Root) -> RemoteFile? {
        guard let path = root.leafPath(block), let hash = Format2.splitObjectName(path)?.hash else { return nil }
        return .leaf(block, hash: String(hash))
    }
}
