import Foundation

extension SourcesFile {
    /// One country's source.
    public struct Source: Sendable, Hashable, Codable {
        /// The country's code: `ES`.
        public var country: String
        /// Who publishes the feed.
        public var publisher: String
        /// The publisher's page for the data.
        public var url: String
        /// The licence the data is under.
        public var licence: String
        /// Where the licence's text is.
        public var licenceUrl: String
        /// The attribution an app must show with the country's data.
        public var attribution: String
        /// What the feed covers (and what it leaves out).
        public var coverage: String
        /// The feed's own reference time.
        public var updated: Date {
            get { updatedText.date }
            set { updatedText.date = newValue }
        }
        /// ``updated`` as the file holds it, UTC text.
        private var updatedText: UTCTimeText
        /// Stations published for the country.
        public var stations: Int
        /// The country's national public holidays over the years around the build, for `PH` rules (R11); nil in a
        /// file of a publisher before them.
        public var publicHolidays: PublicHolidays?
        /// The IANA time zone of the country's station clocks (R11); nil in a file of a publisher before it.
        public var timeZone: String?
        /// The parts of the country that keep another zone than ``timeZone``, first match wins; nil when none (or
        /// in a file of a publisher before them).
        public var timeZoneAreas: [TimeZoneArea]?
        /// The ISO 4217 code of the currency the country's prices are in; nil in a file of a publisher before it.
        public var currency: String?

        /// One country's source, as its `adapters/<CC>/source.json` and its build describe it.
        public init(
            country: String, publisher: String, url: String, licence: String, licenceUrl: String,
            attribution: String, coverage: String, updated: Date, stations: Int, publicHolidays: PublicHolidays? = nil,
            timeZone: String? = nil, timeZoneAreas: [TimeZoneArea]? = nil, currency: String? = nil
        ) {
            self.country = country
            self.publisher = publisher
            self.url = url
            self.licence = licence
            self.licenceUrl = licenceUrl
            self.attribution = attribution
            self.coverage = coverage
            updatedText = UTCTimeText(updated)
            self.stations = stations
            self.publicHolidays = publicHolidays
            self.timeZone = timeZone
            self.timeZoneAreas = timeZoneAreas
            self.currency = currency
        }

        /// The IANA zone of a station of the country at this point (its area's, else the country's); nil when the
        /// file gives the country no zone.
        public func timeZone(latitude: Double, longitude: Double) -> String? {
            timeZone.map {
                TimeZoneArea.zone(latitude: latitude, longitude: longitude, country: $0, areas: timeZoneAreas ?? [])
            }
        }

        private enum CodingKeys: String, CodingKey {
            case country, publisher, url, licence, licenceUrl, attribution, coverage
            case updatedText = "updated"
            case stations, publicHolidays, timeZone, timeZoneAreas, currency
        }
    }
}
