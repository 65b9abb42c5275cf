import Foundation
import FuelFormat

/// Why a lookup produced no answer: a stable machine ``code`` to branch on and a ``message`` for people, which says
/// what failed and what to do.
///
/// A struct rather than an enum, so that a later release can add codes without breaking an app's exhaustive
/// `switch`: compare ``code`` with the constants of ``Code`` and keep a default branch.
///
/// ```swift
/// do {
///     result = try await client.stationsAround(latitude: lat, longitude: lon)
/// } catch let error as NearbyError {
///     switch error.code {
///     case .tilesUnavailable, .indexUnavailable, .deadlineExceeded: showOffline(error.message)
///     default: showFailure(error.message)
///     }
/// }
/// ```
public struct NearbyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable kind of failure, for example `tiles-unavailable`. New codes may be added in later
    /// releases; the raw value of an existing code never changes.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code as text: `tiles-unavailable`.
        public var rawValue: String

        /// Any code, known to this release or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The code as text.
        public var description: String { rawValue }

        /// Latitude, longitude, radius or limit out of range.
        public static let invalidQuery = Code(rawValue: "invalid-query")
        /// `index.json` could not be fetched or read, and no earlier copy is cached.
        public static let indexUnavailable = Code(rawValue: "index-unavailable")
        /// The index was built on another grid; its tile keys mean other cells.
        public static let incompatibleGrid = Code(rawValue: "incompatible-grid")
        /// The index has a format version this client does not read.
        public static let unsupportedIndexVersion = Code(rawValue: "unsupported-index-version")
        /// Tiles the lookup needs could not be fetched or read, and no earlier copy is cached
        /// (``NearbyError/failedTiles`` lists them).
        public static let tilesUnavailable = Code(rawValue: "tiles-unavailable")
        /// A format-2 tile's bytes are not the ones the hash in its name was computed from: the file was changed or
        /// damaged after it was published. Nothing of it is shown or cached (``NearbyError/failedTiles`` lists it
        /// with this code, beside any other failed tile).
        public static let hashMismatch = Code(rawValue: "hash-mismatch")
        /// The index answered a server error (5xx) and no earlier copy is cached: the service is failing, not the
        /// network or the app. Retry later.
        public static let indexServerError = Code(rawValue: "index-server-error")
        /// A tile the lookup needs has a format version this client does not read: update the app
        /// (``NearbyError/failedTiles`` lists it with this code).
        public static let unsupportedTileVersion = Code(rawValue: "unsupported-tile-version")
        /// The lookup took longer than its deadline (``TileCachePolicy/lookupDeadline``) and was cancelled.
        public static let deadlineExceeded = Code(rawValue: "deadline-exceeded")
        /// A country's trend the index lists could not be fetched or read (``TileClient/trend(of:)``); lookups never
        /// answer it.
        public static let trendUnavailable = Code(rawValue: "trend-unavailable")
        /// An id shard a lookup by id needs (R13) could not be fetched or read (``TileClient/stations(ids:fuel:)``).
        public static let idsUnavailable = Code(rawValue: "ids-unavailable")
    }

    /// What kind of failure this is; branch on this, not on ``message``.
    public var code: Code
    /// What failed and what to do, in English, for people and logs; its wording may change between releases.
    public var message: String
    /// For ``Code/tilesUnavailable`` and ``Code/hashMismatch``, each tile that could not be loaded, why, and its own
    /// code; empty for other codes.
    public var failedTiles: [TileFailure]

    /// An error of `code`, with the tiles that failed where the code has them.
    public init(code: Code, message: String, failedTiles: [TileFailure] = []) {
        self.code = code
        self.message = message
        self.failedTiles = failedTiles
    }

    /// The ``message``.
    public var description: String { message }
}

extension NearbyError {
    static func invalidQuery(_ reason: String) -> NearbyError {
        NearbyError(code: .invalidQuery, message: "invalid lookup: \(reason)")
    }

    static func indexServerError(url: String, status: Int) -> NearbyError {
        NearbyError(
            code: .indexServerError,
            message: "the server answered HTTP \(status) for the tile index \(url) and no cached copy exists; the "
                + "service is failing: try again later")
    }

    static func unsupportedTileVersion(_ version: Int, newestReadable: Int = TileFormat.version) -> NearbyError {
        unsupportedVersion(.unsupportedTileVersion, of: "tile", version, newestReadable: newestReadable)
    }

