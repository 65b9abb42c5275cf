import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import Synchronization

/// The registered countries' national services in the simulated day, answered in process at their real URLs from
/// feeds the generator writes for the moment each service last published.
///
/// Each country's ``BenchCountry`` hook gives its rhythm (``DayPublication``: ES regenerates its file every 30
/// minutes, FR every 10, IT its two CSVs once a day at 08:00 Rome time; PT and AT answer current prices on every
/// request), its host and how it answers a URL. Prices change by ``DayPriceModel``: the feed published at a moment
/// holds every change made before it. A periodic service sends an `ETag` and answers a matching `If-None-Match`
/// with 304, as the real services do; a live JSON API always answers 200.
final class DayFeeds: HTTPTransport {
    /// One published state of a country's feed: its files by fetch-relative key and the moment it was published.
    struct Published {
        var moment: Date
        var files: [String: [UInt8]]
    }

    private struct State {
        var published: [String: Published] = [:]
        var requests: [String: Int] = [:]
        var notModified: [String: Int] = [:]
        var bytes: [String: Int] = [:]
    }

    private let state = Mutex(State())
    private let clock: SimulatedClock
    private let model: DayPriceModel
    private let work: URL

    init(clock: SimulatedClock, model: DayPriceModel, work: URL) {
        self.clock = clock
        self.model = model
        self.work = work
    }

    /// Requests, 304 answers and body bytes per country so far.
    var requests: [String: Int] { state.withLock { $0.requests } }
    var notModified: [String: Int] { state.withLock { $0.notModified } }
    var bytes: [String: Int] { state.withLock { $0.bytes } }

    /// Generates every country's feed as published now, so that a timed run does not include the generator.
    func prepare() throws {
        for country in FeedGenerator.countries {
            _ = try feed(country, at: Self.publishedMoment(country, at: clock.now))
        }
    }

    /// The moment a country's feed was last published at or before `now`, by its hook's rhythm.
    static func publishedMoment(_ country: String, at now: Date) -> Date {
        switch BenchCountries.byCode[country]?.service.publication ?? .live {
        case .live: return now
        case .every(let step):
            return Date(timeIntervalSince1970: (now.timeIntervalSince1970 / step).rounded(.down) * step)
        case .daily(let hour):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = BenchCountries.timeZone(country)
            let today = calendar.date(bySettingHour: hour, minute: 0, second: 0, of: now) ?? now
            return today <= now ? today : calendar.date(byAdding: .day, value: -1, to: today) ?? today
        }
    }

    func send(_ request: HTTPRequest, progress: (@Sendable (Int64) -> Void)?) async throws -> HTTPResponse {
        guard let country = Self.country(of: request.url), let hook = BenchCountries.byCode[country] else {
            return HTTPResponse(status: 404, headers: [:], body: [], bytesReceived: 0, url: request.url)
        }
        let published = try feed(country, at: Self.publishedMoment(country, at: clock.now))
        let body = Self.body(hook, url: request.url, files: published.files)
        let etag = "\"\(Digest.hex(Digest.sha256(body)).prefix(16))\""  // as feed_server.py tags a file
        let conditional = hook.service.publication.isConditional
        let notModified =
            conditional && request.headers.contains { $0.name.lowercased() == "if-none-match" && $0.value == etag }
        state.withLock {
            $0.requests[country, default: 0] += 1
            if notModified {
                $0.notModified[country, default: 0] += 1
            } else {
                $0.bytes[country, default: 0] += body.count
            }
        }
        var headers = ["content-type": "application/octet-stream"]
        if conditional {
            headers["etag"] = etag
            headers["last-modified"] = HTTPDate.format(published.moment)
        }
        if notModified {
            return HTTPResponse(status: 304, headers: headers, body: [], bytesReceived: 0, url: request.url)
        }
        progress?(Int64(body.count))
        if let file = request.responseFile {
            do { try Data(body).write(to: file) } catch {
                throw HTTPError.file(path: file.path, message: "\(error)")
            }
            return HTTPResponse(status: 200, headers: headers, body: [], bytesReceived: body.count, url: request.url)
        }
        return HTTPResponse(status: 200, headers: headers, body: body, bytesReceived: body.count, url: request.url)
    }

    /// The country's feed as published at `moment`, generated on first use (one state per country kept).
    private func feed(_ country: String, at moment: Date) throws -> Published {
        if let cached = state.withLock({ $0.published[country] }), cached.moment == moment { return cached }
        let folder = work.appendingPathComponent("\(country)-\(Int(moment.timeIntervalSince1970))")
        let options = model.generatorOptions(country, at: moment, output: folder)
        let report = try FeedGenerator.generate(options)
        var files: [String: [UInt8]] = [:]
        for path in report.countries.flatMap(\.files) {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw BenchError("\(country): the generated feed file \(path) is unreadable in \(folder.path)")
            }
            files[(path as NSString).lastPathComponent] = Array(data)
        }
        try? FileManager.default.removeItem(at: folder)
        files = try BenchCountries.hook(country).servedFiles(files)
        let published = Published(moment: moment, files: files)
        state.withLock { $0.published[country] = published }
        return published
    }

    /// Which country's service a URL belongs to, by the hosts its hook names (as in `adapters/<CC>/source.json`).
    static func country(of url: String) -> String? { BenchCountries.country(of: url) }

    /// The answer's body: the file a real service would send for that URL.
    private static func body(_ hook: any BenchCountry, url: String, files: [String: [UInt8]]) -> [UInt8] {
        let components = URLComponents(string: url)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return hook.answer(path: components?.path ?? "", query: query, files: files)
    }
}
