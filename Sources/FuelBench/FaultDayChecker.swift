import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelUpload

/// The faulted day's independent checker: after each hour it reads the bucket as a phone would (both formats'
/// indexes and every object they name, straight from the S3 server, not through the fault proxy) and counts what a
/// phone must never see. It parses the JSON itself rather than through the publisher's types.
struct FaultDayChecker {
    /// One format's index as the checker reads it.
    struct Index {
        var builtAt: Date
        var tiles: [String: String]  // key → object key
        var countries: [String: (updated: Date?, carriedSince: Date?)]
    }

    /// What the checker remembers between hours, per format.
    var seen: [String: (builtAt: Date, countries: Set<String>)] = [:]
    /// Every violation so far, each named.
    var violations: [String] = []
    /// Index rewinds that replaced an index dated ahead of the true clock (a bad clock's; by design, not a violation).
    var badClockRewinds = 0
    /// Hours after which the two formats' live indexes were of different builds.
    var formatsApart = 0
    /// Format-1 tiles that, at the end of an hour, held another build's JSON than the format-2 tile of the build both
    /// indexes name: format 1 is replaced in place, tiles before the index, so an upload killed in between leaves
    /// them (docs/format.md: "a reader may also read tiles of two builds"). Counted apart from the violations.
    var format1Mixed: [String] = []

    /// The bucket's keys under `fuel/` and their ETags, listed at each check; and the ETag of each object last read.
    private var listing: [String: String] = [:]
    private var read: [String: String] = [:]

    let client: S3Client

    init(client: S3Client) { self.client = client }

    /// Checks the bucket at true time `now` (after a run). Returns format 1's index when there is one.
    mutating func check(at now: Date, label: String) async throws -> Index? {
        listing = try await client.listAll(prefix: "fuel/").etags
        let first = try await index(format: "1", key: "fuel/index.json", label: label)
        let second = try await index(format: "2", key: "fuel/v2/index.json", label: label)
        for (format, index) in [("1", first), ("2", second)] {
            guard let index else {
                if seen[format] != nil { violations.append("\(label): format \(format)'s index vanished") }
                continue
            }
            await objects(index, format: format, label: label)
            for (country, entry) in index.countries {
                if let carried = entry.carriedSince, carried > index.builtAt {
                    violations.append(
                        "\(label): format \(format) publishes \(country) carried since \(UTCTime.format(carried)), "
                            + "after builtAt \(UTCTime.format(index.builtAt))")
                }
            }
            if let before = seen[format] {
                let lost = before.countries.subtracting(index.countries.keys)
                if !lost.isEmpty {
                    violations.append("\(label): format \(format) lost \(lost.sorted().joined(separator: ", "))")
                }
                if index.builtAt < before.builtAt {
                    if before.builtAt > now.addingTimeInterval(600) {
                        badClockRewinds += 1
                    } else {
                        violations.append(
                            "\(label): format \(format)'s builtAt went back from \(UTCTime.format(before.builtAt)) "
                                + "to \(UTCTime.format(index.builtAt))")
                    }
                }
            }
            seen[format] = (index.builtAt, Set(index.countries.keys).union(seen[format]?.countries ?? []))
        }
        if let first, let second {
            if first.builtAt == second.builtAt {
                await sameDocuments(first, second, label: label)
            } else {
                formatsApart += 1
            }
        }
        return first
    }

    private mutating func index(format: String, key: String, label: String) async throws -> Index? {
        let response = try await client.get(key: key)
        if response.status == 404 { return nil }
        guard response.isSuccess else {
            throw BenchError("\(label): the checker cannot read \(key): HTTP \(response.status)")
        }
        var body = response.body
        if body.prefix(2) == [0x1f, 0x8b], let inflated = try? Gzip.decompress(body) { body = inflated }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let built = (object["builtAt"] as? String).flatMap(Self.date),
            let countries = object["countries"] as? [String: [String: Any]]
        else {
            violations.append("\(label): format \(format)'s index does not parse")
            return nil
        }
        var tiles: [String: String] = [:]
        if format == "1", let keys = object["tiles"] as? [String] {
            for tile in keys { tiles[tile] = "fuel/tiles/\(tile).json" }
        } else if let hashes = object["tiles"] as? [String: String] {
            for (tile, hash) in hashes { tiles[tile] = "fuel/v2/tiles/\(tile).\(hash).json" }
        } else {
            violations.append("\(label): format \(format)'s index lists no tiles")
        }
        return Index(
            builtAt: built, tiles: tiles,
            countries: countries.mapValues {
                (($0["updated"] as? String).flatMap(Self.date), ($0["carriedSince"] as? String).flatMap(Self.date))
            })
    }

    /// Every tile the index lists is in the listing and reads as JSON; format 2's hash their content as their
    /// names say. An object is read again only when its ETag changed since it was last read.
    private mutating func objects(_ index: Index, format: String, label: String) async {
        for (tile, key) in index.tiles.sorted(by: { $0.key < $1.key }) {
            guard let etag = listing[key] else {
                violations.append("\(label): format \(format) lists \(tile), but \(key) is missing")
                continue
            }
            if read[key] == etag { continue }
            guard let json = await document(key) else {
                violations.append("\(label): format \(format)'s \(key) is unreadable")
                continue
            }
            read[key] = etag
            if format == "2" {
                let hash = String(key.split(separator: ".").dropLast().last ?? "")
                if Digest.hex(Digest.sha256(json)).prefix(Format2.hashLength) != hash {
                    violations.append("\(label): \(key) does not hash to its name")
                }
            }
        }
    }

    /// Both formats of one build hold the same tiles: the same stored bytes, or else the same JSON.
    private mutating func sameDocuments(_ first: Index, _ second: Index, label: String) async {
        guard Set(first.tiles.keys) == Set(second.tiles.keys) else {
            violations.append("\(label): the formats list different tiles for one build")
            return
        }
        for (tile, key) in first.tiles.sorted(by: { $0.key < $1.key }) {
            guard let other = second.tiles[tile], let etag = listing[key], etag != listing[other] else { continue }
            let one = await document(key)
            let two = await document(other)
            if let one, let two, one != two {
                format1Mixed.append("\(label): \(key) holds another build than \(other)")
            }
        }
    }

    /// An object's JSON, inflated when it is stored gzipped; nil when it is missing or does not parse.
    private func document(_ key: String) async -> [UInt8]? {
        guard let response = try? await client.get(key: key), response.status == 200 else { return nil }
        var body = response.body
        if body.prefix(2) == [0x1f, 0x8b] {
            guard let inflated = try? Gzip.decompress(body) else { return nil }
            body = inflated
        }
        guard (try? JSONSerialization.jsonObject(with: Data(body))) != nil else { return nil }
        return body
    }

    private static func date(_ text: String) -> Date? {
        UTCTime.parse(text).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
