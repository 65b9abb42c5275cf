import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat

/// A published build read back from its folder: the index, every station, each tile's stored bytes, and the build's
/// saved report when it is there. `diff` compares two of these; `report` draws one.
public struct PublishedBuild: Sendable {
    /// What the tiles and the index say.
    public var index: TileIndex
    /// Every station, in tile order then by id.
    public var stations: [Station]
    /// The tile key each station was published under, by station id.
    public var tileOfStation: [String: String]
    /// Each tile's stored (gzipped) size, by key.
    public var tileBytes: [String: Int]
    /// A digest of each tile's stored bytes, by key: equal digests are equal tiles.
    public var tileDigests: [String: String]
    /// The build's report (`OUT/report.json`), when it was saved and belongs to this build.
    public var report: BuildReport?
    /// Each country's trend (`trends/<CC>.json`), by code; a country whose index entry lists none is not in it.
    public var trends: [String: TrendFile] = [:]
    /// Why a trend the index lists could not be read, by country.
    public var trendProblems: [String: String] = [:]
    /// The folder read.
    public var folder: URL

    /// Reads a build: `OUT` (holding the `fuel` link), or a copy of `OUT/fuel` itself. Format 1 is read when present,
    /// format 2 otherwise; both hold the same documents.
    /// - Throws: ``ReportError`` naming the folder or file that cannot be read.
    public static func load(_ folder: URL) throws -> PublishedBuild {
        let root: URL
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("fuel").path) {
            root = folder
        } else {
            // A copy of `OUT/fuel` (the workflow's cached previous build): wrap it as the `fuel` of its parent.
            guard folder.lastPathComponent == "fuel" else {
                throw ReportError("\(folder.path): no build here (expected OUT with OUT/fuel, or a fuel folder)")
            }
            root = folder.deletingLastPathComponent()
        }
        let output = OutputDirectory(root: root)
        let published: PublishedIndex
        do {
            guard let read = try output.readPublished() else {
                throw ReportError("\(output.published.path): no build here; run `fuel-publish build` first")
            }
            published = read
        } catch let error as ReportError {
            throw error
        } catch {
            throw ReportError("\(error)")
        }
        var build = PublishedBuild(
            index: published.index, stations: [], tileOfStation: [:], tileBytes: [:], tileDigests: [:], report: nil,
            folder: folder)
        let fuel = output.published.resolvingSymlinksInPath()
        for key in published.index.tiles {
            let (bytes, tile): ([UInt8], Tile)
            do {
                (_, bytes, tile) = try published.readTile(key, in: fuel)
            } catch {
                throw ReportError(
                    "\(error.url.path): "
                        + (error.unreadable.map { "not a readable tile: \($0)" }
                            ?? "the index lists this tile but the file is missing"))
            }
            build.tileBytes[key] = bytes.count
            build.tileDigests[key] = Digest.hex(Digest.md5(bytes))
            for station in tile.stations { build.tileOfStation[station.id] = key }
            build.stations += tile.stations
        }
        for country in published.index.countries.keys {
            do {
                build.trends[country] = try published.readTrend(country, in: fuel)
            } catch {
                build.trendProblems[country] = "\(error.url.lastPathComponent): " + (error.unreadable ?? "missing")
            }
        }
        build.report = output.readSavedReport(builtAt: published.index.builtAt)
        return build
    }

    /// Stations by id.
    public var stationsByID: [String: Station] {
        Dictionary(stations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A build that cannot be read or compared, in words that name the folder or file.
public struct ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
