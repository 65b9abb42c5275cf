import Foundation
import FuelBuild
import FuelFeeds
import FuelFormat

extension DatasetAssembler {
    /// Every country encoded, joined and compressed in memory, with no staged build and no reuse: the file set a
    /// build of `countries` publishes. (The builder itself adds its countries to a `TileAssembler` as they are parsed.)
    public static func assemble(_ countries: [CountryDataset], grid: Grid = .standard, builtAt: Date) -> Assembly {
        assemble(encoded: countries.map { CountryTiles($0, grid: grid) }, grid: grid, builtAt: builtAt)
    }

    /// Countries already encoded (``CountryTiles``) joined into the file set, in memory.
    public static func assemble(encoded countries: [CountryTiles], grid: Grid = .standard, builtAt: Date) -> Assembly {
        let assembler = TileAssembler(
            countries: countries.map { ($0.config.country, $0.config.boxes) }, grid: grid, sink: nil, reuse: nil)
        for var country in countries { assembler.add(&country) }
        do {
            return try assembler.finish(builtAt: builtAt)
        } catch {
            preconditionFailure("with no staged build to write to, assembling cannot fail: \(error)")
        }
    }
}