    static func indexUnavailable(url: String, reason: String) -> NearbyError {
        NearbyError(
            code: .indexUnavailable, message: "cannot load the tile index \(url): \(reason); no cached copy exists")
    }

    static func incompatibleGrid(indexDegrees: Double, clientDegrees: Double) -> NearbyError {
        NearbyError(
            code: .incompatibleGrid,
            message: "the index was built on a \(indexDegrees)° grid but this client reads \(clientDegrees)° tiles; "
                + "update the app or point it at a compatible build")
    }

    /// - Parameter newestReadable: the newest version the client reads of that index: 1 for `fuel/index.json`, 2
    ///   for `fuel/v2/index.json`.
    static func unsupportedIndexVersion(_ version: Int, newestReadable: Int = TileFormat.version) -> NearbyError {
        unsupportedVersion(.unsupportedIndexVersion, of: "index", version, newestReadable: newestReadable)
    }

    /// A `document` (the tile, the index) of a newer format version than the client reads.
    private static func unsupportedVersion(_ code: Code, of document: String, _ version: Int, newestReadable: Int)
        -> NearbyError
    {
        NearbyError(
            code: code,
            message: "the \(document) has format version \(version); this client reads version \(newestReadable). "
                + "Update the app.")
    }

    /// The lookup's error when tiles failed: ``Code/hashMismatch`` when any of them failed its hash check (a
    /// published file was altered, which a retry does not mend), else ``Code/unsupportedTileVersion`` when any is of
    /// a newer format (an app update mends it), else ``Code/tilesUnavailable``.
    static func tilesUnavailable(_ failures: [TileFailure]) -> NearbyError {
        let list = failures.map { "tile \($0.key) (\($0.url): \($0.reason))" }.joined(separator: ", ")
        let codes = Set(failures.map(\.code))
        if codes.contains(.hashMismatch) {
            return NearbyError(
                code: .hashMismatch,
                message: "cannot answer: \(list) could not be used; a file that fails its hash check is neither shown "
                    + "nor cached. Restore the file as it was published: upload (or copy) the build that named it again",
                failedTiles: failures)
        }
        if codes.contains(.unsupportedTileVersion) {
            return NearbyError(
                code: .unsupportedTileVersion,
                message: "cannot answer: \(list) could not be read by this client. Update the app.",
                failedTiles: failures)
        }
        return NearbyError(
            code: .tilesUnavailable,
            message: "cannot answer: \(list) could not be loaded and no cached copy exists; "
                + "the lookup would silently miss stations",
            failedTiles: failures)
    }

    /// One file named by hash whose bytes are not the ones its name hashes.
    /// - Parameter reason: what was found instead.
    static func hashMismatch(_ reason: String) -> NearbyError {
        NearbyError(code: .hashMismatch, message: reason)
    }

    static func trendUnavailable(url: String, reason: String) -> NearbyError {
        NearbyError(code: .trendUnavailable, message: "cannot load the trend \(url): \(reason)")
    }

    static func idsUnavailable(url: String, reason: String) -> NearbyError {
        NearbyError(code: .idsUnavailable, message: "cannot load the id shard \(url): \(reason)")
    }

    static func deadlineExceeded(seconds: Double) -> NearbyError {
        NearbyError(
            code: .deadlineExceeded,
            message: "the lookup did not finish within its \(NumberText.plain(seconds)) s deadline and was cancelled")
    }
}

/// A tile that could not be loaded.
public struct TileFailure: Sendable, Hashable {
    /// The cell.
    public var key: TileKey
    /// The URL it was requested from.
    public var url: String
    /// Why it could not be loaded, for example `HTTP 500`.
    public var reason: String
    /// The kind of failure: ``NearbyError/Code/hashMismatch`` for a tile that failed its hash check,
    /// ``NearbyError/Code/tilesUnavailable`` for any other.
    public var code: NearbyError.Code

    /// A tile that failed for `reason`; any failure but a hash mismatch is ``NearbyError/Code/tilesUnavailable``.
    public init(key: TileKey, url: String, reason: String, code: NearbyError.Code = .tilesUnavailable) {
        self.key = key
        self.url = url
        self.reason = reason
        self.code = code
    }
}
