import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelPublishing

/// The build's assembly and write steps: the index, brands and sources around the tiles, format 2's names, the
/// staged files, and the swap that publishes them.
extension Builder {
    /// What assembly gives: format 1's files (tiles, brands, sources, index) and format 2's.
    struct Assembled: Sendable {
        var assembly: Assembly
        /// Format 2's files; empty when the layout has none.
        var snapshot: [PublishedFile]
        /// Every file the build publishes, in the layout's formats.
        var files: [PublishedFile]
        /// The countries whose trend started again, and why (``CountryTrends/restarted``).
        var trendRestarts: [String: String] = [:]
    }

    /// Compresses the tiles still waiting, assembles the brands, sources and index, names format 2's files after the
    /// previous build's `builtAt`, and writes format 2's files into the staged build (format 1's went there as they
    /// were compressed).
    func assemble(
        _ assembler: TileAssembler, builds: [CountryBuild], previous: PreviousBuild?, history: HistoryListing?,
        into staged: StagedBuild?
    ) throws -> Assembled {
        let trends = CountryTrends(builds.map(\.tiles), previous: previous, builtAt: options.builtAt)
        let assembly = try assembler.finish(builtAt: options.builtAt, trends: trends, history: history)
        let snapshot =
            options.layout.includesV2
            ? Format2Assembler.files(
                for: assembly, previous: previous?.index.builtAt, splitTileBytes: options.splitTileBytes) : []
        for file in snapshot { try write(file, of: assembly, into: staged) }
        MemoryTrace.mark("written")
        return Assembled(
            assembly: assembly, snapshot: snapshot,
            files: (options.layout.includesV1 ? assembly.files : []) + snapshot, trendRestarts: trends.restarted)
    }

    /// Writes one of format 2's files into the staged build. A tile holds the bytes of format 1's tile of its key,
    /// so it is linked to that file when this build wrote it, or to the earlier build's file it reused; other
    /// documents are written.
    private func write(_ file: PublishedFile, of assembly: Assembly, into staged: StagedBuild?) throws {
        guard let staged else { return }
        guard let format1 = Self.format1Tile(of: file.path) else { return try staged.write(file) }
        if options.layout.includesV1 {
            try staged.link(staged.partial.appendingPathComponent(format1), as: file)
        } else if let earlier = assembly.reusedFiles[format1] {
            try staged.link(earlier, as: file)
        } else {
            try staged.write(file)
        }
    }

    /// `tiles/77_-19.json` for format 2's `v2/tiles/77_-19.<hash>.json`; nil for any other file.
    static func format1Tile(of path: String) -> String? {
        let folder = Format2Assembler.inFolder("tiles/")
        guard path.hasPrefix(folder), let key = path.dropFirst(folder.count).split(separator: ".").first else {
            return nil
        }
        return "tiles/\(key).json"
    }

    /// Swaps the staged build in as `OUT/fuel`, atomically, and keeps the tiles' digests for the next build's reuse:
    /// each tile's file is format 1's, or format 2's when only that was built.
    func swap(_ staged: StagedBuild, assembled: Assembled, in output: OutputDirectory) throws {
        try output.commit(staged, beforeSwap: beforeSwap)
        let assembly = assembled.assembly
        var files = Dictionary(
            assembly.files.map { ($0.path, $0.path) }, uniquingKeysWith: { first, _ in first })
        if !options.layout.includesV1 {
            for file in assembled.snapshot {
                if let format1 = Self.format1Tile(of: file.path) { files[format1] = file.path }
            }
        }
        let jsonBytes = Dictionary(
            assembly.files.map { ($0.path, $0.jsonBytes) }, uniquingKeysWith: { first, _ in first })
        TileReuse.save(
            assembly.tileDigests.reduce(into: [:]) { entries, tile in
                guard let file = files[tile.key] else { return }
                entries[tile.key] = TileReuse.Entry(
                    json: tile.value, file: file, countries: assembly.tileCountries[tile.key],
                    jsonBytes: jsonBytes[tile.key])
            },
            build: staged.name, in: output)
    }
}
