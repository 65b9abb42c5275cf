import FuelFormat

/// One entry of a watch list: a station's id and, when the app stored it beside the id, the cell it was in.
public struct StationReference: Sendable, Hashable {
    /// The station's id, as its tile publishes it: `XX-1234`.
    public var id: String
    /// The cell the app last saw the station in; nil to look it up in the id table (R13).
    public var cell: TileKey?

    /// A watched station; give the cell from an earlier answer to read only its tile.
    public init(id: String, cell: TileKey? = nil) {
        self.id = id
        self.cell = cell
    }

    /// Reads `ID` or `ID@CELL` (`XX-1234@77_-19`): the cell after the last `@`; nil for an empty id or a bad cell.
    public init?(parsing text: String) {
        guard let at = text.lastIndex(of: "@") else {
            guard !text.isEmpty else { return nil }
            self.init(id: text)
            return
        }
        let id = String(text[..<at])
        guard !id.isEmpty, let cell = TileKey(String(text[text.index(after: at)...])) else { return nil }
        self.init(id: id, cell: cell)
    }
}

/// What a lookup by id found for one id asked for (``NearbyResult/ids``). Encoded as
/// `{"id":"XX-1234","status":"moved","cell":"77_-19"}`, `cell` only when the station is in the answer.
public struct WatchedStation: Sendable, Hashable, Encodable {
    /// What became of a watched station.
    public enum Status: String, Sendable, Hashable, Encodable {
        /// In the answer, in the cell given (or, with no cell given, in the cell the id table names).
        case found
        /// In the answer, in another cell than the one given: store ``WatchedStation/cell`` in its place.
        case moved
        /// No longer published: neither its cell's tile nor the id table holds it.
        case closed
        /// Not known: the tile that would hold it is missing (format 1, a partial answer), or the index publishes no
        /// id table and the station is not in the cell given.
        case unknown
    }

    /// The id asked for.
    public var id: String
    /// What became of it.
    public var status: Status
    /// The cell it is in now, for ``Status/found`` and ``Status/moved``; nil otherwise.
    public var cell: TileKey?

    /// An outcome for one id.
    public init(id: String, status: Status, cell: TileKey? = nil) {
        self.id = id
        self.status = status
        self.cell = cell
    }

}
