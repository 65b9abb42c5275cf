import FuelFormat

/// What R11 needs of a station's country to read its hours, all of it from the country's entry in the sources
/// document (`sources.json`, docs/format.md section 9): the country's time zone, the areas keeping another, and its
/// public holidays. A reader knows no country by itself: a country the data gives a zone is read like any other.
public struct CountryClock: Sendable, Hashable {
    /// The IANA zone of the country's station clocks (`timeZone`).
    public var timeZone: String
    /// The parts of the country keeping another zone (`timeZoneAreas`), first match wins.
    public var areas: [TimeZoneArea]
    /// The country's public holidays (`publicHolidays`), for `PH` rules; nil when the data has none.
    public var holidays: PublicHolidays?

    /// A country's clock from its data.
    public init(timeZone: String, areas: [TimeZoneArea] = [], holidays: PublicHolidays? = nil) {
        self.timeZone = timeZone
        self.areas = areas
        self.holidays = holidays
    }

    /// The clock of a country's entry in the sources document; nil when the entry has no `timeZone` (a publisher
    /// before it), so its stations answer `unknown`.
    public init?(_ source: SourcesFile.Source) {
        guard let timeZone = source.timeZone else { return nil }
        self.init(timeZone: timeZone, areas: source.timeZoneAreas ?? [], holidays: source.publicHolidays)
    }

    /// Each country's clock from a sources document, by country code; countries without a zone are left out.
    public static func byCountry(_ sources: SourcesFile) -> [String: CountryClock] {
        var clocks: [String: CountryClock] = [:]
        for source in sources.sources { clocks[source.country] = CountryClock(source) }
        return clocks
    }

    /// The IANA zone of a station at this point: the first area whose box holds it, else the country's.
    public func timeZone(latitude: Double, longitude: Double) -> String {
        TimeZoneArea.zone(latitude: latitude, longitude: longitude, country: timeZone, areas: areas)
    }
}
