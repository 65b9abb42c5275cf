import Foundation
import FuelFormat

/// What the client last learnt about one published file (`index.json` or a tile).
struct CacheEntry: Sendable, Equatable {
    enum Content: Sendable, Equatable {
        /// The body as it arrived (JSON, or gzip bytes from a local directory).
        case present(Data)
        /// The server answered 404: a format-1 tile the index lists is missing.
        case missing
    }

    var content: Content
    /// The validator to send back as `If-None-Match`, weak (`W/"…"`) or strong, exactly as received.
    var etag: String?
    /// The validator to send back as `If-Modified-Since`.
    var lastModified: String?
    /// When the server last confirmed this content (a 200, 304 or 404).
    var fetchedAt: Date
    /// For tiles: the `builtAt` of the index in use when the server last confirmed this copy.
    var indexBuiltAt: Date?

    init(content: Content, etag: String?, lastModified: String?, fetchedAt: Date, indexBuiltAt: Date? = nil) {
        self.content = content
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.indexBuiltAt = indexBuiltAt
    }

    /// Conditional headers for a revalidation; none for a remembered 404.
    var validators: [String: String] {
        guard case .present = content else { return [:] }
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}

/// Persists cache entries under a directory so a later launch starts warm.
///
/// Layout: `<directory>/fueltiles-cache-v1/<base hash>/<name>.body` holds the raw bytes and `<name>.meta` the
/// validators, fetch time and the body's length and CRC-32, so a body and a meta from different writes are never
/// paired. A damaged or foreign entry reads as absent. Not thread-safe on its own: the owning actor serialises it.
struct TileDiskCache: Sendable {
    /// Bumped when the layout changes; older folders are simply ignored.
    static let formatVersion = 1

    let root: URL

    init(directory: URL, base: URL) {
        root =
            directory
            .appendingPathComponent("fueltiles-cache-v\(Self.formatVersion)", isDirectory: true)
            .appendingPathComponent(Self.hash(base.absoluteString), isDirectory: true)
    }

    func load(_ path: String) -> CacheEntry? {
        guard let metaData = try? Data(contentsOf: metaURL(path)),
            let meta = try? JSONDecoder().decode(Meta.self, from: metaData),
            meta.version == Self.formatVersion, meta.path == path,
            let fetchedSeconds = UTCTime.parse(meta.fetchedAt)
        else { return nil }
        let fetchedAt = Date(timeIntervalSince1970: TimeInterval(fetchedSeconds))
        let indexBuiltAt = meta.indexBuiltAt.flatMap(UTCTime.parse).map {
            Date(timeIntervalSince1970: TimeInterval($0))
        }
        switch meta.outcome {
        case "missing":
            return CacheEntry(
                content: .missing, etag: nil, lastModified: nil, fetchedAt: fetchedAt, indexBuiltAt: indexBuiltAt)
        case "present":
            guard let body = try? Data(contentsOf: bodyURL(path)), body.count == meta.bodyLength,
                CRC32.checksum(body) == meta.bodyCRC32
            else { return nil }
            return CacheEntry(
                content: .present(body), etag: meta.etag, lastModified: meta.lastModified, fetchedAt: fetchedAt,
                indexBuiltAt: indexBuiltAt)
        default:
            return nil
        }
    }

    /// Writes an entry; `bodyChanged: false` rewrites only the metadata (after a 304).
    /// Failures are ignored: the cache is an optimisation and the lookup already has its answer.
    func store(_ entry: CacheEntry, for path: String, bodyChanged: Bool = true) {
        var meta = Meta(
            version: Self.formatVersion, path: path, outcome: "missing", etag: entry.etag,
            lastModified: entry.lastModified, fetchedAt: UTCTime.format(entry.fetchedAt),
            indexBuiltAt: entry.indexBuiltAt.map { UTCTime.format($0) }, bodyLength: 0, bodyCRC32: 0)
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            if case .present(let body) = entry.content {
                meta.outcome = "present"
                meta.bodyLength = body.count
                meta.bodyCRC32 = CRC32.checksum(body)
                if bodyChanged { try body.write(to: bodyURL(path), options: .atomic) }
            } else {
                try? FileManager.default.removeItem(at: bodyURL(path))
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(meta).write(to: metaURL(path), options: .atomic)
        } catch {
            try? FileManager.default.removeItem(at: metaURL(path))
        }
    }

    func remove(_ path: String) {
        try? FileManager.default.removeItem(at: metaURL(path))
        try? FileManager.default.removeItem(at: bodyURL(path))
    }

    /// Removes every entry whose path starts with `prefix` except `path`: the older versions of a format-2 tile.
    func removeVersions(withPrefix prefix: String, except path: String) {
        let start = fileName(prefix)
        let kept = [fileName(path) + ".meta", fileName(path) + ".body"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names where name.hasPrefix(start) && !kept.contains(name) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
    }

    private func fileName(_ path: String) -> String { path.replacingOccurrences(of: "/", with: "_") }
    private func metaURL(_ path: String) -> URL { root.appendingPathComponent(fileName(path) + ".meta") }
    private func bodyURL(_ path: String) -> URL { root.appendingPathComponent(fileName(path) + ".body") }

    /// FNV-1a 64 of the base URL: keeps two bases sharing a cache directory apart.
    private static func hash(_ text: String) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private struct Meta: Codable {
        var version: Int
        var path: String
        var outcome: String
        var etag: String?
        var lastModified: String?
        var fetchedAt: String
        var indexBuiltAt: String?
        var bodyLength: Int
        var bodyCRC32: UInt32
    }
}
