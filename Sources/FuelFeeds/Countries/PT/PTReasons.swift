/// The kinds of reason only PT's adapter raises.
extension Reason.Kind {
    public static let rowWithoutFuelName = Self("row-without-a-fuel-name", .counter, "row without a fuel name")
    public static let emptyPrice = Self("empty-price", .counter, "empty price")
    public static let priceWithoutDataAtualizacao = Self(
        "price-without-dataatualizacao", .counter, "price without DataAtualizacao")
    /// The same fuel twice at a station: the newer price is kept.
    public static let repeatedPrice = Self("repeated-price", .counter, "repeated price")
}

extension PTAdapter {
    /// The kinds of reason PT's adapter raises: its own and the shared ones it uses.
    public var reasonKinds: [Reason.Kind] {
        [
            .emptyCoordinates, .unknownFuel, .rowWithoutFuelName, .emptyPrice, .priceWithoutDataAtualizacao,
            .repeatedPrice,
        ]
    }
}
