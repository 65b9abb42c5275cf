/// A country's national public holidays as `sources.json` publishes them (`publicHolidays`, `docs/format.md`): every
/// date from ``from`` to ``to`` (inclusive) that is one. Regional holidays are not in it. Dates are `YYYY-MM-DD`,
/// which compare as text in date order.
public struct PublicHolidays: Sendable, Hashable, Codable {
    /// The first date the list covers.
    public var from: String
    /// The last date the list covers.
    public var to: String
    /// The holidays between ``from`` and ``to``, ascending.
    public var dates: [String]

    /// A list covering `from`...`to`; `dates` ascending and inside that range.
    public init(from: String, to: String, dates: [String]) {
        self.from = from
        self.to = to
        self.dates = dates
    }

    /// Whether `date` (`YYYY-MM-DD`, the station's local date) is a public holiday; nil when the list does not
    /// cover it, so nobody can tell.
    public func isHoliday(_ date: String) -> Bool? {
        guard date >= from, date <= to else { return nil }
        return dates.contains(date)
    }
}
