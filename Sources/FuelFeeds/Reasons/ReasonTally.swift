/// Counts by ``Reason``: what adapters and validation keep instead of counts by sentence.
///
/// A reason counted zero times is absent, so a tally compares equal to the dictionary literal of what it holds
/// (`[Reason(.emptyCoordinates): 1, .unknownFuel(name: "GPL"): 2]`).
public struct ReasonTally: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The counts, every one above zero.
    public private(set) var counts: [Reason: Int] = [:]

    public init() {}

    public init(dictionaryLiteral elements: (Reason, Int)...) {
        for (reason, count) in elements { self[reason] += count }
    }

    /// How often `reason` was counted; 0 when never.
    public subscript(reason: Reason) -> Int {
        get { counts[reason] ?? 0 }
        set { counts[reason] = newValue == 0 ? nil : newValue }
    }

    /// How often the one reason of `kind`, a kind without holes, was counted; 0 when never. Such a kind is its
    /// reason, so adapters count it by kind (`reasons[.noPrice] += 1`); a kind with holes is counted as ``Reason``s
    /// with their values (`reasons[.unknownFuel(name: name)] += 1`).
    /// - Precondition: `kind`'s pattern has no `⟨name⟩` hole.
    public subscript(kind: Reason.Kind) -> Int {
        get { self[Reason(kind)] }
        set { self[Reason(kind)] = newValue }
    }

    public var isEmpty: Bool { counts.isEmpty }

    /// The sum of the counts.
    public var total: Int { counts.values.reduce(0, +) }

    /// Both tallies added up.
    public static func + (lhs: ReasonTally, rhs: ReasonTally) -> ReasonTally {
        var sum = lhs
        sum += rhs
        return sum
    }

    public static func += (lhs: inout ReasonTally, rhs: ReasonTally) {
        lhs.counts.merge(rhs.counts, uniquingKeysWith: +)
    }

    /// The reasons of these scopes only.
    public func filter(_ scopes: Reason.Scope...) -> ReasonTally {
        var tally = ReasonTally()
        tally.counts = counts.filter { scopes.contains($0.key.scope) }
        return tally
    }

    /// What the report lists under `rejected`: the reasons that drop a station or a price.
    public var rejects: ReasonTally { filter(.station, .price) }
    /// What the report lists under `repaired`.
    public var repairs: ReasonTally { filter(.repair) }
    /// What the report lists under `counters`.
    public var counters: ReasonTally { filter(.counter) }

    /// The counts by code, as `--json` reports them; reasons that share a code (`unknown fuel: A`, `unknown fuel: B`)
    /// add up.
    public var codes: [String: Int] {
        counts.reduce(into: [:]) { result, entry in result[entry.key.code, default: 0] += entry.value }
    }

    /// Each code with the sentences it stands for, sorted and joined with `; ` when several share it (`unknown fuel:
    /// A; unknown fuel: B`).
    public var sentences: [String: String] {
        counts.keys.map { ($0.code, $0.sentence) }.sorted { $0.1 < $1.1 }.reduce(into: [:]) { result, reason in
            result[reason.0] = result[reason.0].map { "\($0); \(reason.1)" } ?? reason.1
        }
    }

    /// The counts, most first (then by sentence), as `3 no current price` for a message.
    public func largest(_ count: Int) -> [String] {
        counts.map { ($0.value, $0.key.sentence) }.sorted { ($1.0, $0.1) < ($0.0, $1.1) }.prefix(count).map {
            "\($0.0) \($0.1)"
        }
    }
}
