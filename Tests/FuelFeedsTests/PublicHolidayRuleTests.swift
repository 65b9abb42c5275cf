import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// The national public holidays each country's metadata lists as rules (`adapters/<CC>/source.json`,
/// `"publicHolidays"`), and the dates `sources.json` publishes from them.
@Suite struct PublicHolidayRuleTests {
    /// Easter Sundays from published tables (the Gregorian computus), across centuries and both extremes.
    @Test(arguments: [
        (1818, "1818-03-22"), (1943, "1943-04-25"), (2000, "2000-04-23"), (2008, "2008-03-23"),
        (2011, "2011-04-24"), (2019, "2019-04-21"), (2024, "2024-03-31"), (2025, "2025-04-20"),
        (2026, "2026-04-05"), (2027, "2027-03-28"), (2028, "2028-04-16"), (2038, "2038-04-25"),
        (2285, "2285-03-22"),
    ])
    func easterSunday(_ year: Int, _ date: String) {
        #expect(CivilDate.easterSunday(of: year).text == date)
    }

    /// Each country's 2026 list, written by hand from its law (`docs/feeds.md`, "Public holidays").
    @Test(arguments: [
        (
            "AT",
            [
                "01-01", "01-06", "04-05", "04-06", "05-01", "05-14", "05-24", "05-25", "06-04", "08-15", "10-26",
                "11-01", "12-08", "12-25", "12-26",
            ]
        ),
        ("ES", ["01-01", "01-06", "04-03", "05-01", "08-15", "10-12", "11-01", "12-06", "12-08", "12-25"]),
        ("FR", ["01-01", "04-06", "05-01", "05-08", "05-14", "05-25", "07-14", "08-15", "11-01", "11-11", "12-25"]),
        (
            "IT",
            [
                "01-01", "01-06", "04-05", "04-06", "04-25", "05-01", "06-02", "08-15", "10-04", "11-01", "12-08",
                "12-25", "12-26",
            ]
        ),
        (
            "PT",
            [
                "01-01", "04-03", "04-05", "04-25", "05-01", "06-04", "06-10", "08-15", "10-05", "11-01", "12-01",
                "12-08", "12-25",
            ]
        ),
    ])
    func theCountrysHolidaysOf2026(_ country: String, _ days: [String]) throws {
        let rules = try FeedRun.config(country).publicHolidays
        let list = PublicHolidayRule.holidays(rules, years: 2026...2026)
        #expect(list == PublicHolidays(from: "2026-01-01", to: "2026-12-31", dates: days.map { "2026-" + $0 }))
    }

    /// IT's 4 October is a holiday again from 2026 (Legge 151/2025): not in 2025.
    @Test func aRuleSinceAYearIsNotBefore() throws {
        let list = PublicHolidayRule.holidays(try FeedRun.config("IT").publicHolidays, years: 2025...2027)
        #expect(!list.dates.contains("2025-10-04"))
        #expect(list.dates.contains("2026-10-04") && list.dates.contains("2027-10-04"))
        #expect(list.from == "2025-01-01" && list.to == "2027-12-31")
        #expect(list.dates == list.dates.sorted() && Set(list.dates).count == list.dates.count)
    }

    /// 29 February only in leap years; a day counted from Easter crosses months.
    @Test func fixedAndEasterDays() {
        let leap = PublicHolidayRule(name: "Leap", day: .fixed(month: 2, day: 29))
        #expect(leap.date(in: 2028)?.text == "2028-02-29")
        #expect(leap.date(in: 2026) == nil)
        #expect(
            PublicHolidayRule(name: "Corpus Christi", day: .easter(offset: 60)).date(in: 2026)?.text == "2026-06-04")
        #expect(PublicHolidayRule(name: "Good Friday", day: .easter(offset: -2)).date(in: 2024)?.text == "2024-03-29")
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var json: String
        var says: String
        var testDescription: String { json }
    }

    @Test(arguments: [
        Broken(json: #"{"name":"X","date":"13-01"}"#, says: "not a day of the year"),
        Broken(json: #"{"name":"X","date":"02-30"}"#, says: "not a day of the year"),
        Broken(json: #"{"name":"X","date":"1-1"}"#, says: "not a day of the year"),
        Broken(json: #"{"name":"X"}"#, says: "either \"date\" or \"easter\""),
        Broken(json: #"{"name":"X","date":"01-01","easter":1}"#, says: "either \"date\" or \"easter\""),
        Broken(json: #"{"name":"X","easter":400}"#, says: "too far"),
    ])
    func aMalformedRuleIsRefused(_ broken: Broken) {
        #expect {
            try JSONDecoder().decode(PublicHolidayRule.self, from: Data(broken.json.utf8))
        } throws: { error in
            String(describing: error).contains(broken.says)
        }
    }
}
