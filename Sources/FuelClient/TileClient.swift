import Foundation
import FuelFormat

/// The phone's lookup: reads an index and the tiles around a point, with an in-memory and on-disk cache.
///
/// It reads format 1 (`fuel/index.json`, tiles replaced in place and revalidated) or format 2 (`fuel/v2/index.json`
/// naming immutable tiles by hash), as its ``format`` says. Each lookup reads its tiles through one index, captured
/// once: with format 2, every tile of an answer comes from one build.
///
/// An empty cell and a cell that could not be fetched are different evidence: a tile the lookup needs but cannot get
/// fails the lookup. With format 1 an older cached copy stands in and is flagged as stale, and a 404 for a listed cell
/// with nothing cached is answered without its stations and listed in ``NearbyResult/missingTiles``: the answer is
/// partial and says so. With format 2 a 404 for a tile the index names means the index is outdated: the lookup
/// reads the index again, once, ignoring its trust period, and fails, never answering with fewer stations or with
/// tiles of two builds; the next lookup reads the new build. A format-2 tile whose JSON (inflated, when it arrives as
/// gzip) does not hash to its name fails the lookup with ``NearbyError/Code/hashMismatch`` and is neither shown nor
/// cached. Concurrent lookups share one request per file.
public actor TileClient {
    /// Where the published files live: an `http(s)` URL or a local folder; files are read from `<base>/fuel/…`.
    public nonisolated let base: URL
    /// The grid this client expects the index to be built on.
    public nonisolated let grid: Grid
    /// Which published format this client reads.
    public nonisolated let format: ReadFormat
    let transport: any TileTransport
    private let policy: TileCachePolicy
    private let clock: @Sendable () -> Date
    private let disk: TileDiskCache?

    private var memory: [String: CachedFile] = [:]
    /// Access order of ``memory`` entries, for evicting the least recently used beyond the policy's limit.
    private var lastUse: [String: UInt64] = [:]
    private var useCounter: UInt64 = 0
    private var diskChecked: Set<String> = []

    private var inFlight: [String: Task<Resolution, Never>] = [:]
    /// With ``ReadFormat/automatic``: the format that answered last; nil before the first lookup.
    var answering: ReadFormat?
    /// Format 2: `v2/root.json` answered 404 or 410 last, so `v2/index.json` answers while its copy is trusted (R15).
    var rootAbsent = false
    /// The country clocks (zones, areas, holidays) of the last build whose sources document a lookup with `openAt`
    /// read.
    var keptClocks: (builtAt: Date, clocks: [String: CountryClock])?

    /// The largest file, decoded, a lookup accepts: a real tile is a few kilobytes, the index a few hundred.
    public static let maxFileBytes = 64 << 20

    /// A client for one published base.
    /// - Parameters:
    ///   - base: an `http(s)` URL or a `file` URL of a build output folder.
    ///   - cacheDirectory: where to persist fetched files for later launches; memory only when nil.
    ///   - transport: how to fetch; URLSession for `http(s)` bases and the file system for folders when nil.
    ///   - policy: trust periods.
    ///   - grid: the grid the index must have been built on.
    ///   - format: which published format to read; format 2 when the server has it, else format 1, by default.
    ///   - clock: the current time; injectable for tests.
    public init(
        base: URL,
        cacheDirectory: URL? = nil,
        transport: (any TileTransport)? = nil,
        policy: TileCachePolicy = .standard,
        grid: Grid = .standard,
        format: ReadFormat = .standard,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.grid = grid
        self.format = format
        self.transport = transport ?? (base.isFileURL ? DirectoryTransport() : URLSessionTransport())
        self.policy = policy
        self.clock = clock
        disk = cacheDirectory.map { TileDiskCache(directory: $0, base: base) }
    }

    /// Stations within `radiusKm` of a point, nearest first (ties by id) or cheapest first, each with its distance.
    /// - Parameters:
    ///   - fuel: keep only stations with a price for this fuel.
    ///   - brand: keep only stations of this brand (trimmed, case-insensitive): an include list of one.
    ///   - includeBrands: keep only stations of one of these brands (and `brand`), trimmed, case-insensitive; a
    ///     station without a brand never matches; empty keeps every brand (``StationCriteria/includeBrands``).
    ///   - excludeBrands: leave out stations of these brands, after the include list
    ///     (``StationCriteria/excludeBrands``).
    ///   - sort: nearest first, or cheapest first by the displayed price of `fuel` (R4 of `docs/format.md`); a price
    ///     sort without a fuel is ``NearbyError/Code/invalidQuery``.
    ///   - limit: at most this many stations, the first in `sort`'s order.
    ///   - openAt: keep only stations not closed at this instant (``Station/openState(at:clock:)``: open,
    ///     automat or unknown), each with its ``NearbyStation/open`` answer; nil keeps every station. Hours are read
    ///     in the time zone, and a `PH` rule with the public holidays, of the station's country in the sources
    ///     document the index names (unknown when it cannot be read or gives the country no zone).
    /// - Throws: ``NearbyError`` when the query is invalid, the index is unusable, or a needed tile is unavailable
    ///   with no cached copy.
    public func stationsAround(
        latitude: Double,
        longitude: Double,
        radiusKm: Double = 10,
        fuel: FuelCode? = nil,
        brand: String? = nil,
        includeBrands: [String] = [],
        excludeBrands: [String] = [],
        sort: NearbySort = .standard,
        limit: Int? = nil,
        openAt: Date? = nil
    ) async throws(NearbyError) -> NearbyResult {
        try await stations(
            keptBy: NearbyFilter(
                latitude: latitude, longitude: longitude, radiusKm: radiusKm,
                criteria: StationCriteria(
                    fuel: fuel, includeBrands: includeBrands + (brand.map { [$0] } ?? []),
                    excludeBrands: excludeBrands, sort: sort, limit: limit, openAt: openAt)))
    }

    /// The stations `filter` keeps, within the deadline: the query checked (R7), then the tiles of its cells read
    /// through one index and their stations filtered with each country's clock.
    func stations<Filter: LookupFilter>(keptBy filter: Filter) async throws(NearbyError) -> NearbyResult {
        try await withinDeadline { () async throws(NearbyError) in
            try filter.validate()
            return try await self.lookup(
                filter.cells(on: self.grid), openAt: filter.criteria.openAt, box: filter.box(on: self.grid)
            ) { stations, clocks in
                var filter = filter
                filter.criteria.clocks = clocks
                return filter.apply(to: stations)
            }
        }
    }

    /// Runs `work` within the lookup deadline: whichever comes first, its answer (or its error) or the deadline,
    /// settles the lookup, so that a transfer that ignores cancellation cannot hold the caller past the deadline.
    func withinDeadline<Answer: Sendable>(_ work: @escaping @Sendable () async throws(NearbyError) -> Answer)
        async throws(NearbyError) -> Answer
    {
        let deadline = policy.lookupDeadline
        let race = DeadlineRace<Result<Answer, NearbyError>>()
        let task = Task {
            do throws(NearbyError) {
                race.settle(.success(try await work()))
            } catch {
                race.settle(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(nanoseconds: UInt64(max(0, deadline) * 1_000_000_000))
            race.settle(nil)
        }
        let outcome = await race.value
        task.cancel()
        timer.cancel()
        guard let outcome else { throw .deadlineExceeded(seconds: deadline) }
        return try outcome.get()
    }

    /// Reads the tiles of `cells` through one index and answers with the stations `select` keeps of them; `select`
    /// gets the countries' clocks when `openAt` is set and a candidate station has hours, else none.
    /// - Parameters:
    ///   - cells: the cells, in the order R15 reads their leaves through a root (a circle's centre first).
    ///   - given: the index to read through, when the caller has read it already; else it is read now.
    ///   - box: around a point, the circle's box: through a root, a split cell's parts that meet it are read
    ///     instead of its tile (R15); nil reads whole tiles.
    func lookup(
        _ cells: [TileKey], openAt: Date?, through given: LookupIndex? = nil, box: GeoBox? = nil,
        select: @Sendable ([Station], [String: CountryClock]) -> [NearbyStation]
    ) async throws(NearbyError) -> NearbyResult {
        let index: LookupIndex
        if let given { index = given } else { index = try await lookupIndex(refetch: false) }
        var files = index.files(for: cells).map { (key: $0.key, file: $0.value) }
        var listedEmpty: Set<TileKey> = []
        if let root = index.root {
            let plan = try await readThroughLeaves(cells, root: root, index: index, box: box)
            files = plan.files
            listedEmpty = plan.listedEmpty
        }
        let tiles = await resolveTiles(files, indexBuiltAt: index.builtAt)
        var renewed: LookupIndex?
        if tiles.contains(where: \.isNotFound) { renewed = try? await lookupIndex(refetch: true) }

        var outcomes: [TileKey: TileOutcome] = [:]
        var staleReasons: [TileKey: String] = [:]
        var candidates: [Station] = []
        for cell in cells where !tiles.contains(where: { $0.key == cell }) {
            outcomes[cell] = listedEmpty.contains(cell) ? .ok : .notListed
        }
        for tile in tiles {
            switch tile.resolution {
            case .current(let file):
                outcomes[tile.key] = file.tile == nil ? .missing : .ok
                candidates += file.tile?.stations ?? []
            case .stale(let file, let reason):
                outcomes[tile.key] = .stale
                staleReasons[tile.key] = reason
                candidates += file.tile?.stations ?? []
            case .failed, .rejected, .notFound:
                break
            }
        }
        let failures = tileFailures(tiles, index: index, renewed: renewed)
        guard failures.isEmpty else { throw .tilesUnavailable(failures) }

        // Only hours need the countries' clocks: the sources document is read then, once per build.
        let clocks = openAt != nil && candidates.contains(where: \.hasHours) ? await countryClocks(for: index) : [:]
        let stations = select(candidates, clocks)
        var result = NearbyResult(
            stations: stations, tiles: outcomes, indexBuiltAt: index.builtAt, indexStaleReason: index.staleReason,
            staleTileReasons: staleReasons, formatVersion: index.formatVersion)
        result.indexFromRoot = index.root != nil
        return result
    }

    /// The failures among settled files (tiles, parts or leaves), in their order: why each could not be used, with
    /// its R9 code. A format-2 file the index names that answered 404 says whether the index read again
    /// (`renewed`) names another build.
    func tileFailures(_ tiles: [ResolvedTile], index: LookupIndex, renewed: LookupIndex?) -> [TileFailure] {
        tiles.compactMap { tile in
            let failure = { (reason: String, code: NearbyError.Code) in
                TileFailure(key: tile.key, url: self.url(for: tile.file).absoluteString, reason: reason, code: code)
            }
            switch tile.resolution {
            case .current, .stale:
                return nil
            case .failed(let reason, _):
                return failure(reason, .tilesUnavailable)
            case .rejected(let error):
                return failure(error.message, error.code)
            case .notFound(let status, _):
                // Format 2: the index names a file the server no longer has, so a newer build has replaced the index
                // and the file was pruned. The index was read again, once, whatever its trust period, so that the
                // next lookup reads the new build; this one fails rather than answer with fewer stations or mix two
                // builds.
                let next =
                    renewed.map { renewed in
                        if let reason = renewed.staleReason { return "; the index could not be read again: \(reason)" }
                        return renewed.builtAt == index.builtAt
                            ? "; the index was read again and still names it"
                            : "; the index was read again: a new lookup reads the build of "
                                + UTCTime.format(renewed.builtAt)
                    } ?? "; the index could not be read again"
                let what: String
                switch tile.file {
                case .leaf: what = "leaf"
                case .part: what = "part"
                default: what = "tile"
                }
                return failure(
                    "HTTP \(status): the index this lookup read (built \(UTCTime.format(index.builtAt))) names "
                        + "this \(what) but the server no longer has it, so a newer build replaced that index" + next,
                    .tilesUnavailable)
            }
        }
    }

    /// One file of a lookup: its cell (a leaf's: its block), the file the lookup's index names for it, and how that
    /// file was settled.
    struct ResolvedTile: Sendable {
        var key: TileKey
        var file: RemoteFile
        var resolution: Resolution

        var isNotFound: Bool {
            if case .notFound = resolution { return true }
            return false
        }
    }

    /// Settles, concurrently, each file (a cell may have two parts), in cell order, then file order.
    func resolveTiles(_ files: [(key: TileKey, file: RemoteFile)], indexBuiltAt: Date) async -> [ResolvedTile] {
        await withTaskGroup(of: (Int, ResolvedTile).self) { group in
            for (position, entry) in files.enumerated() {
                group.addTask {
                    let resolution = await self.resolve(entry.file, indexBuiltAt: indexBuiltAt)
                    return (position, ResolvedTile(key: entry.key, file: entry.file, resolution: resolution))
                }
            }
            var all: [(Int, ResolvedTile)] = []
            for await tile in group { all.append(tile) }
            return all.sorted { ($0.1.key, $0.0) < ($1.1.key, $1.0) }.map(\.1)
        }
    }

    // MARK: - Resolving one file

    /// Returns the cached copy while it is trusted, otherwise refreshes it through one shared request.
    /// - Parameter force: ask the server even when the copy is trusted.
    func resolve(_ file: RemoteFile, indexBuiltAt: Date?, force: Bool = false) async -> Resolution {
        let cached = cachedCopy(file)
        if !force, let cached, isTrusted(cached, file: file, indexBuiltAt: indexBuiltAt) { return .current(cached) }
        if let running = inFlight[file.path] { return await running.value }
        // A format-2 tile's copy is always trusted; what else the cache holds under its name cannot stand in for it.
        let fallback = file.isImmutable ? nil : cached
        let task = Task { await self.refresh(file, cached: fallback, indexBuiltAt: indexBuiltAt) }
        inFlight[file.path] = task
        let resolution = await task.value
        inFlight[file.path] = nil
        return resolution
    }

    func isTrusted(_ cached: CachedFile, file: RemoteFile, indexBuiltAt: Date?) -> Bool {
        guard case .present = cached.entry.content else {
            // Only format 1 remembers a 404, for a tile: a missing tile.
            guard case .tile = file else { return false }
            return isFresh(cached, within: policy.emptyTrust)
        }
        switch file {
        case .format2Tile, .leaf, .part, .idList:
            // Named by the hash of its content: never changes, never revalidated.
            return true
        case .format2Root:
            return isFresh(cached, within: policy.format2IndexTrust)
        case .index:
            return isFresh(cached, within: policy.indexTrust)
        case .format2Index:
            return isFresh(cached, within: policy.format2IndexTrust)
        case .tile:
            // A rebuild since this copy was confirmed means it may have changed: revalidate early (cheap 304).
            if let indexBuiltAt, let seen = cached.entry.indexBuiltAt, seen < indexBuiltAt { return false }
            return isFresh(cached, within: policy.tileTrust)
        }
    }

    private func isFresh(_ cached: CachedFile, within trust: TimeInterval) -> Bool {
        let age = clock().timeIntervalSince(cached.entry.fetchedAt)
        // The clock went back: ask again rather than trust for too long.
        return age >= 0 && age < trust
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
        case .notFound(let status):
            guard case .tile = file else { return .notFound(status: status, cached: cached) }
            if let cached, cached.tile != nil {
                // A format-1 tile the index lists answered 404 (pruned, or a missing file under a local base): the
                // good copy stays, and the lookup says it is stale and why, rather than answer with fewer stations.
                return .stale(cached, "HTTP \(status) for a tile the index lists; an older copy is shown")
            }
            let entry = CacheEntry(content: .missing, etag: nil, lastModified: nil, fetchedAt: now)
            return .current(remember(CachedFile(entry: entry, payload: nil), for: file, bodyChanged: true))
        case .failed(let reason, let status):
            // Never let a failure overwrite a good copy: keep it and say it is stale.
            return cached.map { .stale($0, reason) } ?? .failed(reason, status: status)
        case .rejected(let error):
            return .rejected(error)
        }
    }

    private func remember(_ cached: CachedFile, for file: RemoteFile, bodyChanged: Bool) -> CachedFile {
        keep(cached, for: file.path)
        disk?.store(cached.entry, for: file.path, bodyChanged: bodyChanged)
        if let prefix = file.versionsPrefix {
            // A format-2 tile's new version supersedes the older ones: drop them, so that the cache does not grow
            // with every build. A lookup still reading an older index fetches its version again.
            for path in memory.keys where path.hasPrefix(prefix) && path != file.path { forget(path) }
            disk?.removeVersions(withPrefix: prefix, except: file.path)
        }
        return cached
    }

    private func keep(_ cached: CachedFile, for path: String) {
        memory[path] = cached
        touch(path)
        guard memory.count > policy.filesInMemory else { return }
        let evicted = lastUse.filter { $0.key != path && !RemoteFile.indexPaths.contains($0.key) }
            .sorted { $0.value < $1.value }
            .prefix(memory.count - policy.filesInMemory)
        for (old, _) in evicted { forget(old) }
    }

    /// Drops a file from memory; the disk copy, if any, is read again when needed.
    private func forget(_ path: String) {
        memory[path] = nil
        lastUse[path] = nil
        diskChecked.remove(path)
    }

    private func touch(_ path: String) {
        useCounter += 1
        lastUse[path] = useCounter
    }

    /// The memory copy, else the disk copy of an earlier launch (read and parsed once).
    func cachedCopy(_ file: RemoteFile) -> CachedFile? {
        if let copy = memory[file.path] {
            touch(file.path)
            return copy
        }
        guard let disk, !diskChecked.contains(file.path) else { return nil }
        diskChecked.insert(file.path)
        guard let entry = disk.load(file.path) else { return nil }
        var payload: Payload?
        if case .present(let body) = entry.content {
            // Only bodies that passed the hash check are ever stored (``download`` parses before ``remember``), and a
            // body read back is parsed, so checked, again: a disk copy altered since is dropped and fetched anew.
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

    func url(for file: RemoteFile) -> URL {
        base.appendingPathComponent("fuel", isDirectory: true).appendingPathComponent(file.path)
    }

    /// R7: the point and the radius in range, the limit at least 1, and a fuel for a price sort.
    static func validate(_ query: NearbyFilter) throws(NearbyError) {
        let (latitude, longitude, radiusKm) = (query.latitude, query.longitude, query.radiusKm)
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidQuery("latitude must be between -90 and 90, got \(latitude)")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidQuery("longitude must be between -180 and 180, got \(longitude)")
        }
        guard radiusKm.isFinite, radiusKm > 0, radiusKm <= 500 else {
            throw .invalidQuery("the radius must be more than 0 and at most 500 km, got \(radiusKm)")
        }
        try query.criteria.checkLimitAndSort()
    }
}
