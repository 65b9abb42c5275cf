import Foundation
import FuelFormat

/// Whether a station is open at an instant, from its `openingHours` (`docs/format.md`, "Reading the data", R11).
public enum OpenState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Its hours say it is open.
    case open
    /// Its hours say it is closed.
    case closed
    /// Its hours cannot say: it has no `openingHours`, they have a `PH` (public holiday) rule, which needs a
    /// holiday calendar the reader does not have, or they are outside the published subset.
    case unknown

    /// The answer for `openingHours` at `localWeekday` (0 = Monday) and `localMinute` (minutes after midnight) of
    /// the station's own time zone.
    public static func of(_ openingHours: String?, localWeekday: Int, localMinute: Int) -> OpenState {
        guard let text = openingHours, let hours = OpeningHours(parsing: text), hours.holidays == nil else {
            return .unknown
        }
        if hours.alwaysOpen { return .open }
        let today = hours.week[localWeekday] ?? []
        for span in today where localMinute >= span.start && (span.crossesMidnight || localMinute < span.end) {
            return .open
        }
        let yesterday = hours.week[(localWeekday + 6) % 7] ?? []
        for span in yesterday where span.crossesMidnight && localMinute < span.end {
            return .open
        }
        return .closed
    }
}

extension Station {
    /// The IANA time zone of the station's clock: by ``country`` (PT Europe/Lisbon, ES Europe/Madrid, FR
    /// Europe/Paris, IT Europe/Rome, AT Europe/Vienna), and by longitude for the islands an hour behind: ES west of
    /// 12° W is the Canary Islands (Atlantic/Canary), PT west of 20° W the Azores (Atlantic/Azores). Nil for a
    /// country the tiles do not cover.
    public var timeZoneIdentifier: String? {
        switch country {
        case "PT": longitude < -20 ? "Atlantic/Azores" : "Europe/Lisbon"
        case "ES": longitude < -12 ? "Atlantic/Canary" : "Europe/Madrid"
        case "FR": "Europe/Paris"
        case "IT": "Europe/Rome"
        case "AT": "Europe/Vienna"
        default: nil
        }
    }

    /// Whether the station is open at `instant`, read in its own time zone (``timeZoneIdentifier``); unknown
    /// without `openingHours`, with a `PH` rule, outside the subset or in a country without a known zone.
    public func openState(at instant: Date) -> OpenState {
        guard openingHours != nil, let identifier = timeZoneIdentifier,
            let zone = TimeZone(identifier: identifier)
        else { return .unknown }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: instant)
        guard let weekday = parts.weekday, let hour = parts.hour, let minute = parts.minute else { return .unknown }
        // Calendar's weekday is 1 for Sunday; the syntax's week starts on Monday.
        return .of(openingHours, localWeekday: (weekday + 5) % 7, localMinute: hour * 60 + minute)
    }
}
