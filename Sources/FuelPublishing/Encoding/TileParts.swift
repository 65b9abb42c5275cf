import Foundation
import FuelFormat

/// Format 2's parts of a dense cell's tile (`parts/<key>.<tilehash>.<q>.json`): the tile's document with
/// `"part":"<q>"` before its stations, and the stations of that quarter, each byte for byte as in the tile and in
/// the tile's order.
public enum TileParts {
    /// A tile's JSON that is not a tile as ``TileEncoder`` writes it.
    public struct MalformedTile: Error, Sendable, Equatable, CustomStringConvertible {
        /// The tile's key.
        public var key: String
        /// What was wrong.
        public var reason: String
        /// The tile and what was wrong with it.
        public var description: String { "tile \(key) cannot be split in parts: \(reason)" }
    }

    /// The non-empty quarters' parts of a tile's JSON, sorted by quarter.
    /// - Throws: ``MalformedTile`` when the JSON is not a tile of compact members with a `stations` array, or a
    ///   station lies outside the cell.
    public static func split(
        tile json: [UInt8], key: TileKey, grid: Grid = .standard
    ) throws -> [(quarter: CellQuarter, json: [UInt8])] {
        let marker = Array(#""stations":["#.utf8)
        guard let start = firstIndex(of: marker, in: json) else {
            throw MalformedTile(key: key.description, reason: "no stations array")
        }
        let stations = try objects(in: json, from: start + marker.count, key: key)
        var byQuarter: [CellQuarter: [Range<Int>]] = [:]
        for range in stations.ranges {
            let point = try JSONDecoder().decode(Point.self, from: Data(json[range]))
            guard let quarter = CellQuarter.of(latitude: point.lat, longitude: point.lon, in: key, grid: grid) else {
                throw MalformedTile(key: key.description, reason: "a station lies outside the cell")
            }
            byQuarter[quarter, default: []].append(range)
        }
        return byQuarter.keys.sorted().map { quarter in
            var part = Array(json[..<start])
            part += Array(#""part":""#.utf8) + Array(quarter.description.utf8) + Array(#"","#.utf8)
            part += marker
            for (offset, range) in (byQuarter[quarter] ?? []).enumerated() {
                if offset > 0 { part.append(UInt8(ascii: ",")) }
                part += json[range]
            }
            part += json[stations.close...]
            return (quarter, part)
        }
    }

    /// A station's coordinates, all a split needs of it.
    private struct Point: Decodable {
        var lat: Double
        var lon: Double
    }

    /// The byte ranges of the objects of the array that starts at `start` (after its `[`), and where it closes.
    private static func objects(
        in json: [UInt8], from start: Int, key: TileKey
    ) throws -> (ranges: [Range<Int>], close: Int) {
        var ranges: [Range<Int>] = []
        var depth = 0
        var inString = false
        var escaped = false
        var objectStart = start
        var index = start
        while index < json.count {
            let byte = json[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth == 0 { objectStart = index }
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return (ranges, index) }
                    depth -= 1
                    if depth == 0 { ranges.append(objectStart..<(index + 1)) }
                default: break
                }
            }
            index += 1
        }
        throw MalformedTile(key: key.description, reason: "the stations array does not close")
    }

    private static func firstIndex(of marker: [UInt8], in json: [UInt8]) -> Int? {
        guard json.count >= marker.count else { return nil }
        for index in 0...(json.count - marker.count) where json[index] == marker[0] {
            if json[index..<(index + marker.count)].elementsEqual(marker) { return index }
        }
        return nil
    }
}
