import Foundation
import FuelFormat

extension TileClient {
    /// The most ids one lookup by id accepts: a watch list, not a dump of the dataset.
    public static let maxIds = 1000

    /// Watched stations by id (rule R13 of `docs/format.md`), in the order asked, each id once, with what became of
    /// each id in ``NearbyResult/ids``.
    ///
    /// An id given with its cell is looked for in that cell's tile first: a watch list that stored its cells reads
    /// only their tiles and the index. An id given without a cell, or not in the tile of the cell given, is looked
    /// up in its id shard (`ids/<hh>.json`, `<hh>` the first two hex digits of the SHA-256 of the id), and then in
    /// the tile of the cell the shard names: found there, it is ``WatchedStation/Status/moved`` when a cell was
    /// given, else ``WatchedStation/Status/found``. An id no shard holds, or whose tile no longer holds it, is
    /// ``WatchedStation/Status/closed``: never silently dropped. Tiles are read through one index, with the outcomes
    /// of a lookup around a point (ok, partial, stale, failed).
    /// - Parameters:
    ///   - references: the ids, each with the cell the app stored beside it, if any.
    ///   - fuel: give each station its ``NearbyStation/displayed`` price of this fuel (R4); a station without a
    ///     price of it stays in the answer, without one.
    /// - Returns: the stations found, with ``NearbyStation/distanceKm`` 0 (there is no query point).
    /// - Throws: ``NearbyError`` as a lookup around a point does; ``NearbyError/Code/invalidQuery`` for no ids, more
    ///   than ``maxIds``, or an empty id; ``NearbyError/Code/idsUnavailable`` when a needed id shard cannot be read.
    public func stations(ids references: [StationReference], fuel: FuelCode? = nil) async throws(NearbyError)
        -> NearbyResult
    {
        try await withinDeadline { () async throws(NearbyError) in try await self.watched(references, fuel: fuel) }
    }

