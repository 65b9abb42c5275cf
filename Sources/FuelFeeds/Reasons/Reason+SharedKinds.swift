/// The kinds of reason that are no single country's: the adapter kinds several countries raise (each country that
/// raises one lists it in ``FeedCountry/reasonKinds``), validation's and `--carry-forward`'s. A country's own kinds
/// are declared in its folder, `Countries/<CC>/<CC>Reasons.swift`.
extension Reason.Kind {
    /// The shared kinds, in declaration order; with every registered country's own kinds they make
    /// ``Reason/catalog``.
    public static let shared: [Self] =
        [
            .emptyCoordinates, .unknownFuel,
            .coordinatesOutside, .swappedCoordinates, .priceNotPositive, .placeholderPrice, .priceOutsideBand,
            .priceTooOld, .priceAfterFetch, .duplicateIDMerged, .noCurrentPrice,
        ]
        + Reason.TextField.allCases.map(Self.controlCharactersRemoved)
        + Reason.TextField.allCases.map(Self.textCut)
        + [.carriedOutside]

    // Adapters, several countries.

    /// A record without a latitude or a longitude.
    public static let emptyCoordinates = Self("empty-coordinates", .station, "empty coordinates")
    /// A price whose fuel name the country's `fuels.json` does not know; PT drops it, FR keeps it as `other`.
    public static let unknownFuel = Self("unknown-fuel", .counter, "unknown fuel: ⟨name⟩")

    // Validation, every country.

    /// Coordinates inside none of the country's boxes, swapped or not.
    public static let coordinatesOutside = Self(
        "coordinates-outside-country", .station, "coordinates outside ⟨country⟩", by: .validation)
    public static let swappedCoordinates = Self(
        "swapped-lat-lon-repaired", .repair, "swapped lat/lon repaired", by: .validation)
    public static let priceNotPositive = Self("price-not-positive", .price, "price not positive", by: .validation)
    public static let placeholderPrice = Self("placeholder-price", .price, "placeholder price", by: .validation)
    public static let priceOutsideBand = Self(
        "price-outside-plausible-band", .price, "price outside plausible band", by: .validation)
    /// A price older than the country's `maxPriceAgeDays` against the feed's reference time.
    public static let priceTooOld = Self("price-too-old", .price, "price older than ⟨days⟩ days", by: .validation)
    /// A price dated more than a tolerance after the fetch (or the files' time).
    public static let priceAfterFetch = Self(
        "price-dated-after-the-fetch", .price, "price dated more than ⟨days⟩ after the fetch", by: .validation,
        alias: "price-dated-more-than-⟨days⟩-after-the-fetch")
    public static let duplicateIDMerged = Self("duplicate-id-merged", .repair, "duplicate id merged", by: .validation)
    /// A station left with neither a price nor a shortage.
    public static let noCurrentPrice = Self("no-current-price", .station, "no current price", by: .validation)
    /// Control characters removed from a text field: one kind per field.
    public static func controlCharactersRemoved(_ field: Reason.TextField) -> Self {
        Self(
            "control-characters-removed-from-\(field.rawValue)", .repair,
            "control characters removed from \(field.rawValue)", by: .validation)
    }
    /// A text field cut to its limit: one kind per field.
    public static func textCut(_ field: Reason.TextField) -> Self {
        Self(
            "\(field.rawValue)-cut-to-limit", .repair, "\(field.rawValue) cut to ⟨limit⟩ characters", by: .validation,
            alias: "\(field.rawValue)-cut-to-⟨limit⟩-characters")
    }

    // Carrying a country forward.

    /// A carried station outside the country's boxes (they changed since it was published).
    public static let carriedOutside = Self(
        "carried-station-outside-the-country-s-boxes", .station, "carried station outside the country's boxes",
        by: .carryForward)
}

/// The reasons of the shared kinds that take a value or a field, as adapters and validation count them; a kind without
/// holes is counted by kind (``ReasonTally/subscript(kind:)``).
extension Reason {
    public static func unknownFuel(name: String) -> Self { Self(.unknownFuel, name) }
    public static func coordinatesOutside(country: String) -> Self { Self(.coordinatesOutside, country) }
    public static func priceTooOld(days: Int) -> Self { Self(.priceTooOld, "\(days)") }
    public static func priceAfterFetch(days: Int) -> Self {
        Self(.priceAfterFetch, days == 1 ? "1 day" : "\(days) days")
    }
    public static func controlCharactersRemoved(field: TextField) -> Self { Self(.controlCharactersRemoved(field)) }
    public static func textCut(field: TextField, limit: Int) -> Self { Self(.textCut(field), "\(limit)") }
}
