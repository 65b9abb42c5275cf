/// Why an adapter or validation dropped, repaired or counted something: one case per kind, its values in the case.
///
/// A reason is counted as a value (``ReasonTally``) and turned into words only for the report. Everything else a
/// kind is, its stable code (the `--json` key), its ``Scope`` (whether it drops a station or a price, repairs, or
/// is only counted), its sentence and who can raise it, is declared once, in ``declaration``; `docs/reasons.md`
/// lists every code, generated from ``catalog``.
public enum Reason: Hashable, Sendable {
    // Adapters, several countries.

    /// A record without a latitude or a longitude.
    case emptyCoordinates
    /// A price whose fuel name the country's `fuels.json` does not know; PT drops it, FR keeps it as `other`.
    case unknownFuel(name: String)

    // ES.

    case emptyIDEESS
    case duplicateIDEESS
    /// A `Precio …` key the fuel table does not know.
    case unknownPriceKey(key: String)
    /// An `Horario` with no digit at all (``ESAdapter/isJunkHours(_:)``).
    case junkHours
    /// An `Horario` that none of ``ESOpeningHours``' patterns reads: the station keeps its `hours` text and has no
    /// `openingHours`.
    case horarioNotConverted
    /// `Precio Bioetanol` read as E85, its `% BioEtanol` being at least ``ESAdapter/e85MinimumEthanolPercent``.
    case bioethanolReadAsE85
    /// `Precio Bioetanol` kept as `other`: its `% BioEtanol` is lower or missing.
    case bioethanolKeptAsOther

    // PT.

    case rowWithoutFuelName
    case emptyPrice
    case priceWithoutDataAtualizacao
    /// The same fuel twice at a station: the newer price is kept.
    case repeatedPrice

    // FR.

    case shortageAlreadyOver
    case shortageOfUnknownFuel(name: String)
    /// The price of a fuel under a `definitive` shortage.
    case discontinuedFuelPrice
    /// A week closed on all seven days while the prices are current: the hours are left unknown.
    case closedWeekWithCurrentPrices
    case openingDayWithoutID
    case malformedOpeningTime
    /// Text that was UTF-8 under the document's ISO-8859-1 declaration.
    case utf8UnderLatin1
    /// A closed station's empty `<prix/>`.
    case emptyPrix
    case stationListedTwice

    // AT.

    case unknownFuelType(name: String)
    /// A price of amount 0, or none.
    case noPrice

    // IT.

    case unknownFuelName(name: String)
    case priceRowLatin1
    case registryRowLatin1
    /// One site registered under several ids: the older rows merged into the newest id, one per older row.
    case identicalRegistryRowMerged
    case registryStationWithoutPrice
    case priceRowWithoutStation
    case sameFuelAndServiceTwice
    /// A registry row whose web-form tail (` | gestori.prezzibenzina.it`) was joined back.
    case registryRowRepaired
    /// A registry row with other stray separators, its text fields placed by the road type.
    case registryRowGuessed
    case duplicateRegistryID

    // Validation, every country.

    /// Coordinates inside none of the country's boxes, swapped or not.
    case coordinatesOutside(country: String)
    case swappedCoordinates
    case priceNotPositive
    case placeholderPrice
    case priceOutsideBand
    /// A price older than the country's `maxPriceAgeDays` against the feed's reference time.
    case priceTooOld(days: Int)
    /// A price dated more than `days` after the fetch (or the files' time).
    case priceAfterFetch(days: Int)
    case duplicateIDMerged
    /// A station left with neither a price nor a shortage.
    case noCurrentPrice
    case controlCharactersRemoved(field: TextField)
    /// A text field cut to its `limit` characters.
    case textCut(field: TextField, limit: Int)

    // Carrying a country forward.

    /// A carried station outside the country's boxes (they changed since it was published).
    case carriedOutside

    /// A station's text field, as validation names it in a repair.
    public enum TextField: String, Sendable, CaseIterable {
        case name, brand, address, city, postcode, hours, service
    }

    /// What a reason does to the data, which decides where the report counts it.
    public enum Scope: String, Sendable, CaseIterable {
        /// Drops a station, or the feed record that would have been one: under `rejected`.
        case station
        /// Drops one price, or a price row: under `rejected`.
        case price
        /// Changed something and kept it: under `repaired`.
        case repair
        /// Drops no station: counted for the record under `counters` (a name the tables do not know, a row the
        /// adapter read its own way, a price the feed itself marks as gone).
        case counter

        /// Whether the report counts it under `rejected`.
        public var isReject: Bool { self == .station || self == .price }

        /// The words of the reasons table.
        public var words: String {
            switch self {
            case .station: "drops a station"
            case .price: "drops a price"
            case .repair: "repair"
            case .counter: "counter"
            }
        }
    }

    /// Who can raise a reason.
    public enum Origin: Sendable, Equatable {
        /// The adapters of these countries, by code.
        case adapters([String])
        /// Validation, for every country.
        case validation
        /// `--carry-forward`, for every carried country.
        case carryForward

        /// The words of the reasons table.
        public var words: String {
            switch self {
            case .adapters(let countries): countries.joined(separator: ", ")
            case .validation: "every country (validation)"
            case .carryForward: "every carried country (`--carry-forward`)"
            }
        }
    }

    /// The stable machine key (`no-current-price`): what `--json` reports count under.
    public var code: String { declaration.code }
    /// The reason in words, with its values (`unknown fuel: Querosene`).
    public var sentence: String { declaration.sentence }
    public var scope: Scope { declaration.scope }
}
