/// The kinds of reason only FR's adapter raises.
extension Reason.Kind {
    public static let shortageAlreadyOver = Self("shortage-already-over", .counter, "shortage already over")
    public static let shortageOfUnknownFuel = Self(
        "shortage-of-an-unknown-fuel", .counter, "shortage of an unknown fuel: ⟨name⟩")
    /// The price of a fuel under a `definitive` shortage.
    public static let discontinuedFuelPrice = Self(
        "price-dropped-fuel-no-longer-sold-definitive-shortage", .counter,
        "price dropped: fuel no longer sold (definitive shortage)")
    /// A week closed on all seven days while the prices are current: the hours are left unknown.
    public static let closedWeekWithCurrentPrices = Self(
        "hours-left-unknown-all-seven-days-ferme-but-prices-are-current", .counter,
        "hours left unknown: all seven days ferme but prices are current")
    public static let openingDayWithoutID = Self(
        "opening-day-without-an-id-1-7", .counter, "opening day without an id 1-7")
    public static let malformedOpeningTime = Self("malformed-opening-time", .counter, "malformed opening time")
    /// Text that was UTF-8 under the document's ISO-8859-1 declaration.
    public static let utf8UnderLatin1 = Self(
        "text-that-was-utf-8-under-the-iso-8859-1-declaration-read-as-utf-8", .counter,
        "text that was UTF-8 under the ISO-8859-1 declaration, read as UTF-8")
    /// A closed station's empty `<prix/>`.
    public static let emptyPrix = Self("empty-prix-skipped", .counter, "empty <prix/> skipped")
    public static let stationListedTwice = Self(
        "station-listed-twice-kept-the-newer-prices", .counter, "station listed twice (kept the newer prices)")
}

/// A reason of FR's own kind with a value, as its adapter counts it (a kind without holes is counted by kind).
extension Reason {
    public static func shortageOfUnknownFuel(name: String) -> Self { Self(.shortageOfUnknownFuel, name) }
}

extension FRAdapter {
    /// The kinds of reason FR's adapter raises: its own and the shared ones it uses.
    public var reasonKinds: [Reason.Kind] {
        [
            .emptyCoordinates, .unknownFuel, .shortageAlreadyOver, .shortageOfUnknownFuel, .discontinuedFuelPrice,
            .closedWeekWithCurrentPrices, .openingDayWithoutID, .malformedOpeningTime, .utf8UnderLatin1, .emptyPrix,
            .stationListedTwice,
        ]
    }
}
