import Foundation
import FuelFormat

/// The phone's lookup: reads `fuel/index.json` and the tiles around a point, with an in-memory and on-disk cache.
///
/// An empty cell and a cell that could not be fetched are different evidence: a tile the lookup needs but cannot get
/// fails the lookup, unless an older cached copy exists, which is used and flagged as stale. Concurrent lookups share
/// one request per file.
public actor TileClient {
    /// Where the published files live: an `http(s)` URL or a local folder; files are read from `<base>/fuel/…`.
    public nonisolated let base: URL
    /// The grid this client expects the index to be built on.
    public nonisolated let grid: Grid
    private let transport: any TileTransport
    private let policy: TileCachePolicy
    private let clock: @Sendable () -> Date
    private let disk: TileDiskCache?

    private var memory: [String: CachedFile] = [:]
    /// Access order of ``memory`` entries, for evicting the least recently used beyond the policy's limit.
    private var lastUse: [String: UInt64] = [:]
    private var useCounter: UInt64 = 0
    private var diskChecked: Set<String> = []

    private var inFlight: [String: Task<Resolution, Never>] = [:]

    /// The largest file, decoded, a lookup accepts: a real tile is a few kilobytes, the index a few hundred.
    public static let maxFileBytes = 64 << 20

    /// A client for one published base.
    /// - Parameters:
    ///   - base: an `http(s)` URL or a `file` URL of a build output folder.
    ///   - cacheDirectory: where to persist fetched files for later launches; memory only when nil.
    ///   - transport: how to fetch; URLSession for `http(s)` bases and the file system for folders when nil.
    ///   - policy: trust periods.
    ///   - grid: the grid the index must have been built on.
    ///   - clock: the current time; injectable for tests.
    public init(
        base: URL,
        cacheDirectory: URL? = nil,
        transport: (any TileTransport)? = nil,
        policy: TileCachePolicy = .standard,
        grid: Grid = .standard,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.grid = grid
        self.transport = transport ?? (base.isFileURL ? DirectoryTransport() : URLSessionTransport())
        self.policy = policy
        self.clock = clock
        disk = cacheDirectory.map { TileDiskCache(directory: $0, base: base) }
    }

    /// Stations within `radiusKm` of a point, nearest first (ties by id), each with its distance.
    /// - Parameters:
    ///   - fuel: keep only stations with a price for this fuel.
    ///   - brand: keep only stations of this brand (case-insensitive).
    ///   - limit: at most this many stations.
    /// - Throws: ``NearbyError`` when the query is invalid, the index is unusable, or a needed tile is unavailable
    ///   with no cached copy.
    public func stationsAround(
        latitude: Double,
        longitude: Double,
        radiusKm: Double = 10,
        fuel: FuelCode? = nil,
        brand: String? = nil,
        limit: Int? = nil
    ) async throws(NearbyError) -> NearbyResult {
        let deadline = policy.lookupDeadline
        // Whichever comes first, the answer or the deadline, settles the lookup; a transfer that ignores
        // cancellation cannot hold the caller past the deadline.
        let race = DeadlineRace<Result<NearbyResult, NearbyError>>()
        let work = Task {
            let result: Result<NearbyResult, NearbyError>
            do throws(NearbyError) {
                result = .success(
                    try await self.lookup(
                        latitude: latitude, longitude: longitude, radiusKm: radiusKm, fuel: fuel, brand: brand,
                        limit: limit))
            } catch {
                result = .failure(error)
            }
            race.settle(result)
        }
        let timer = Task {
            try? await Task.sleep(nanoseconds: UInt64(max(0, deadline) * 1_000_000_000))
            race.settle(nil)
        }
        let outcome = await race.value
        work.cancel()
        timer.cancel()
        guard let outcome else { throw .deadlineExceeded(seconds: deadline) }
        return try outcome.get()
    }

    private func lookup(
        latitude: Double, longitude: Double, radiusKm: Double, fuel: FuelCode?, brand: String?, limit: Int?
    ) async throws(NearbyError) -> NearbyResult {
        try Self.validate(latitude: latitude, longitude: longitude, radiusKm: radiusKm, limit: limit)
        let (index, indexStaleReason) = try await loadIndex()
        let listed = Set(index.tiles)
        let cells = grid.cellsCovering(latitude: latitude, longitude: longitude, radiusKm: radiusKm)
        var outcomes: [TileKey: TileOutcome] = [:]
        var staleReasons: [TileKey: String] = [:]
        let needed = cells.filter { listed.contains($0.description) }
        for cell in cells where !listed.contains(cell.description) { outcomes[cell] = .notListed }

        let resolutions = await withTaskGroup(of: (TileKey, Resolution).self) { group in
            for key in needed {
                group.addTask { (key, await self.resolve(.tile(key), indexBuiltAt: index.builtAt)) }
            }
            var all: [(TileKey, Resolution)] = []
            for await pair in group { all.append(pair) }
            return all.sorted { $0.0 < $1.0 }
        }

        var failures: [TileFailure] = []
        var candidates: [Station] = []
        for (key, resolution) in resolutions {
            switch resolution {
            case .current(let file):
                outcomes[key] = file.tile == nil ? .empty : .ok
                candidates += file.tile?.stations ?? []
            case .stale(let file, let reason):
                outcomes[key] = .stale
                staleReasons[key] = reason
                candidates += file.tile?.stations ?? []
            case .failed(let reason):
                failures.append(TileFailure(key: key, url: url(for: .tile(key)).absoluteString, reason: reason))
            case .rejected(let error):
                failures.append(TileFailure(key: key, url: url(for: .tile(key)).absoluteString, reason: "\(error)"))
            }
        }
        guard failures.isEmpty else { throw .tilesUnavailable(failures) }

        let stations = NearbyFilter(
            latitude: latitude, longitude: longitude, radiusKm: radiusKm, fuel: fuel, brand: brand, limit: limit
        ).apply(to: candidates)
        return NearbyResult(
            stations: stations, tiles: outcomes, indexBuiltAt: index.builtAt, indexStaleReason: indexStaleReason,
            staleTileReasons: staleReasons)
    }

    /// The index in use, refreshed when its trust period is over.
    /// - Returns: the index and, when it is an older copy kept because the refresh failed, why the refresh failed.
    public func loadIndex() async throws(NearbyError) -> (index: TileIndex, staleReason: String?) {
        switch await resolve(.index, indexBuiltAt: nil) {
        case .current(let file): if let index = file.index { return (index, nil) }
        case .stale(let file, let reason): if let index = file.index { return (index, reason) }
        case .failed(let reason): throw .indexUnavailable(url: url(for: .index).absoluteString, reason: reason)
        case .rejected(let error): throw error
        }
        throw .indexUnavailable(url: url(for: .index).absoluteString, reason: "the server sent no index")
    }

    // MARK: - Resolving one file

    /// Returns the cached copy while it is trusted, otherwise refreshes it through one shared request.
    private func resolve(_ file: RemoteFile, indexBuiltAt: Date?) async -> Resolution {
        let cached = cachedCopy(file)
        if let cached, isTrusted(cached, file: file, indexBuiltAt: indexBuiltAt) { return .current(cached) }
        if let running = inFlight[file.path] { return await running.value }
        let task = Task { await self.refresh(file, cached: cached, indexBuiltAt: indexBuiltAt) }
        inFlight[file.path] = task
        let resolution = await task.value
        inFlight[file.path] = nil
        return resolution
    }

    private func isTrusted(_ cached: CachedFile, file: RemoteFile, indexBuiltAt: Date?) -> Bool {
        let age = clock().timeIntervalSince(cached.entry.fetchedAt)
        guard age >= 0 else { return false }  // the clock went back: ask again rather than trust for too long
        switch (cached.entry.content, file) {
        case (.missing, _):
            return age < policy.emptyTrust
        case (.present, .index):
            return age < policy.indexTrust
        case (.present, .tile):
            // A rebuild since this copy was confirmed means it may have changed: revalidate early (cheap 304).
            if let indexBuiltAt, let seen = cached.entry.indexBuiltAt, seen < indexBuiltAt { return false }
            return age < policy.tileTrust
        }
    }

    private func refresh(_ file: RemoteFile, cached: CachedFile?, indexBuiltAt: Date?) async -> Resolution {
        let request = TileRequest(url: url(for: file), headers: cached?.entry.validators ?? [:])
        let download = await Self.download(request, file: file, grid: grid, transport: transport)
        let now = clock()
        switch download {
        case .fetched(let body, let etag, let lastModified, let payload):
            let entry = CacheEntry(
                content: .present(body), etag: etag, lastModified: lastModified, fetchedAt: now,
                indexBuiltAt: indexBuiltAt)
            return .current(remember(CachedFile(entry: entry, payload: payload), for: file, bodyChanged: true))
        case .notModified(let etag, let lastModified):
            guard var copy = cached, case .present = copy.entry.content else {
                return .failed("the server answered 304 Not Modified but nothing is cached")
            }
            copy.entry.fetchedAt = now
            copy.entry.etag = etag ?? copy.entry.etag
            copy.entry.lastModified = lastModified ?? copy.entry.lastModified
            copy.entry.indexBuiltAt = indexBuiltAt
            return .current(remember(copy, for: file, bodyChanged: false))
        case .notFound where file != .index && cached?.tile != nil:
            // A tile the index lists answered 404 (pruned, or a missing file under a local base): the good copy
            // stays, and the lookup says it is stale and why, rather than answer with fewer stations.
            return cached.map { .stale($0, "HTTP 404 for a tile the index lists; an older copy is shown") }
                ?? .failed("HTTP 404 Not Found")
        case .notFound where file != .index:
            let entry = CacheEntry(content: .missing, etag: nil, lastModified: nil, fetchedAt: now)
            return .current(remember(CachedFile(entry: entry, payload: nil), for: file, bodyChanged: true))
        case .notFound:
            return cached.map { .stale($0, "HTTP 404") } ?? .failed("HTTP 404 Not Found")
        case .failed(let reason):
            // Never let a failure overwrite a good copy: keep it and say it is stale.
            return cached.map { .stale($0, reason) } ?? .failed(reason)
        case .rejected(let error):
            return .rejected(error)
        }
    }

    private func remember(_ cached: CachedFile, for file: RemoteFile, bodyChanged: Bool) -> CachedFile {
        keep(cached, for: file.path)
        disk?.store(cached.entry, for: file.path, bodyChanged: bodyChanged)
        return cached
    }

    private func keep(_ cached: CachedFile, for path: String) {
        memory[path] = cached
        touch(path)
        guard memory.count > policy.filesInMemory else { return }
        let evicted = lastUse.filter { $0.key != path && $0.key != RemoteFile.index.path }
            .sorted { $0.value < $1.value }
            .prefix(memory.count - policy.filesInMemory)
        for (old, _) in evicted {
            memory[old] = nil
            lastUse[old] = nil
            diskChecked.remove(old)
        }
    }

    private func touch(_ path: String) {
        useCounter += 1
        lastUse[path] = useCounter
    }

    /// The memory copy, else the disk copy of an earlier launch (read and parsed once).
    private func cachedCopy(_ file: RemoteFile) -> CachedFile? {
        if let copy = memory[file.path] {
            touch(file.path)
            return copy
        }
        guard let disk, !diskChecked.contains(file.path) else { return nil }
        diskChecked.insert(file.path)
        guard let entry = disk.load(file.path) else { return nil }
        var payload: Payload?
        if case .present(let body) = entry.content {
            guard let parsed = try? Self.parse(body, file: file, grid: grid) else {
                disk.remove(file.path)
                return nil
            }
            payload = parsed
        }
        let copy = CachedFile(entry: entry, payload: payload)
        keep(copy, for: file.path)
        return copy
    }

    private func url(for file: RemoteFile) -> URL {
        base.appendingPathComponent("fuel", isDirectory: true).appendingPathComponent(file.path)
    }

    private static func validate(latitude: Double, longitude: Double, radiusKm: Double, limit: Int?) throws(NearbyError)
    {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidQuery("latitude must be between -90 and 90, got \(latitude)")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidQuery("longitude must be between -180 and 180, got \(longitude)")
        }
        guard radiusKm.isFinite, radiusKm > 0, radiusKm <= 500 else {
            throw .invalidQuery("the radius must be more than 0 and at most 500 km, got \(radiusKm)")
        }
        if let limit, limit < 1 { throw .invalidQuery("the limit must be at least 1, got \(limit)") }
    }
}
