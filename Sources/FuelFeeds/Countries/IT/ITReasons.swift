/// The kinds of reason only IT's adapter raises.
extension Reason.Kind {
    public static let unknownFuelName = Self("unknown-fuel-name", .counter, "unknown fuel name: ⟨name⟩")
    public static let priceRowLatin1 = Self(
        "price-row-read-as-iso-8859-1-not-valid-utf-8", .counter, "price row read as ISO-8859-1 (not valid UTF-8)")
    public static let registryRowLatin1 = Self(
        "registry-row-read-as-iso-8859-1-not-valid-utf-8", .counter,
        "registry row read as ISO-8859-1 (not valid UTF-8)")
    /// One site registered under several ids: the older rows merged into the newest id, one per older row.
    public static let identicalRegistryRowMerged = Self(
        "identical-registry-row-under-an-older-id-merged-into-the-newest-id", .counter,
        "identical registry row under an older id, merged into the newest id")
    public static let registryStationWithoutPrice = Self(
        "registry-station-without-any-price", .counter, "registry station without any price")
    public static let priceRowWithoutStation = Self(
        "price-row-without-a-registry-station", .price, "price row without a registry station")
    public static let sameFuelAndServiceTwice = Self(
        "same-fuel-and-service-twice-at-a-station-kept-the-newer", .counter,
        "same fuel and service twice at a station (kept the newer)")
    /// A registry row whose web-form tail (` | gestori.prezzibenzina.it`) was joined back.
    public static let registryRowRepaired = Self(
        "registry-row-with-a-separator-inside-a-field-repaired", .counter,
        "registry row with a separator inside a field, repaired")
    /// A registry row with other stray separators, its text fields placed by the road type.
    public static let registryRowGuessed = Self(
        "registry-row-with-a-stray-separator-text-fields-guessed", .counter,
        "registry row with a stray separator, text fields guessed")
    public static let duplicateRegistryID = Self(
        "duplicate-idimpianto-in-the-registry", .station, "duplicate idImpianto in the registry")
}

/// A reason of IT's own kind with a value, as its adapter counts it (a kind without holes is counted by kind).
extension Reason {
    public static func unknownFuelName(name: String) -> Self { Self(.unknownFuelName, name) }
}

extension ITAdapter {
    /// The kinds of reason IT's adapter raises: its own and the shared ones it uses.
    public var reasonKinds: [Reason.Kind] {
        [
            .emptyCoordinates, .unknownFuelName, .priceRowLatin1, .registryRowLatin1, .identicalRegistryRowMerged,
            .registryStationWithoutPrice, .priceRowWithoutStation, .sameFuelAndServiceTwice, .registryRowRepaired,
            .registryRowGuessed, .duplicateRegistryID,
        ]
    }
}
