import Foundation
import FuelFormat

extension TileClient {
    /// The most days one history lookup covers: the 7 days an index lists at most.
    public static let maxHistoryDays = HistoryFile.listedDays

    /// A station's price history (rule R14 of `docs/format.md`) over the `days` UTC days before the day of the
    /// index's build, oldest first: per day, the station's opening, lowest, highest and closing price per fuel and
    /// unit, and how often it changed.
    ///
    /// The station's cell is the one given, or the one its id shard names (R13). A day the index does not list, or
    /// whose file of the cell cannot be fetched or read (404, 5xx, not its cell or day), is missing: the answer is
    /// partial, never silently shorter. A station absent from a day's file that was read has no entries that day.
    /// History files never change, so they are read without revalidation; only the index is cached.
    /// - Parameters:
    ///   - reference: the station's id, with the cell the app stored, if any.
    ///   - days: 1 to ``maxHistoryDays``.
    /// - Returns: the days; with ``StationHistory/CellSource/unknown`` and no days when the cell is unknown.
    /// - Throws: ``NearbyError``: the index's codes as for a lookup; ``NearbyError/Code/invalidQuery`` for an empty
    ///   id or days out of range; ``NearbyError/Code/idsUnavailable`` when the id shard cannot be read;
    ///   ``NearbyError/Code/unsupportedTileVersion`` for a history file of a newer format.
    public func history(of reference: StationReference, days: Int = maxHistoryDays) async throws(NearbyError)
        -> StationHistory
    {
        try await withinDeadline { () async throws(NearbyError) in try await self.readHistory(reference, days: days) }
    }

    /// ``history(of:days:)`` of an id without a cell: its id shard names the cell.
    public func history(of id: String, days: Int = maxHistoryDays) async throws(NearbyError) -> StationHistory {
        try await history(of: StationReference(id: id), days: days)
    }

    private func readHistory(_ reference: StationReference, days: Int) async throws(NearbyError) -> StationHistory {
        guard !reference.id.isEmpty else { throw .invalidQuery("a station id cannot be empty") }
        guard (1...Self.maxHistoryDays).contains(days) else {
            throw .invalidQuery("a history covers 1 to \(Self.maxHistoryDays) days, got \(days)")
        }
        let index = try await lookupIndex(refetch: false)
        var cell = reference.cell
        if cell == nil {
            let shard = Self.shard(of: reference.id)
            // Through a root, the id list it names gives the shard (R15).
            if let file = index.idShardFile(shard, idList: try await rootIdList(index)) {
                cell = try await idShard(shard, file: file)[reference.id]
            }
        }
        var answer = StationHistory(
            id: reference.id, cell: cell, source: reference.cell != nil ? .given : cell != nil ? .found : .unknown,
            days: [], format: index.formatVersion, indexBuiltAt: index.builtAt, indexStaleReason: index.staleReason)
        guard let cell else { return answer }
        let listed = Set(index.historyDays)
        let window = HistoryFile.window(before: index.builtAt, count: days)
        let read = await withTaskGroup(of: (String, Result<[HistoryEntry]?, NearbyError>).self) { group in
            for day in window where listed.contains(day) {
                group.addTask {
                    do throws(NearbyError) {
                        return (day, .success(try await self.historyEntries(reference.id, day: day, cell: cell, index)))
                    } catch {
                        return (day, .failure(error))
                    }
                }
            }
            var all: [String: Result<[HistoryEntry]?, NearbyError>] = [:]
            for await (day, result) in group { all[day] = result }
            return all
        }
        for day in window {
            let entries = try read[day]?.get() ?? nil
            answer.days.append(StationHistory.Day(day: day, isMissing: entries == nil, entries: entries ?? []))
        }
        return answer
    }

    /// The station's entries in one day's file of its cell (empty when the file does not hold it), or nil when the
    /// file cannot be fetched or read.
    /// - Throws: ``NearbyError/Code/unsupportedTileVersion`` for a file of a newer format.
    private func historyEntries(
        _ id: String, day: String, cell: TileKey, _ index: LookupIndex
    ) async throws(NearbyError) -> [HistoryEntry]? {
        let url = base.appendingPathComponent("fuel", isDirectory: true).appendingPathComponent(
            index.historyPath(day: day, key: cell))
        guard let response = try? await transport.send(TileRequest(url: url, headers: [:])), response.status == 200
        else { return nil }
        let file: HistoryFile
        do {
            let json = try NameHashCheck.document(response.body, nameHash: nil, limit: Self.maxFileBytes)
            file = try JSONDecoder().decode(HistoryFile.self, from: json)
        } catch let error as UnsupportedFormatError {
            throw .unsupportedTileVersion(error.version)
        } catch {
            return nil
        }
        guard file.key == cell, file.day == day else { return nil }
        return file.stations[id] ?? []
    }
}

extension LookupIndex {
    /// The days of history the index lists (R14); empty for an index of a publisher before history.
    var historyDays: [String] {
        switch content {
        case .v1(let index): index.history?.days ?? []
        case .v2(let index): index.history?.days ?? []
        case .root(let root): root.history?.days ?? []
        }
    }

    /// Where a day's history file of a cell is below `fuel/`: `history/<day>/<key>.json`, below `v2/` for format 2.
    func historyPath(day: String, key: TileKey) -> String {
        let path = HistoryFile.path(day: day, key: key.description)
        switch content {
        case .v1: return path
        case .v2, .root: return "\(Format2.folder)/\(path)"
        }
    }
}
