import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelHTTP
import Synchronization

/// A file fetched into a country's folder but not yet in place: either a checked download waiting in a hidden
/// staging file, or the cached file the publisher confirmed unchanged (304).
struct StagedFile: Sendable {
    /// Feeds-relative path, `IT/prezzo_alle_8.csv`.
    var relativePath: String
    /// The hidden temporary file holding the new body; nil when the cached file is reused.
    var staged: URL?
    var entry: FeedManifest.FileEntry
    /// True for a file of an earlier fetch kept as it is, without a request (a slice not refreshed this time).
    var carried = false

    /// A cached file the publisher confirmed unchanged (304).
    var reused: Bool { staged == nil && !carried }
}

/// Downloads one country's files: conditional GET against the manifest, retries, pacing, the size cap, and the
/// format check, into hidden staging files beside their final place.
final class FeedDownloader: FeedSession {
    let country: String
    let feedsDirectory: URL
    let settings: SourceSettings
    private let client: any HTTPTransport
    private let previous: FeedManifest?
    private let pacer: RatePacer
    private let now: @Sendable () -> Date
    private let events: @Sendable (FetchEvent) -> Void
    /// Counts one request against the politeness budget, or refuses it (``RequestBudget``); given the file's path.
    private let claim: @Sendable (String) throws(FetchError) -> Void
    /// Bytes of finished transfers, and the last total reported.
    private let counted = Mutex<(done: Int64, reported: Int64)>((0, 0))
    /// The country's downloads so far, in order.
    private let kept = Mutex<[StagedFile]>([])
    /// The slice this fetch refreshes, and of how many, once the plan asked (``slice(of:)``).
    private let sliceAsked = Mutex<(slice: Int, count: Int)?>(nil)

    init(
        country: String, feedsDirectory: URL, settings: SourceSettings, client: any HTTPTransport,
        previous: FeedManifest?,
        now: @escaping @Sendable () -> Date, events: @escaping @Sendable (FetchEvent) -> Void,
        claim: @escaping @Sendable (String) throws(FetchError) -> Void = { _ in }
    ) {
        self.country = country
        self.feedsDirectory = feedsDirectory
        self.settings = settings
        self.client = client
        self.previous = previous
        self.pacer = RatePacer(requestsPerSecond: settings.requestsPerSecond)
        self.now = now
        self.events = events
        self.claim = claim
    }

    /// Body bytes received for this country so far.
    var bytesReceived: Int64 { counted.withLock { $0.done } }

    func url(of relativePath: String) -> URL { feedsDirectory.appendingPathComponent(relativePath) }

    /// The files downloaded and not discarded, in order.
    var staged: [StagedFile] { kept.withLock { $0 } }

    func download(_ url: String, as relativePath: String, shape: FeedShape) async throws -> FeedDownload {
        let file = try await stage(url, as: relativePath, shape: shape)
        kept.withLock { $0.append(file) }
        return FeedDownload(
            relativePath: relativePath, file: file.staged ?? self.url(of: relativePath), sha256: file.entry.sha256,
            lastModified: file.entry.lastModified)
    }

    func discard(_ download: FeedDownload) {
        removeStaging { $0.relativePath == download.relativePath }
    }

    func slice(of count: Int) -> Int {
        let slice = previous?.countries[country]?.nextSlice(of: count) ?? 0
        sliceAsked.withLock { $0 = (slice, count) }
        return slice
    }

    /// The slice this fetch refreshed and of how many, for the manifest; nil when the plan fetched whole.
    var refreshedSlice: (slice: Int, count: Int)? { sliceAsked.withLock { $0 } }

    func keepPrevious(_ relativePath: String) -> Bool {
        guard let entry = previousEntry(relativePath) else { return false }
        kept.withLock { $0.append(StagedFile(relativePath: relativePath, staged: nil, entry: entry, carried: true)) }
        return true
    }

    /// Removes every staging file of the country (a failed plan).
    func discardAll() { removeStaging { _ in true } }

    /// Drops the kept files that match and deletes their staging files (a reused cached file stays).
    private func removeStaging(where matches: (StagedFile) -> Bool) {
        let dropped = kept.withLock { files in
            let dropped = files.filter(matches)
            files.removeAll(where: matches)
            return dropped
        }
        for file in dropped { if let staging = file.staged { removeQuietly(staging) } }
    }