    private func watched(_ references: [StationReference], fuel: FuelCode?) async throws(NearbyError)
        -> NearbyResult
    {
        guard !references.isEmpty, references.count <= Self.maxIds else {
            throw .invalidQuery("a lookup by id needs 1 to \(Self.maxIds) ids, got \(references.count)")
        }
        guard references.allSatisfy({ !$0.id.isEmpty }) else { throw .invalidQuery("a station id cannot be empty") }
        let index = try await lookupIndex(refetch: false)
        let everything: @Sendable ([Station], [String: CountryClock]) -> [NearbyStation] = { stations, _ in
            stations.map { NearbyStation(station: $0, distanceKm: 0) }
        }
        // The cells given, once each, in the order asked (R15 reads their leaves in that order).
        var given: [TileKey] = []
        for cell in references.compactMap(\.cell) where !given.contains(cell) { given.append(cell) }
        var result = try await lookup(given, openAt: nil, through: index, select: everything)
        var found = cellsOfStations(result.stations)

        // Ids not where the app said, or given without a cell: their shards say where they are now.
        let unplaced = references.filter { reference in reference.cell == nil || found[reference.id] != reference.cell }
        var named: [String: TileKey] = [:]
        var tableless = false
        // The shards a watch list needs are read at once, as a lookup's tiles are; the first failure, in shard
        // order, fails the lookup.
        var needed: [(shard: String, ids: [String], file: (path: String, nameHash: String?)?)] = []
        // Through a root, the id list it names gives the shards (R15).
        let idList = unplaced.isEmpty ? nil : try await rootIdList(index)
        for (shard, ids) in Dictionary(grouping: unplaced.map(\.id), by: Self.shard(of:)).sorted(by: { $0.key < $1.key }
        ) {
            guard let file = index.idShardFile(shard, idList: idList) else {
                tableless = true
                continue
            }
            needed.append((shard, ids, file))
        }
        let tables = await withTaskGroup(of: (Int, Result<[String: TileKey], NearbyError>).self) { group in
            for (position, entry) in needed.enumerated() {
                group.addTask {
                    do throws(NearbyError) {
                        return (position, .success(try await self.idShard(entry.shard, file: entry.file)))
                    } catch {
                        return (position, .failure(error))
                    }
                }
            }
            var all: [(Int, Result<[String: TileKey], NearbyError>)] = []
            for await table in group { all.append(table) }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
        for (entry, table) in zip(needed, tables) {
            let table = try table.get()
            for id in entry.ids { if let cell = table[id] { named[id] = cell } }
        }
        let more = Set(named.values).subtracting(given).sorted()
        if !more.isEmpty {
            let second = try await lookup(more, openAt: nil, through: index, select: everything)
            result.stations += second.stations
            result.tiles.merge(second.tiles) { first, _ in first }
            result.staleTileReasons.merge(second.staleTileReasons) { first, _ in first }
            found = cellsOfStations(result.stations)
        }

        let byID = Dictionary(
            result.stations.map { ($0.station.id, $0.station) }, uniquingKeysWith: { first, _ in first })
        var outcomes: [WatchedStation] = []
        var stations: [NearbyStation] = []
        var seen: Set<String> = []
        for reference in references where seen.insert(reference.id).inserted {
            let outcome = Self.outcome(
                of: reference, found: found, named: named, tableless: tableless, tiles: result.tiles)
            outcomes.append(outcome)
            guard outcome.cell != nil, let station = byID[reference.id] else { continue }
            stations.append(
                NearbyStation(
                    station: station, distanceKm: 0, displayed: fuel.flatMap { station.displayedPrice(of: $0) }))
        }
        result.stations = stations
        result.ids = outcomes
        return result
    }

    /// What became of one id, from the cells its station was found in and the cell its shard names.
    private static func outcome(
        of reference: StationReference, found: [String: TileKey], named: [String: TileKey], tableless: Bool,
        tiles: [TileKey: TileOutcome]
    ) -> WatchedStation {
        let id = reference.id
        if let cell = found[id] {
            let status: WatchedStation.Status = reference.cell == nil || reference.cell == cell ? .found : .moved
            return WatchedStation(id: id, status: status, cell: cell)
        }
        // Not found: unknown when a tile that could hold it is missing, or when there is no table to ask.
        let candidates = [reference.cell, named[id]].compactMap { $0 }
        if candidates.contains(where: { tiles[$0] == .missing }) { return WatchedStation(id: id, status: .unknown) }
        if named[id] == nil, tableless { return WatchedStation(id: id, status: .unknown) }
        return WatchedStation(id: id, status: .closed)
    }

    /// The cell each station of an answer is in, by id.
    private func cellsOfStations(_ stations: [NearbyStation]) -> [String: TileKey] {
        Dictionary(
            stations.map { ($0.station.id, grid.key(latitude: $0.station.latitude, longitude: $0.station.longitude)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The shards of the id list a root names (R15), read once and cached like a tile; nil for an index, and for a
    /// root that names no id list.
    /// - Throws: ``NearbyError/Code/hashMismatch`` for an id list that is not the document its name hashes,
    ///   ``NearbyError/Code/idsUnavailable`` when it cannot be read.
    func rootIdList(_ index: LookupIndex) async throws(NearbyError) -> [String: String]? {
        guard let path = index.root?.idList, let hash = Format2.splitObjectName(path)?.hash else { return nil }
        let file = RemoteFile.idList(hash: String(hash))
        let url = url(for: file).absoluteString
        switch await resolve(file, indexBuiltAt: index.builtAt) {
        case .current(let cached), .stale(let cached, _):
            guard let list = cached.idList else { throw .idsUnavailable(url: url, reason: "it is not an id list") }
            return list.shards
        case .rejected(let error) where error.code == .hashMismatch:
            throw error
        case .rejected(let error):
            throw .idsUnavailable(url: url, reason: error.message)
        case .failed(let reason, _):
            throw .idsUnavailable(url: url, reason: reason)
        case .notFound(let status, _):
            throw .idsUnavailable(url: url, reason: "HTTP \(status)")
        }
    }

    /// An id's shard: the first two hex digits of the SHA-256 of its UTF-8 bytes.
    static func shard(of id: String) -> String { IdShard.shard(ofDigest: SHA256.digest(Array(id.utf8))) }

    /// The cells of one shard's ids; empty when the index's table has no such shard (it holds no ids).
    /// - Parameter file: where the shard is, nil when the table lists none.
    func idShard(_ shard: String, file: (path: String, nameHash: String?)?) async throws(NearbyError)
        -> [String: TileKey]
    {
        guard let file else { return [:] }
        // Format 1 writes only the shards that hold ids: a 404 is an empty shard.
        let table = try await document(
            at: file.path, nameHash: file.nameHash, absentWhenNotFound: file.nameHash == nil,
            unavailable: NearbyError.idsUnavailable
        ) { (table: IdShard) in table.shard == shard ? nil : "it is shard \(table.shard)" }
        return table?.stations.compactMapValues { TileKey($0) } ?? [:]
    }
}
