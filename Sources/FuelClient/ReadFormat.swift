/// Which published format a ``TileClient`` reads: format 1 under `<base>/fuel/`, format 2 under `<base>/fuel/v2/`,
/// or whichever the server has, format 2 first.
///
/// Format 2 names every tile by the hash of its JSON and changes only its index, so a lookup reads one build even
/// while a publisher replaces it, and a cached tile never needs a request again. Format 1 replaces its tiles in place,
/// so a lookup can meet a tile of the next build, and cached tiles are revalidated.
public enum ReadFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Format 2 when `<base>/fuel/v2/index.json` exists, else format 1.
    ///
    /// A 404 (or 410) for the format-2 index switches the client to format 1; it asks for the format-2 index again
    /// each time the format-1 index is due for a refresh (every ``TileCachePolicy/indexTrust``), so a server that
    /// starts publishing format 2 is picked up within minutes. When the format-2 index cannot be reached at all and
    /// only a format-1 index is cached (a phone offline after reading format 1), format 1 answers.
    case automatic = "auto"
    /// Format 1 only: `<base>/fuel/index.json` and `<base>/fuel/tiles/<key>.json`.
    case v1
    /// Format 2 only: `<base>/fuel/v2/index.json` and `<base>/fuel/v2/tiles/<key>.<hash>.json`.
    case v2

    /// The format read when none is chosen.
    public static let standard = ReadFormat.automatic

    /// `auto`, `v1` or `v2`: the value `fuel-nearby --layout` takes.
    public var description: String { rawValue }

    /// The values the command line accepts, for messages: `auto, v1 or v2`.
    public static let choices = "auto, v1 or v2"
}
