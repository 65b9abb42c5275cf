import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// The step that gives each country its trend (``TrendFile``): the previous build's trend with this build's day
/// replaced or added, so the trend needs no store beside the published builds.
///
/// A fresh country's row for the day is made from the stations it publishes (``CountryTiles/trendFigures``); several
/// builds in one UTC day rewrite the same row. A carried country's trend is carried unchanged: its stations are an
/// older build's, so they make no row for today. When the previous build has no readable trend of a country (none
/// listed, missing, unreadable, invalid, or of another country), the trend starts again from today's row alone, with
/// `since` today, and ``restarted`` says why; a carried country then has no trend until a build reads it fresh.
package struct CountryTrends: Sendable {
    /// Each country's trend, by code.
    package var files: [String: TrendFile] = [:]
    /// The countries whose trend started again (or has none, when carried), and why.
    package var restarted: [String: String] = [:]

    /// The trends of a build at `builtAt` of `countries`, from the previous build's.
    init(_ countries: [CountryTiles], previous: PreviousBuild?, builtAt: Date) {
        let today = TrendFile.day(of: builtAt)
        for country in countries {
            let code = country.config.country
            let (previousTrend, problem) = Self.read(code, from: previous)
            if country.carriedSince != nil {
                if let previousTrend {
                    files[code] = previousTrend
                } else {
                    restarted[code] =
                        (problem ?? "") + "; the country is carried, so it has no trend until a fresh build"
                }
                continue
            }
            let row = TrendFile.Day(day: today, fuels: country.trendFigures)
            guard let previousTrend else {
                files[code] = TrendFile(country: code, since: today, days: [row])
                if let problem { restarted[code] = problem }
                continue
            }
            // Rows after today (a build dated before the previous one) are dropped: a trend ends on its build's day.
            let kept = previousTrend.days.filter { $0.day < today }.suffix(TrendFile.maximumDays - 1)
            files[code] = TrendFile(country: code, since: min(previousTrend.since, today), days: kept + [row])
        }
    }

    /// The previous build's trend of `country`, or why there is none to extend. A country the previous build did
    /// not publish at all starts its trend without a problem to report.
    private static func read(_ country: String, from previous: PreviousBuild?) -> (TrendFile?, String?) {
        guard let previous, previous.index.countries[country] != nil else { return (nil, nil) }
        guard previous.published.trendPaths[country] != nil else {
            return (nil, "the previous build lists no trend of \(country)")
        }
        do {
            return (try previous.published.readTrend(country, in: previous.folder), nil)
        } catch {
            guard let why = error.unreadable else {
                return (nil, "the previous build's trend \(error.url.path) is missing")
            }
            return (nil, "cannot read the previous build's trend \(error.url.path): \(why)")
        }
    }
}
