import Foundation
import FuelClient
import FuelCodecs
import FuelFormat
import FuelPublishing
import Synchronization
import Testing
import _FuelTestSupport

/// A format-2 tile whose JSON is not the one its name hashes is refused before it is parsed or cached, however it
/// arrives (gzip from a folder or a transport that does not inflate, or JSON that URLSession inflated from a
/// `Content-Encoding: gzip` response): the lookup fails with `hash-mismatch`, nothing of the tile is shown, and no
/// copy is kept, in memory or on disk; a copy altered on disk after it was checked is dropped and read again. The
/// published JSON passes however it is compressed, or left plain.
@Suite(.tags(.server), .serverLogsOnFailure) struct NameHashCheckTests {
    /// The cell of the corner lookup's nearest station, PT-1001 (Galp Azeitão, diesel 1.579).
    static let key = "77_-19"

    /// How the client gets the published bytes.
    enum Serving: String, Sendable {
        /// A build folder as the base (`DirectoryTransport`), as `fuel-nearby --base DIR` reads it.
        case folder = "from a build folder"
        /// A transport that hands over the stored bytes as they are and says `Content-Encoding: gzip`.
        case labelledGzip = "stored bytes labelled Content-Encoding gzip"
        /// The tile server, which says `Content-Encoding: gzip`, through the default transport (URLSession), which
        /// inflates: the client receives the JSON.
        case http = "over HTTP with Content-Encoding gzip, inflated by URLSession"

        /// A client of the fixture with this serving.
        func client(_ fixture: LookupFixture) -> TileClient {
            TileClient(
                base: self == .http ? fixture.server.baseURL : fixture.out, cacheDirectory: fixture.cache,
                transport: self == .labelledGzip ? LabelledGzipTransport() : nil, policy: .unhurried, format: .v2,
                clock: fixture.clock.closure)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let tampering: String
        let serving: Serving
        let apply: @Sendable (URL) throws -> Void
        var testDescription: String { "\(tampering), \(serving.rawValue)" }
    }

    static let regzipped: [(String, @Sendable (URL) throws -> Void)] = [
        ("a station renamed, gzipped again", { try editTarget($0, gzip: true) { $0["name"] = "Tampered" } }),
        (
            "a price set to 0.001, gzipped again",
            {
                try editTarget($0, gzip: true) { station in
                    var prices = station["prices"] as? [[String: Any]] ?? []
                    prices[0]["price"] = 0.001
                    station["prices"] = prices
                }
            }
        ),
    ]

    /// Every tampering that is still gzip, over HTTP too; damaged gzip and plain JSON where no HTTP layer inflates
    /// them (over HTTP, URLSession itself refuses a body that does not inflate).
    static let cases =
        [Serving.folder, .labelledGzip, .http].flatMap { serving in
            regzipped.map { Case(tampering: $0.0, serving: serving, apply: $0.1) }
        }
        + [Serving.folder, .labelledGzip].map { serving in
            Case(tampering: "one byte of the stored file flipped", serving: serving) { try flipOneByte($0) }
        } + [
            Case(tampering: "a station renamed, left as plain JSON", serving: .folder) {
                try editTarget($0, gzip: false) { $0["name"] = "Tampered" }
            }
        ]

    /// A format-2 fixture with the path of the tile ``key`` below `fuel/`, that file and its published bytes.
    static func publishedTile() throws -> (fixture: LookupFixture, tilePath: String, tile: URL, published: Data) {
        let fixture = try LookupFixture(layout: .v2)
        let tilePath = try #require(fixture.snapshot).tilePath(key)
        let tile = fixture.out.appendingPathComponent("fuel").appendingPathComponent(tilePath)
        return (fixture, tilePath, tile, try Data(contentsOf: tile))
    }

    @Test(arguments: cases)
    func aTamperedTileIsRefusedAndNeverKept(_ tamperCase: Case) async throws {
        let (fixture, tilePath, tile, published) = try Self.publishedTile()
        try tamperCase.apply(tile)
        let client = tamperCase.serving.client(fixture)

        let error = await #expect(throws: NearbyError.self) { try await fixture.cornerLookup(client) }
        #expect(error?.code == .hashMismatch, "\(String(describing: error))")
        #expect(error?.failedTiles.map(\.key.description) == [Self.key])
        #expect(error?.failedTiles.map(\.code) == [.hashMismatch])
        #expect(error?.message.contains(tilePath) == true, "\(String(describing: error))")
        // Not on disk, beside the three good tiles that are.
        let cached = try Self.cachedFileNames(fixture.cache)
        #expect(!cached.contains { $0.contains("tiles_\(Self.key).") }, "\(cached)")
        #expect(cached.filter { $0.hasSuffix(".json.body") && $0.contains("_tiles_") }.count == 3, "\(cached)")

        // Nor in memory: with the published bytes back, the same client shows the station as published.
        try published.write(to: tile)
        let result = try await fixture.cornerLookup(client)
        #expect(result.stations.first?.station.name == "Galp Azeitão")
        #expect(result.stations.first?.station.price(of: .diesel)?.price == 1.579)
    }

    struct Repack: Sendable, CustomTestStringConvertible {
        let label: String
        let apply: @Sendable (URL) throws -> Void
        var testDescription: String { label }
    }

    /// The published document, stored otherwise than the build stores it.
    static let repacks = [
        Repack(label: "gzipped again by gzip -9 with a file name") { url in
            let plain = url.deletingPathExtension().appendingPathExtension("plain")
            try TileFixtures.gunzip(url).write(to: plain)
            let gzipped = try CapturedRun.run("gzip", ["-c9", plain.path])
            try FileManager.default.removeItem(at: plain)
            try #require(gzipped.status == 0)
            try gzipped.stdoutBytes.write(to: url)
        },
        Repack(label: "left as plain JSON") { url in try TileFixtures.gunzip(url).write(to: url) },
    ]

    /// The name hashes the JSON, not the gzip the build happened to write.
    @Test(arguments: repacks)
    func thePublishedJSONPassesHoweverItIsStored(_ repack: Repack) async throws {
        let (fixture, _, tile, published) = try Self.publishedTile()
        try repack.apply(tile)
        #expect(try Data(contentsOf: tile) != published)

        let result = try await fixture.cornerLookup(Serving.folder.client(fixture))
        #expect(result.stations.first?.station.name == "Galp Azeitão")
        #expect(result.tiles[try #require(TileKey(Self.key))] == .ok)
    }

    @Test func aCopyAlteredOnDiskIsDroppedAndReadAgain() async throws {
        let fixture = try LookupFixture(layout: .v2)
        let snapshot = try #require(fixture.snapshot)
        let tilePath = snapshot.tilePath(Self.key)
        let first = TileClient(
            base: fixture.out, cacheDirectory: fixture.cache, policy: .unhurried, format: .v2,
            clock: fixture.clock.closure)
        _ = try await fixture.cornerLookup(first)

        // The cached body becomes a tampered copy, and its metadata is made to match it (length and CRC-32), as a
        // deliberate change would: only the hash can tell.
        let body = try #require(try Self.cacheEntry(fixture.cache, endingWith: "tiles_\(Self.key).", "body"))
        let meta = body.deletingPathExtension().appendingPathExtension("meta")
        let good = try Data(contentsOf: body)
        let tampered = RepositoryPaths.temporaryDirectory("tampered").appendingPathComponent("tile.json")
        defer { try? FileManager.default.removeItem(at: tampered.deletingLastPathComponent()) }
        try good.write(to: tampered)
        try Self.editTarget(tampered, gzip: true) { $0["name"] = "Tampered" }
        let bytes = try Data(contentsOf: tampered)
        try bytes.write(to: body)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: meta)) as? [String: Any])
        object["bodyLength"] = bytes.count
        object["bodyCRC32"] = ZipArchive.crc32([UInt8](bytes))
        try JSONSerialization.data(withJSONObject: object).write(to: meta)

        // A later launch: the altered copy is dropped, and the tile read from the base again.
        let transport = CountingTransport()
        let relaunched = TileClient(
            base: fixture.out, cacheDirectory: fixture.cache, transport: transport, policy: .unhurried, format: .v2,
            clock: fixture.clock.closure)
        let result = try await fixture.cornerLookup(relaunched)
        #expect(result.stations.first?.station.name == "Galp Azeitão")
        #expect(!result.stations.contains { $0.station.name == "Tampered" })
        #expect(transport.paths.filter { $0.hasSuffix(tilePath) }.count == 1, "\(transport.paths)")
        #expect(try Data(contentsOf: body) == good)
    }

    // MARK: - Tampering

    /// Rewrites PT-1001 in a published tile file, in place under its old name.
    /// - Parameter gzip: gzip the changed document again (`gzip -n -9`), or leave it as plain JSON.
    static func editTarget(_ url: URL, gzip: Bool, _ change: (inout [String: Any]) -> Void) throws {
        var tile = try #require(try JSONSerialization.jsonObject(with: TileFixtures.gunzip(url)) as? [String: Any])
        var stations = try #require(tile["stations"] as? [[String: Any]])
        let index = try #require(stations.firstIndex { $0["id"] as? String == "PT-1001" })
        change(&stations[index])
        tile["stations"] = stations
        try JSONSerialization.data(withJSONObject: tile).write(to: url)
        if gzip { try TileFixtures.gzipInPlace([url]) }
    }

    /// Flips the lowest bit of the middle byte: inside the deflate data of a tile.
    static func flipOneByte(_ url: URL) throws {
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: url)
    }

    /// The names of the files below a cache folder.
    static func cachedFileNames(_ cache: URL) throws -> [String] {
        let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?.allObjects ?? []
        return files.compactMap { ($0 as? URL)?.lastPathComponent }.sorted()
    }

    /// The one cache file whose name holds `infix` and ends with `.<fileExtension>`.
    static func cacheEntry(_ cache: URL, endingWith infix: String, _ fileExtension: String) throws -> URL? {
        let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?.allObjects ?? []
        return files.compactMap { $0 as? URL }.first {
            $0.lastPathComponent.contains(infix) && $0.pathExtension == fileExtension
        }
    }
}

/// Hands over a build folder's stored bytes as they are, saying `Content-Encoding: gzip`, as a transport that does
/// not inflate would.
struct LabelledGzipTransport: TileTransport {
    func send(_ request: TileRequest) async throws -> TileResponse {
        let response = try await DirectoryTransport().send(request)
        var headers = response.headers
        headers["content-encoding"] = "gzip"
        return TileResponse(status: response.status, headers: headers, body: response.body)
    }
}

/// Reads a build folder and records the path of every request.
final class CountingTransport: TileTransport {
    private let sent = Mutex<[String]>([])

    func send(_ request: TileRequest) async throws -> TileResponse {
        sent.withLock { $0.append(request.url.path) }
        return try await DirectoryTransport().send(request)
    }

    /// The paths asked for so far, in order.
    var paths: [String] { sent.withLock { $0 } }
}
