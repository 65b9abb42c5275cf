import Foundation
import FuelFormat

/// A country's table of source fuel names (`adapters/<CC>/fuels.json`), matched without regard to case or accents.
///
/// Each value is a canonical code, optionally with a unit after a slash: `"diesel"`, `"cng/kg"`, `"cng/m3"`.
public struct FuelTable: Sendable, Codable, Equatable {
    /// A resolved entry.
    public struct Entry: Sendable, Equatable {
        public var fuel: FuelCode
        public var unit: PriceUnit
    }

    public var version: Int
    public var fuels: [String: String]

    private var folded: [String: Entry] = [:]

    public init(fuels: [String: String] = [:]) {
        version = 1
        self.fuels = fuels
        prepare()
    }

    private enum CodingKeys: String, CodingKey { case version, fuels }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        fuels = try container.decode([String: String].self, forKey: .fuels)
        prepare()
        for (name, value) in fuels where folded[BrandAliases.fold(name)] == nil {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [CodingKeys.fuels], debugDescription: "\(name): bad value \(value)"))
        }
    }

    private mutating func prepare() {
        var table: [String: Entry] = [:]
        for (name, value) in fuels {
            let parts = value.split(separator: "/", maxSplits: 1).map(String.init)
            let code = FuelCode(rawValue: parts[0])
            guard code.isCanonical else { continue }
            var unit = PriceUnit.litre
            if parts.count == 2 {
                guard let parsed = PriceUnit(rawValue: parts[1]) else { continue }
                unit = parsed
            }
            table[BrandAliases.fold(name)] = Entry(fuel: code, unit: unit)
        }
        folded = table
    }

    /// The canonical fuel for a source name, or nil when the table does not know it.
    public func lookup(_ name: String) -> Entry? { folded[BrandAliases.fold(name)] }
}
