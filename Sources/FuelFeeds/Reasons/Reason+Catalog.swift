extension Reason {
    /// One reason of every code, in declaration order; its values are placeholders. `docs/reasons.md` is generated
    /// from it, and a test holds it to the cases of ``Reason``.
    public static let catalog: [Reason] =
        [
            .emptyCoordinates, .unknownFuel(name: ""),
            .emptyIDEESS, .duplicateIDEESS, .unknownPriceKey(key: ""), .junkHours, .horarioNotConverted,
            .bioethanolReadAsE85,
            .bioethanolKeptAsOther,
            .rowWithoutFuelName, .emptyPrice, .priceWithoutDataAtualizacao, .repeatedPrice,
            .shortageAlreadyOver, .shortageOfUnknownFuel(name: ""), .discontinuedFuelPrice,
            .closedWeekWithCurrentPrices, .openingDayWithoutID, .malformedOpeningTime, .utf8UnderLatin1, .emptyPrix,
            .stationListedTwice,
            .unknownFuelType(name: ""), .noPrice,
            .unknownFuelName(name: ""), .priceRowLatin1, .registryRowLatin1, .identicalRegistryRowMerged,
            .registryStationWithoutPrice, .priceRowWithoutStation, .sameFuelAndServiceTwice, .registryRowRepaired,
            .registryRowGuessed, .duplicateRegistryID,
            .coordinatesOutside(country: ""), .swappedCoordinates, .priceNotPositive, .placeholderPrice,
            .priceOutsideBand, .priceTooOld(days: 0), .priceAfterFetch(days: 0), .duplicateIDMerged, .noCurrentPrice,
        ]
        + TextField.allCases.map { .controlCharactersRemoved(field: $0) }
        + TextField.allCases.map { .textCut(field: $0, limit: 0) }
        + [.carriedOutside]

    /// The code a report of this or the previous release used, as this release reports it: the code itself, or the
    /// code an ``Declaration/alias`` stands for; nil for a code no reason has.
    public static func currentCode(for code: String) -> String? {
        for reason in catalog {
            let declaration = reason.declaration
            if declaration.code == code { return code }
            if let alias = declaration.alias, Self.code(code, matches: alias[...]) { return declaration.code }
        }
        return nil
    }

    /// Whether `code` is `alias` with each `⟨name⟩` hole standing for one or more characters.
    private static func code(_ code: String, matches alias: Substring) -> Bool {
        guard let open = alias.firstIndex(of: "⟨"), let close = alias[open...].firstIndex(of: "⟩") else {
            return code == alias
        }
        let head = alias[..<open]
        let tail = alias[alias.index(after: close)...]
        guard code.hasPrefix(head) else { return false }
        var rest = code.dropFirst(head.count)
        while !rest.isEmpty {
            rest = rest.dropFirst()
            if Self.code(String(rest), matches: tail) { return true }
        }
        return false
    }
}
