extension Reason {
    /// Everything a kind of reason is, declared once per kind in ``Reason/declaration``.
    public struct Declaration: Sendable, Equatable {
        /// The stable machine key: lower-case ASCII words joined by `-`, free of values, so one kind has one code
        /// in every country (`coordinates outside PT` and `coordinates outside ES` are `coordinates-outside-country`).
        public let code: String
        public let scope: Scope
        /// The sentence with a `⟨name⟩` hole for each value (`unknown fuel: ⟨name⟩`).
        public let pattern: String
        /// The values that fill the holes, in order.
        public let values: [String]
        public let origin: Origin
        /// The code an earlier release reported for this kind, while it is still accepted
        /// (``Reason/currentCode(for:)``); a `⟨name⟩` in it stands for any code words.
        public let alias: String?

        init(
            _ code: String, _ scope: Scope, _ pattern: String, _ values: String..., by origin: Origin,
            alias: String? = nil
        ) {
            self.code = code
            self.scope = scope
            self.pattern = pattern
            self.values = values
            self.origin = origin
            self.alias = alias
        }

        /// The pattern with its holes filled: `unknown fuel: Querosene`.
        public var sentence: String {
            var sentence = ""
            var rest = pattern[...]
            var values = values[...]
            while let open = rest.firstIndex(of: "⟨"), let close = rest[open...].firstIndex(of: "⟩") {
                sentence += rest[..<open]
                sentence += values.popFirst() ?? String(rest[open...close])
                rest = rest[rest.index(after: close)...]
            }
            return sentence + rest
        }
    }

