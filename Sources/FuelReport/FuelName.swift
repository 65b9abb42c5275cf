import FuelFormat

/// The fuel a user names on the command line (`report --fuel`): a code present in the build, or a common name
/// for one (`e5` is `gasoline_95`).
public enum FuelName {
    /// Common names and the canonical code each stands for; documented in `fuel-publish report --help`.
    public static let aliases: [String: FuelCode] = [
        "e5": .gasoline95, "e10": .gasoline95E10, "sp95": .gasoline95, "sp95-e10": .gasoline95E10,
        "sp98": .gasoline98, "b7": .diesel, "gazole": .diesel, "gasoil": .diesel, "gpl": .lpg, "autogas": .lpg,
        "gnc": .cng,
    ]

    /// The fuel codes priced in `build`, canonical ones first in table order.
    public static func present(in build: PublishedBuild) -> [FuelCode] {
        var seen = Set<FuelCode>()
        return FuelChoice.present(in: build.stations).map(\.fuel).filter { seen.insert($0).inserted }
    }

    /// The code `name` stands for (case-insensitive), when it is priced in `present`; nil otherwise.
    public static func resolve(_ name: String, present: [FuelCode]) -> FuelCode? {
        let lowered = name.lowercased()
        let code = present.first { $0.rawValue == lowered } ?? aliases[lowered]
        return code.flatMap { present.contains($0) ? $0 : nil }
    }
}
