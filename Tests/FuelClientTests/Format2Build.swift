import Foundation
import FuelBuild
import FuelFeeds
import FuelFormat
import _FuelTestSupport

/// A format-2 set made by the publisher's own code, `DatasetAssembler` then `Format2Assembler`, from fixture
/// stations: the bytes and names `fuel-publish build --layout v2` writes.
struct Format2Build: Sendable {
    let builtAt: Date
    /// Every file, with its path below `OUT/fuel/` (`v2/tiles/77_-19.<hash>.json`, `v2/index.json`, …).
    let files: [PublishedFile]

    init(
        stations: [Station] = TileFixtures.lisbonStations,
        builtAt: Date = TileFixtures.builtAt,
        gridDegrees: Double = Grid.standard.degrees
    ) {
        let dataset = CountryDataset(
            config: .testing(country: "PT", boxes: []), stations: stations, referenceTime: builtAt)
        let assembly = DatasetAssembler.assemble([dataset], grid: Grid(degrees: gridDegrees), builtAt: builtAt)
        self.builtAt = builtAt
        files = Format2Assembler.files(for: assembly, previous: nil)
    }

    /// The fixture stations with every price 0.1 higher: a build in which every tile has a new hash.
    static func dearer(_ stations: [Station] = TileFixtures.lisbonStations) -> [Station] {
        stations.map { station in
            var changed = station
            for index in changed.prices.indices {
                changed.prices[index].price = ((changed.prices[index].price + 0.1) * 1000).rounded() / 1000
            }
            return changed
        }
    }

    /// The path of a cell's tile below `OUT/fuel/`: `v2/tiles/77_-19.<hash>.json`.
    func tilePath(_ key: String) -> String {
        files.first { $0.path.hasPrefix("v2/tiles/\(key).") }?.path ?? "v2/tiles/\(key).missing.json"
    }

    /// The URL path of a cell's tile on the tile server: `/fuel/v2/tiles/77_-19.<hash>.json`.
    func serverPath(_ key: String) -> String { "/fuel/" + tilePath(key) }

    /// The URL path of the format-2 index on the tile server.
    static let indexServerPath = "/fuel/v2/index.json"
    /// The URL path of format 2's root on the tile server: what a reader of this release reads first (R15).
    static let rootServerPath = "/fuel/v2/root.json"

    /// The URL path of a block's leaf (the fixture's corner cells are all in block 19_-5).
    func leafServerPath(block: String = "19_-5") -> String {
        let prefix = "v2/\(Format2.leavesFolder)/\(block)."
        return "/fuel/" + (files.first { $0.path.hasPrefix(prefix) }?.path ?? "\(prefix)missing.json")
    }

    /// Writes the set into `OUT/fuel/` as a publisher does: the immutable files first, then the index, then the
    /// root (R15).
    /// - Parameter index: false to leave the index and root that are there (a publication stopped before its index).
    func write(to out: URL, index: Bool = true) throws {
        let fuel = out.appendingPathComponent("fuel", isDirectory: true)
        let indexPath = "\(Format2.folder)/\(Format2.indexPath)"
        let rootPath = "\(Format2.folder)/\(Format2.rootPath)"
        let mutable = [indexPath, rootPath]
        for file in files.filter({ !mutable.contains($0.path) })
            + mutable.compactMap({ path in index ? files.first { $0.path == path } : nil })
        {
            let url = fuel.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.gzipped).write(to: url)
        }
    }

    /// Deletes cells' tiles of this set from `OUT/fuel/`, as a publisher's prune does once a later index is live.
    func prune(_ keys: [String], from out: URL) throws {
        for key in keys {
            try FileManager.default.removeItem(
                at: out.appendingPathComponent("fuel", isDirectory: true).appendingPathComponent(tilePath(key)))
        }
    }
}
