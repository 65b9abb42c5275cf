import Foundation

/// HTTP dates (`Retry-After`, `Last-Modified`, `If-Modified-Since`): IMF-fixdate, RFC 850 and asctime forms.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Parses `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`.
    package static func parse(_ text: String) -> Date? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }.map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (Int, Int, Int)?
        for token in tokens.dropFirst() {  // the weekday is ignored
            if token.contains(":") {
                let parts = token.split(separator: ":").compactMap { Int($0) }
                guard parts.count == 3 else { return nil }
                time = (parts[0], parts[1], parts[2])
            } else if let index = months.firstIndex(of: token.lowercased()) {
                month = index + 1
            } else if let number = Int(token) {
                if day == nil && token.count <= 2 { day = number } else { year = number }
            } else if token.uppercased() != "GMT" && token.uppercased() != "UTC" {
                return nil
            }
        }
        guard let day, let month, var year, let time else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }  // RFC 850 two-digit years
        guard (1...31).contains(day), (0...23).contains(time.0), (0...59).contains(time.1), (0...60).contains(time.2)
        else { return nil }
        let days = Int(UTCTime.days(fromCivilYear: Int64(year), month: Int64(month), day: Int64(day)))
        let seconds = days * 86_400 + time.0 * 3600 + time.1 * 60 + time.2
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// IMF-fixdate, as `If-Modified-Since` wants it.
    package static func format(_ date: Date) -> String {
        let (days, seconds) = UTCTime.dayAndSecond(of: Int64(date.timeIntervalSince1970.rounded(.down)))
        let (year, month, day) = UTCTime.civil(fromDays: days)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        let monthName = months[Int(month) - 1].prefix(1).uppercased() + months[Int(month) - 1].dropFirst()
        func two<N: BinaryInteger>(_ value: N) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(monthName) \(year) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):"
            + "\(two(seconds % 60)) GMT"
    }
}