    /// Fetches `url` as `relativePath` and checks it has `shape`.
    /// - Throws: ``FetchError`` naming the file, the URL and what went wrong; staging files are removed.
    private func stage(_ url: String, as relativePath: String, shape: FeedShape) async throws -> StagedFile {
        let destination = self.url(of: relativePath)
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw failure(relativePath, "cannot create \(folder.path): \(error.localizedDescription)")
        }
        let staging = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).part-\(UUID().uuidString.prefix(8))")
        var headers: [HTTPHeader] = []
        let cached = cachedEntry(relativePath)
        if let cached {
            if let etag = cached.etag { headers.append(HTTPHeader("If-None-Match", etag)) }
            if let lastModified = cached.lastModified { headers.append(HTTPHeader("If-Modified-Since", lastModified)) }
        }
        // The cap is per source: a crawl of many files shares one budget.
        let budget = max(1, settings.maxBytes - Int(bytesReceived))
        let request = settings.request(url, extraHeaders: headers, into: staging, maxBytes: budget)
        let attempts = AttemptCounter()
        let response: HTTPResponse
        do {
            response = try await client.send(
                request, retry: settings.retry, progress: { [self] in self.progress($0) },
                beforeAttempt: { [pacer, claim] attempt in
                    attempts.value.store(attempt, ordering: .relaxed)
                    try claim(relativePath)
                    try await pacer.wait()
                })
        } catch HTTPError.tooLarge {
            removeQuietly(staging)
            throw failure(
                relativePath,
                "the download from \(HTTPRedaction.url(url)) took \(country) past its \(settings.maxBytes)-byte cap "
                    + "(fetch setting maxBytes); aborted")
        } catch let error as HTTPError {
            removeQuietly(staging)
            throw failure(relativePath, "\(error)\(Self.afterAttempts(attempts.value.load(ordering: .relaxed)))")
        }
        finishTransfer(response.bytesReceived)
        let redacted = HTTPRedaction.url(url)
        let tries = Self.afterAttempts(attempts.value.load(ordering: .relaxed))
        if response.status == 304 {
            removeQuietly(staging)
            guard var entry = cached else {
                throw failure(relativePath, "\(redacted) answered 304 Not Modified to an unconditional request")
            }
            entry.unchangedSince = entry.sameBytesSince
            entry.fetchedAt = UTCTime.format(now())
            entry.status = 304
            return StagedFile(relativePath: relativePath, staged: nil, entry: entry)
        }
        guard response.status == 200 else {
            let excerpt = Self.excerpt(of: staging)
            removeQuietly(staging)
            throw failure(relativePath, "\(redacted) answered HTTP \(response.status)\(tries)\(excerpt)")
        }
        if let type = response.header("Content-Type"), type.lowercased().contains("text/html") {
            removeQuietly(staging)
            throw failure(relativePath, "\(redacted) answered with an HTML page (Content-Type \(type)), not a feed")
        }
        if let problem = shape.problem(with: staging) {
            removeQuietly(staging)
            throw failure(relativePath, "the download from \(redacted) \(problem)")
        }
        let digest: [UInt8]
        do { digest = try Digest.sha256(fileAt: staging) } catch {
            removeQuietly(staging)
            throw failure(relativePath, "cannot read the download back: \(error.localizedDescription)")
        }
        let fetchedAt = UTCTime.format(now())
        let sha256 = Digest.hex(digest)
        // The same bytes as the last fetch of this file keep the time they were first seen; new bytes start anew.
        let last = previous?.files[relativePath]
        let entry = FeedManifest.FileEntry(
            url: redacted, fetchedAt: fetchedAt, status: 200, bytes: response.bytesReceived, sha256: sha256,
            etag: response.header("ETag"), lastModified: response.header("Last-Modified"),
            unchangedSince: last?.sha256 == sha256 ? last?.sameBytesSince : fetchedAt)
        return StagedFile(relativePath: relativePath, staged: staging, entry: entry)
    }

    /// The manifest entry of a cached file with a validator to ask with, when the file is still there.
    private func cachedEntry(_ relativePath: String) -> FeedManifest.FileEntry? {
        guard let entry = previousEntry(relativePath), entry.etag != nil || entry.lastModified != nil else {
            return nil
        }
        return entry
    }

    /// The previous fetch's manifest entry of a file, when the file is still there with the recorded size.
    private func previousEntry(_ relativePath: String) -> FeedManifest.FileEntry? {
        guard let entry = previous?.files[relativePath] else { return nil }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url(of: relativePath).path)
        guard let size = attributes?[.size] as? NSNumber, size.intValue == entry.bytes else { return nil }
        return entry
    }

    private func progress(_ current: Int64) {
        let report = counted.withLock { state -> Int64? in
            let total = state.done + current
            guard total - state.reported >= 65_536 else { return nil }
            state.reported = total
            return total
        }
        if let report { events(.bytes(country: country, total: report)) }
    }

    private func finishTransfer(_ bytes: Int) {
        let total = counted.withLock { state -> Int64 in
            state.done += Int64(bytes)
            state.reported = state.done
            return state.done
        }
        events(.bytes(country: country, total: total))
    }

    private static func afterAttempts(_ attempts: Int) -> String { attempts > 1 ? " (after \(attempts) attempts)" : "" }

    private static func excerpt(of file: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "" }
        defer { try? handle.close() }
        let text = HTTPError.excerpt([UInt8]((try? handle.read(upToCount: 800)) ?? Data()))
        return text.isEmpty ? "" : ": \(text)"
    }
}

/// Deletes a file, ignoring a missing one.
func removeQuietly(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
}

/// The attempt a retried request is on, shared with the retry loop's callback.
private final class AttemptCounter: Sendable {
    let value = Atomic<Int>(0)
}
