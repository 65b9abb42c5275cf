import Foundation
import FuelFormat
import FuelHTTP

/// What `fuel-publish status --json` prints: the facts of the text report as one JSON document with sorted keys.
///
/// The ages are hours rounded to a tenth, as the text shows them; times are `…Z`. A key whose value is unknown
/// (a country not carried, no `--origin`, no error) is left out.
public struct StatusDocument: Sendable {
    /// The published index judged; nil when it could not be read.
    public var status: PublishedStatus?
    /// The browser's view with `--origin`; nil without it.
    public var access: BrowserAccess?
    /// Why the index (or, with `--origin`, the browser's requests) could not be read; nil when it was.
    public var error: String?
    /// Where the index was looked for, for the document of an index that could not be read.
    public var location: String

    /// A document of what was read.
    public init(status: PublishedStatus?, access: BrowserAccess? = nil, error: String? = nil, location: String) {
        self.status = status
        self.access = access
        self.error = error
        self.location = HTTPRedaction.url(location)
    }

    /// True when `status` exits 0: the index read and fresh, and, with `--origin`, readable by a page there.
    public var healthy: Bool {
        error == nil && status?.problems.isEmpty == true && (access?.problems.isEmpty ?? true)
    }

    /// The document, pretty-printed, keys sorted.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(Document(self)), as: UTF8.self)) ?? "{}"
    }
}

/// The encoded shape of a ``StatusDocument``.
private struct Document: Encodable {
    struct Limits: Encodable {
        var maxAgeHours: Double
        var maxCarriedHours: Double
    }

    struct Build: Encodable {
        var builtAt: String
        var ageHours: Double
    }

    struct Country: Encodable {
        var country: String
        var stations: Int
        var updated: String
        var ageHours: Double
        var maxFeedAgeHours: Double?
        var feedAgeLimitSetBy: String?
        var feedTooOld: Bool
        var carriedSince: String?
        var carriedHours: Double?
    }

    struct Answer: Encodable {
        var status: Int
        /// The CORS headers the text shows, names lower-cased.
        var headers: [String: String]
    }

    struct Access: Encodable {
        var origin: String
        var url: String
        var preflight: Answer
        var get: Answer
        var problems: [BrowserAccess.Problem]
        var notes: [String]
        /// `ok` or `incomplete`, as the text's `browser access:` line.
        var verdict: String
    }

    var healthy: Bool
    var index: String
    var error: String?
    var checkedAt: String?
    var limits: Limits?
    var build: Build?
    var countries: [Country]?
    var problems: [PublishedStatus.Problem]?
    /// `ok` or `stale`, as the text's last line; `unreadable` when the index could not be read.
    var verdict: String
    var browserAccess: Access?

    init(_ document: StatusDocument) {
        healthy = document.healthy
        error = document.error
        index = document.status?.index ?? document.location
        verdict = document.status.map { $0.problems.isEmpty ? "ok" : "stale" } ?? "unreadable"
        if let status = document.status {
            checkedAt = UTCTime.format(status.checkedAt)
            limits = Limits(
                maxAgeHours: Self.tenths(status.maxAgeHours), maxCarriedHours: Self.tenths(status.maxCarriedHours))
            build = Build(builtAt: UTCTime.format(status.builtAt), ageHours: Self.tenths(status.buildAgeHours))
            countries = status.countries.map { country in
                Country(
                    country: country.country, stations: country.stations, updated: UTCTime.format(country.updated),
                    ageHours: Self.tenths(country.ageHours), maxFeedAgeHours: country.feedAgeLimit?.hours,
                    feedAgeLimitSetBy: country.feedAgeLimit?.setBy, feedTooOld: country.feedTooOld,
                    carriedSince: country.carriedSince.map(UTCTime.format),
                    carriedHours: country.carriedHours.map(Self.tenths))
            }
            problems = status.problems
        }
        browserAccess = document.access.map { access in
            Access(
                origin: access.origin, url: access.url,
                preflight: Self.answer(access.preflight, BrowserAccess.preflightHeaders),
                get: Self.answer(access.get, BrowserAccess.getHeaders),
                problems: access.problems, notes: access.notes, verdict: access.problems.isEmpty ? "ok" : "incomplete")
        }
    }

    static func tenths(_ hours: Double) -> Double { (hours * 10).rounded() / 10 }

    static func answer(_ answer: BrowserAccess.Answer, _ names: [String]) -> Answer {
        Answer(status: answer.status, headers: answer.headers.filter { names.contains($0.key) })
    }
}
