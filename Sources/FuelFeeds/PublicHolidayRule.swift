import FuelFormat

/// One national public holiday of a country, as `adapters/<CC>/source.json` lists it under `"publicHolidays"`: a
/// fixed day of the year (`{"name": "Neujahr", "date": "01-01"}`) or a day counted from Easter Sunday (Gregorian,
/// `{"name": "Ostermontag", "easter": 1}`), from the year `"since"` when a law made it a holiday lately (IT's 4
/// October, 2026). A new country's holidays are data only; the legal source of each list is in `docs/feeds.md`.
public struct PublicHolidayRule: Sendable, Hashable, Decodable {
    /// When the holiday falls.
    public enum Day: Sendable, Hashable {
        /// The same month and day every year.
        case fixed(month: Int, day: Int)
        /// This many days after Easter Sunday (negative: before it).
        case easter(offset: Int)
    }

    /// The holiday's name, for people reading the metadata.
    public var name: String
    /// When it falls.
    public var day: Day
    /// The first year it is a holiday; nil for every year.
    public var since: Int?

    /// A rule; `month` 1...12 and `day` valid in a leap year for a fixed day.
    public init(name: String, day: Day, since: Int? = nil) {
        self.name = name
        self.day = day
        self.since = since
    }

    private enum CodingKeys: String, CodingKey { case name, date, easter, since }

    /// Reads `{"name", "date": "MM-DD"}` or `{"name", "easter": offset}`.
    /// - Throws: `DecodingError` when it has both or neither, or the date is not a day of the year.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        since = try container.decodeIfPresent(Int.self, forKey: .since)
        let date = try container.decodeIfPresent(String.self, forKey: .date)
        let easter = try container.decodeIfPresent(Int.self, forKey: .easter)
        switch (date, easter) {
        case (let date?, nil):
            let parts = date.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let month = Int(parts[0]),
                let day = Int(parts[1]), (1...12).contains(month),
                (1...CivilDate.days(inMonth: month, year: 2024)).contains(day)
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .date, in: container, debugDescription: "\(name): \(date) is not a day of the year (MM-DD)")
            }
            self.day = .fixed(month: month, day: day)
        case (nil, let offset?):
            guard (-100...100).contains(offset) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .easter, in: container, debugDescription: "\(name): Easter offset \(offset) is too far")
            }
            self.day = .easter(offset: offset)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: container, debugDescription: "\(name): give either \"date\" or \"easter\"")
        }
    }

    /// The holiday's date in `year`; nil before ``since``, or for a fixed 29 February in a year without one.
    public func date(in year: Int) -> CivilDate? {
        if let since, year < since { return nil }
        switch day {
        case .fixed(let month, let day):
            guard day <= CivilDate.days(inMonth: month, year: year) else { return nil }
            return CivilDate(year: year, month: month, day: day)
        case .easter(let offset):
            return CivilDate.easterSunday(of: year).adding(days: offset)
        }
    }

    /// The published list (`sources.json`'s `publicHolidays`) for `years`: every date of every rule in them,
    /// ascending and once each, covering 1 January of the first year to 31 December of the last.
    public static func holidays(_ rules: [PublicHolidayRule], years: ClosedRange<Int>) -> PublicHolidays {
        var dates = Set<CivilDate>()
        for year in years {
            for rule in rules { if let date = rule.date(in: year) { dates.insert(date) } }
        }
        return PublicHolidays(
            from: CivilDate(year: years.lowerBound, month: 1, day: 1).text,
            to: CivilDate(year: years.upperBound, month: 12, day: 31).text,
            dates: dates.sorted().map(\.text))
    }
}
