import Foundation
import FuelFormat

/// One schedule's simulated span, measured.
public struct DayScheduleReport: Sendable, Codable, Equatable {
    public var schedule: String
    public var hours: Double
    /// Scheduled runs in the span (yesterday's last run not counted).
    public var runs: Int
    /// Per country, in minutes: how long before the lookup the feed published the state each price the phone saw
    /// comes from (every price of every station of every lookup counted).
    public var ages: [String: Spread]
    public var pricesSeen: [String: Int]
    /// Per country: requests to the national service in the span, those answered 304, body bytes received.
    public var feedRequests: [String: Int]
    public var feedNotModified: [String: Int]
    public var feedBytes: [String: Int]
    /// Per country: `maxRequestsPerDay` from `adapters/<CC>/source.json`.
    public var budgets: [String: Int]
    /// Requests to the bucket in the span: PUTs, LISTs, all Class A (PUT, POST, COPY, LIST) and Class B (GET, HEAD).
    public var puts: Int
    public var lists: Int
    public var classA: Int
    public var classB: Int
    public var uploadedBytes: Int
    public var phoneLookups: Int
    public var phoneRequests: Int
    public var phoneBytes: Int
    /// Wall time of each scheduled run (fetch, build, upload), seconds.
    public var runSeconds: Spread
    /// Scheduled runs that uploaded (the others found nothing changed).
    public var runsWithUpload: Int
    /// Per run, the least time its fetch takes at each service's `requestsPerSecond` (countries fetched at once, so
    /// the slowest country's requests ÷ its rate), seconds: what the in-process services do not make the run wait.
    public var pacedFetchSeconds: Spread
    /// The history files (R14) of the one finished day the span wrote out, in one format: files (one per cell with
    /// stations) and their gzipped bytes. Each is uploaded once per format; their PUTs are among ``puts``.
    public var historyFiles: Int?
    public var historyBytes: Int?

    /// History PUTs a month: one day's files, in both formats, every day of 30.
    public var historyPutsPerMonth: Double? { historyFiles.map { Double($0 * 2 * 30) } }

    /// A count in the span scaled to one day.
    public func perDay(_ value: Int) -> Double { Double(value) * 24 / max(hours, 1e-9) }

    /// Countries whose service got more requests a day than its budget allows, sorted.
    public var overBudget: [String] {
        feedRequests.keys.filter { country in
            guard let budget = budgets[country] else { return false }
            return perDay(feedRequests[country] ?? 0) > Double(budget)
        }.sorted()
    }
}
