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
        _ assembler: TileAssembler, builds: [CountryBuild], previous: PreviousBuild?, into staged: StagedBuild?
    ) throws -> Assembled {
        let trends = CountryTrends(builds.map(\.tiles), previous: previous, builtAt: options.builtAt)
        let assembly = try assembler.finish(builtAt: options.builtAt, trends: trends)
        let snapshot =
            options.layout.includesV2
            ? Format2Assembler.files(for: assembly, previous: previous?.index.builtAt) : []
        for file in snapshot { try staged?.write(file) }
        MemoryTrace.mark("written")
        return Assembled(
            assembly: assembly, snapshot: snapshot,
            files: (options.layout.includesV1 ? assembly.files : []) + snapshot, trendRestarts: trends.restarted)
    }

    /// Swaps the staged build in as `OUT/fuel`, atomically, and keeps the tiles' digests for the next build's reuse.
    func swap(_ staged: StagedBuild, assembly: Assembly, in output: OutputDirectory) throws {
        try output.commit(staged, beforeSwap: beforeSwap)
        guard options.layout.includesV1 else { return }
        let jsonBytes = Dictionary(
            assembly.files.map { ($0.path, $0.jsonBytes) }, uniquingKeysWith: { first, _ in first })
        TileReuse.save(
            assembly.tileDigests.reduce(into: [:]) { entries, tile in
                entries[tile.key] = TileReuse.Entry(
                    json: tile.value, file: tile.key, countries: assembly.tileCountries[tile.key],
                    jsonBytes: jsonBytes[tile.key])
            },
            build: staged.name, in: output)
    }
}
