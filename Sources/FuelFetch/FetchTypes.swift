import Foundation
import FuelFeeds

/// What happened to one country.
public struct CountryFetchResult: Sendable, Equatable {
    public var country: String
    /// Feeds-relative paths of the files that now make up the country's feed, sorted.
    public var files: [String] = []
    /// Files downloaded anew (200) and files reused from the cache (304).
    public var downloaded = 0
    public var reused = 0
    /// Files of earlier fetches kept without a request: the slices this fetch did not refresh (AT's `slices`).
    public var kept = 0
    /// Body bytes received from the publisher.
    public var bytes: Int64 = 0
    public var seconds: Double = 0
    /// Nil when the fetch succeeded.
    public var error: FetchError?
    /// True when nothing was fetched (`--offline`): ``files`` are what the folder already held.
    public var offline = false
    /// Set when `--due` left the country alone because it is not due before this time: nothing was sent, and
    /// ``files`` are what its last fetch left.
    public var notDueUntil: Date?
    /// Something worth a look that did not stop the fetch: a last fetch dated in the future, fetched as due.
    public var warning: String?

    public var failed: Bool { error != nil }
}

/// Progress while fetching, for a terminal display or a CI log.
public enum FetchEvent: Sendable {
    case started(country: String)
    /// Body bytes received so far for the country (all its files together).
    case bytes(country: String, total: Int64)
    case finished(CountryFetchResult)
}

/// The outcome of a whole fetch, countries sorted.
public struct FetchReport: Sendable {
    public var results: [CountryFetchResult]
    public var failures: [CountryFetchResult] { results.filter(\.failed) }

    public init(results: [CountryFetchResult]) { self.results = results.sorted { $0.country < $1.country } }
}
