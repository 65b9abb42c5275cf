/// Why an adapter or validation dropped, repaired or counted something: a ``Kind`` and the values that fill its
/// sentence's holes.
///
/// A reason is counted as a value (``ReasonTally``) and turned into words only for the report. Everything else a
/// kind is, its stable code (the `--json` key), its ``Scope`` (whether it drops a station or a price, repairs, or
/// is only counted), its sentence and who raises it, is declared once, as a ``Kind``: the kinds several countries or
/// validation raise in `Reasons/` (``Kind/shared``), a country's own in its folder (`Countries/<CC>/<CC>Reasons.swift`),
/// which ``FeedCountry/reasonKinds`` lists. `docs/reasons.md` lists every code, generated from ``catalog``.
public struct Reason: Hashable, Sendable {
    /// What kind of reason it is: its code, scope, sentence pattern and who raises it.
    public let kind: Kind
    /// The values that fill the holes of the kind's pattern, in order.
    public let values: [String]

    /// A reason of `kind` with one value per hole of its pattern.
    /// - Precondition: `values` has one value per `⟨name⟩` hole of `kind.pattern`.
    public init(_ kind: Kind, _ values: String...) {
        precondition(values.count == kind.holeCount, "\(kind.code) has \(kind.holeCount) holes")
        self.kind = kind
        self.values = values
    }

    /// The stable machine key (`no-current-price`): what `--json` reports count under.
    public var code: String { kind.code }
    /// The reason in words, with its values (`unknown fuel: Querosene`).
    public var sentence: String { kind.sentence(values) }
    /// What the reason does to the data.
    public var scope: Scope { kind.scope }

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

    /// Who can raise a reason, as the catalog reports it (``Kind/origin``).
    public enum Origin: Sendable, Equatable {
        /// The adapters of these countries, by code: the registered countries whose ``FeedCountry/reasonKinds``
        /// list the kind.
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
}
