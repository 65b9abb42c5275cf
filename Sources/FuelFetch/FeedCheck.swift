import Foundation
import FuelFeeds
import FuelFormat
import FuelHTTP

/// One country's answer to `fuel-publish fetch --check`: a single light request and what came back.
public struct FeedCheckResult: Sendable, Equatable {
    /// Whether TLS was verified: `verified`, `failed`, or `none` for plain HTTP or when no connection was made.
    public enum TLS: String, Sendable { case verified, failed, none }

    public var country: String
    /// The request made (redacted).
    public var url: String
    /// The HTTP status, nil when no answer came.
    public var status: Int?
    public var tls: TLS
    /// True when the answer has the shape the fetch and the adapter expect.
    public var shapeRecognised: Bool
    /// What was counted: rows the service says match (PT `Quantidade`), stations (ES), districts (AT), or bytes.
    public var measure: String
    public var seconds: Double
    /// Why the country is not usable; nil when it is.
    public var problem: String?

    public var usable: Bool { problem == nil }
}

/// `fuel-publish fetch --check`: one light request per country, so an operator can see whether each service
/// answers, with verified TLS and the expected shape, without downloading the feeds or touching the feeds folder.
///
/// What each country asks is its plan's ``FeedFetchPlan/probes``: PT one row of `PesquisarPostos`, ES its
/// `checkUrl`, FR the ZIP, IT the first 16 KB of both files, AT the region list.
public struct FeedChecker: Sendable {
    /// The fetcher whose plans and client the checks use; it downloads nothing here.
    private let fetcher: FeedFetcher
    public var options: FetchOptions { fetcher.options }

    public init(options: FetchOptions, client: any HTTPTransport = HTTPClient()) {
        fetcher = FeedFetcher(options: options, client: client)
    }

    /// Checks every chosen country at once; results sorted by country.
    public func run() async -> [FeedCheckResult] {
        let results = await withTaskGroup(of: [FeedCheckResult].self) { group in
            for country in fetcher.countries {
                group.addTask { await check(country, fetcher: fetcher) }
            }
            var all: [FeedCheckResult] = []
            for await results in group { all += results }
            return all
        }
        return results.sorted { ($0.country, $0.url) < ($1.country, $1.url) }
    }

    private func check(_ country: String, fetcher: FeedFetcher) async -> [FeedCheckResult] {
        let settings: SourceSettings
        do { settings = try fetcher.settings(for: country) } catch {
            let reason = (error as? FetchError)?.description ?? String(describing: error)
            return [
                FeedCheckResult(
                    country: country, url: "-", status: nil, tls: .none, shapeRecognised: false, measure: "-",
                    seconds: 0, problem: reason)
            ]
        }
        var results: [FeedCheckResult] = []
        for probe in settings.plan.probes {
            results.append(await self.probe(country, probe, settings))
        }
        return results
    }

    /// One GET into a temporary file, read by the probe, which checks the answer's shape and says what it counted.
    private func probe(_ country: String, _ probe: FeedProbe, _ settings: SourceSettings) async -> FeedCheckResult {
        let url = probe.url
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuel-check-\(UUID().uuidString)")
        defer { removeQuietly(file) }
        let range = probe.rangeBytes.map { [HTTPHeader("Range", "bytes=0-\($0 - 1)")] } ?? []
        let request = settings.request(url, extraHeaders: range, into: file, maxBytes: settings.maxBytes)
        let redacted = HTTPRedaction.url(url)
        let secure = url.lowercased().hasPrefix("https://")
        let stopwatch = Stopwatch()
        var result = FeedCheckResult(
            country: country, url: redacted, status: nil, tls: .none, shapeRecognised: false, measure: "-",
            seconds: 0, problem: nil)
        do {
            let response = try await fetcher.client.send(request)
            result.seconds = stopwatch.seconds
            result.status = response.status
            result.tls = secure ? .verified : .none
            guard response.status == 200 || response.status == 206 else {
                result.problem = "answered HTTP \(response.status)"
                return result
            }
            if let type = response.header("Content-Type"), type.lowercased().contains("text/html") {
                result.problem = "answered with an HTML page (Content-Type \(type))"
                return result
            }
            result.measure = try probe.read(file)
            result.shapeRecognised = true
        } catch let error as HTTPError {
            result.seconds = stopwatch.seconds
            if case .transport(let code, _, _) = error, code == HTTPError.certificateVerificationFailed {
                result.tls = .failed
            }
            result.problem = error.description
        } catch let problem as FeedShapeProblem {
            result.problem = "the answer " + problem.text
        } catch {
            result.problem = String(describing: error)
        }
        return result
    }
}
