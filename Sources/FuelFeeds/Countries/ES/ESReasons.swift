/// The kinds of reason only ES's adapter raises.
extension Reason.Kind {
    public static let emptyIDEESS = Self("empty-ideess", .station, "empty IDEESS")
    public static let duplicateIDEESS = Self("duplicate-ideess", .station, "duplicate IDEESS")
    /// A `Precio …` key the fuel table does not know.
    public static let unknownPriceKey = Self(
        "unknown-price-key", .counter, "unknown price key: ⟨key⟩", alias: "unknown-price-key-⟨key⟩")
    /// An `Horario` with no digit at all (``ESAdapter/isJunkHours(_:)``).
    public static let junkHours = Self(
        "horario-without-any-time-junk-dropped", .counter, "Horario without any time (junk), dropped")
    /// An `Horario` that none of ``ESOpeningHours``' patterns reads: the station keeps its `hours` text and has no
    /// `openingHours`.
    public static let horarioNotConverted = Self(
        "horario-not-converted-to-opening-hours", .counter, "Horario not converted to opening hours")
    /// `Precio Bioetanol` read as E85, its `% BioEtanol` being at least ``ESAdapter/e85MinimumEthanolPercent``.
    public static let bioethanolReadAsE85 = Self(
        "precio-bioetanol-read-as-e85", .counter,
        "Precio Bioetanol read as e85 (% BioEtanol \(ESAdapter.e85MinimumEthanolPercent) or more)",
        alias: "precio-bioetanol-read-as-e85-bioetanol-\(ESAdapter.e85MinimumEthanolPercent)-or-more")
    /// `Precio Bioetanol` kept as `other`: its `% BioEtanol` is lower or missing.
    public static let bioethanolKeptAsOther = Self(
        "precio-bioetanol-kept-as-other", .counter,
        "Precio Bioetanol kept as other (% BioEtanol below \(ESAdapter.e85MinimumEthanolPercent) or missing)",
        alias: "precio-bioetanol-kept-as-other-bioetanol-below-\(ESAdapter.e85MinimumEthanolPercent)-or-missing")
}

/// A reason of ES's own kind with a value, as its adapter counts it (a kind without holes is counted by kind).
extension Reason {
    public static func unknownPriceKey(key: String) -> Self { Self(.unknownPriceKey, key) }
}

extension ESAdapter {
    /// The kinds of reason ES's adapter raises: its own and the shared ones it uses.
    public var reasonKinds: [Reason.Kind] {
        [
            .emptyCoordinates, .emptyIDEESS, .duplicateIDEESS, .unknownPriceKey, .junkHours, .horarioNotConverted,
            .bioethanolReadAsE85, .bioethanolKeptAsOther,
        ]
    }
}