    /// The kind's code, scope, sentence, origin and any alias: the one place a kind is described.
    public var declaration: Declaration {
        let all = Origin.adapters(["AT", "ES", "FR", "IT", "PT"])
        let minimum = ESAdapter.e85MinimumEthanolPercent
        switch self {
        case .emptyCoordinates: return Declaration("empty-coordinates", .station, "empty coordinates", by: all)
        case .unknownFuel(let name):
            return Declaration("unknown-fuel", .counter, "unknown fuel: ⟨name⟩", name, by: .adapters(["FR", "PT"]))

        case .emptyIDEESS: return Declaration("empty-ideess", .station, "empty IDEESS", by: .adapters(["ES"]))
        case .duplicateIDEESS:
            return Declaration("duplicate-ideess", .station, "duplicate IDEESS", by: .adapters(["ES"]))
        case .unknownPriceKey(let key):
            return Declaration(
                "unknown-price-key", .counter, "unknown price key: ⟨key⟩", key, by: .adapters(["ES"]),
                alias: "unknown-price-key-⟨key⟩")
        case .junkHours:
            return Declaration(
                "horario-without-any-time-junk-dropped", .counter, "Horario without any time (junk), dropped",
                by: .adapters(["ES"]))
        case .horarioNotConverted:
            return Declaration(
                "horario-not-converted-to-opening-hours", .counter, "Horario not converted to opening hours",
                by: .adapters(["ES"]))
        case .bioethanolReadAsE85:
            return Declaration(
                "precio-bioetanol-read-as-e85", .counter,
                "Precio Bioetanol read as e85 (% BioEtanol \(minimum) or more)",
                by: .adapters(["ES"]), alias: "precio-bioetanol-read-as-e85-bioetanol-\(minimum)-or-more")
        case .bioethanolKeptAsOther:
            return Declaration(
                "precio-bioetanol-kept-as-other", .counter,
                "Precio Bioetanol kept as other (% BioEtanol below \(minimum) or missing)", by: .adapters(["ES"]),
                alias: "precio-bioetanol-kept-as-other-bioetanol-below-\(minimum)-or-missing")

        case .rowWithoutFuelName:
            return Declaration("row-without-a-fuel-name", .counter, "row without a fuel name", by: .adapters(["PT"]))
        case .emptyPrice: return Declaration("empty-price", .counter, "empty price", by: .adapters(["PT"]))
        case .priceWithoutDataAtualizacao:
            return Declaration(
                "price-without-dataatualizacao", .counter, "price without DataAtualizacao", by: .adapters(["PT"]))
        case .repeatedPrice: return Declaration("repeated-price", .counter, "repeated price", by: .adapters(["PT"]))

        case .shortageAlreadyOver:
            return Declaration("shortage-already-over", .counter, "shortage already over", by: .adapters(["FR"]))
        case .shortageOfUnknownFuel(let name):
            return Declaration(
                "shortage-of-an-unknown-fuel", .counter, "shortage of an unknown fuel: ⟨name⟩", name,
                by: .adapters(["FR"]))
        case .discontinuedFuelPrice:
            return Declaration(
                "price-dropped-fuel-no-longer-sold-definitive-shortage", .counter,
                "price dropped: fuel no longer sold (definitive shortage)", by: .adapters(["FR"]))
        case .closedWeekWithCurrentPrices:
            return Declaration(
                "hours-left-unknown-all-seven-days-ferme-but-prices-are-current", .counter,
                "hours left unknown: all seven days ferme but prices are current", by: .adapters(["FR"]))
        case .openingDayWithoutID:
            return Declaration(
                "opening-day-without-an-id-1-7", .counter, "opening day without an id 1-7", by: .adapters(["FR"]))
        case .malformedOpeningTime:
            return Declaration("malformed-opening-time", .counter, "malformed opening time", by: .adapters(["FR"]))
        case .utf8UnderLatin1:
            return Declaration(
                "text-that-was-utf-8-under-the-iso-8859-1-declaration-read-as-utf-8", .counter,
                "text that was UTF-8 under the ISO-8859-1 declaration, read as UTF-8", by: .adapters(["FR"]))
        case .emptyPrix:
            return Declaration("empty-prix-skipped", .counter, "empty <prix/> skipped", by: .adapters(["FR"]))
        case .stationListedTwice:
            return Declaration(
                "station-listed-twice-kept-the-newer-prices", .counter, "station listed twice (kept the newer prices)",
                by: .adapters(["FR"]))

        case .unknownFuelType(let name):
            return Declaration(
                "unknown-fuel-type", .counter, "unknown fuel type: ⟨name⟩", name, by: .adapters(["AT"]))
        case .noPrice:
            return Declaration(
                "no-price-amount-0-or-missing", .counter, "no price (amount 0 or missing)", by: .adapters(["AT"]))

        case .unknownFuelName(let name):
            return Declaration(
                "unknown-fuel-name", .counter, "unknown fuel name: ⟨name⟩", name, by: .adapters(["IT"]))
        case .priceRowLatin1:
            return Declaration(
                "price-row-read-as-iso-8859-1-not-valid-utf-8", .counter,
                "price row read as ISO-8859-1 (not valid UTF-8)", by: .adapters(["IT"]))
        case .registryRowLatin1:
            return Declaration(
                "registry-row-read-as-iso-8859-1-not-valid-utf-8", .counter,
                "registry row read as ISO-8859-1 (not valid UTF-8)", by: .adapters(["IT"]))
        case .identicalRegistryRowMerged:
            return Declaration(
                "identical-registry-row-under-an-older-id-merged-into-the-newest-id", .counter,
                "identical registry row under an older id, merged into the newest id", by: .adapters(["IT"]))
        case .registryStationWithoutPrice:
            return Declaration(
                "registry-station-without-any-price", .counter, "registry station without any price",
                by: .adapters(["IT"]))
        case .priceRowWithoutStation:
            return Declaration(
                "price-row-without-a-registry-station", .price, "price row without a registry station",
                by: .adapters(["IT"]))
        case .sameFuelAndServiceTwice:
            return Declaration(
                "same-fuel-and-service-twice-at-a-station-kept-the-newer", .counter,
                "same fuel and service twice at a station (kept the newer)", by: .adapters(["IT"]))
        case .registryRowRepaired:
            return Declaration(
                "registry-row-with-a-separator-inside-a-field-repaired", .counter,
                "registry row with a separator inside a field, repaired", by: .adapters(["IT"]))
        case .registryRowGuessed:
            return Declaration(
                "registry-row-with-a-stray-separator-text-fields-guessed", .counter,
                "registry row with a stray separator, text fields guessed", by: .adapters(["IT"]))
        case .duplicateRegistryID:
            return Declaration(
                "duplicate-idimpianto-in-the-registry", .station, "duplicate idImpianto in the registry",
                by: .adapters(["IT"]))

        case .coordinatesOutside(let country):
            return Declaration(
                "coordinates-outside-country", .station, "coordinates outside ⟨country⟩", country, by: .validation)
        case .swappedCoordinates:
            return Declaration("swapped-lat-lon-repaired", .repair, "swapped lat/lon repaired", by: .validation)
        case .priceNotPositive: return Declaration("price-not-positive", .price, "price not positive", by: .validation)
        case .placeholderPrice: return Declaration("placeholder-price", .price, "placeholder price", by: .validation)
        case .priceOutsideBand:
            return Declaration(
                "price-outside-plausible-band", .price, "price outside plausible band", by: .validation)
        case .priceTooOld(let days):
            return Declaration("price-too-old", .price, "price older than ⟨days⟩ days", "\(days)", by: .validation)
        case .priceAfterFetch(let days):
            return Declaration(
                "price-dated-after-the-fetch", .price, "price dated more than ⟨days⟩ after the fetch",
                days == 1 ? "1 day" : "\(days) days", by: .validation,
                alias: "price-dated-more-than-⟨days⟩-after-the-fetch")
        case .duplicateIDMerged:
            return Declaration("duplicate-id-merged", .repair, "duplicate id merged", by: .validation)
        case .noCurrentPrice: return Declaration("no-current-price", .station, "no current price", by: .validation)
        case .controlCharactersRemoved(let field):
            return Declaration(
                "control-characters-removed-from-\(field.rawValue)", .repair,
                "control characters removed from \(field.rawValue)", by: .validation)
        case .textCut(let field, let limit):
            return Declaration(
                "\(field.rawValue)-cut-to-limit", .repair, "\(field.rawValue) cut to ⟨limit⟩ characters", "\(limit)",
                by: .validation, alias: "\(field.rawValue)-cut-to-⟨limit⟩-characters")

        case .carriedOutside:
            return Declaration(
                "carried-station-outside-the-country-s-boxes", .station, "carried station outside the country's boxes",
                by: .carryForward)
        }
    }
}
