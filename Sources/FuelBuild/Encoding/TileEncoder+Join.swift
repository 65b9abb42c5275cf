import FuelFormat
import FuelPublishing

extension TileEncoder {
    /// A tile of the current version from its countries' cells, written into a writer that the caller reuses from
    /// tile to tile: the same bytes as `encode(_:)` of a ``Tile`` holding the stations of every cell.
    ///
    /// Each cell is already in id order. Station ids start with their country's code, so the cells usually follow
    /// each other and are appended whole; when their ids interleave, the stations are merged by id.
    static func joinTile(key: String, cells: [CountryTiles.Cell], into writer: inout JSONWriter) {
        beginTile(key: key, into: &writer)
        let filled = cells.filter { !$0.ends.isEmpty }
        if inOrder(filled) {
            for (position, cell) in filled.enumerated() {
                if position > 0 { writer.raw(byte: UInt8(ascii: ",")) }
                writer.raw(cell.json)
            }
        } else {
            var next = [Int](repeating: 0, count: filled.count)
            var written = 0
            while true {
                var pick: Int?
                for (index, cell) in filled.enumerated() where next[index] < cell.ids.count {
                    if let best = pick,
                        !DatasetAssembler.idPrecedes(cell.ids[next[index]], filled[best].ids[next[best]])
                    {
                        continue
                    }
                    pick = index
                }
                guard let pick else { break }
                if written > 0 { writer.raw(byte: UInt8(ascii: ",")) }
                writer.raw(filled[pick].station(next[pick]))
                next[pick] += 1
                written += 1
            }
        }
        writer.endArray()
        writer.endObject()
    }

    /// The tile at `key` joined from the cells of `countries` (given in country order), as the build writes it;
    /// for the benchmark's one-thread profile of the build's steps.
    package static func joinTile(key: TileKey, countries: [CountryTiles]) -> [UInt8] {
        var writer = JSONWriter(capacity: 1 << 16)
        joinTile(key: key.description, cells: countries.compactMap { $0.cells[key] }, into: &writer)
        return writer.bytes
    }

    /// True when each cell's last id precedes the next cell's first id.
    private static func inOrder(_ cells: [CountryTiles.Cell]) -> Bool {
        zip(cells, cells.dropFirst()).allSatisfy { left, right in
            guard let last = left.ids.last, let first = right.ids.first else { return true }
            return DatasetAssembler.idPrecedes(last, first)
        }
    }
}
