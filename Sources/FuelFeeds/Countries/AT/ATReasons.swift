/// The kinds of reason only AT's adapter raises.
extension Reason.Kind {
    public static let unknownFuelType = Self("unknown-fuel-type", .counter, "unknown fuel type: ⟨name⟩")
    /// A price of amount 0, or none.
    public static let noPrice = Self("no-price-amount-0-or-missing", .counter, "no price (amount 0 or missing)")
}

/// A reason of AT's own kind with a value, as its adapter counts it (a kind without holes is counted by kind).
extension Reason {
    public static func unknownFuelType(name: String) -> Self { Self(.unknownFuelType, name) }
}

extension ATAdapter {
    /// The kinds of reason AT's adapter raises: its own and the shared ones it uses.
    public var reasonKinds: [Reason.Kind] { [.emptyCoordinates, .unknownFuelType, .noPrice] }
}
