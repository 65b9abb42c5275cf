import Foundation

/// A time as the published files hold it, UTC text like `2025-09-27T16:05:47Z` (whole seconds).
///
/// A file type stores its times as these (behind public `Date` properties), so that its `Codable` conformance can be
/// synthesised and every file reads and writes times the same way.
struct UTCTimeText: Sendable, Hashable, Codable {
    var date: Date

    init(_ date: Date) { self.date = date }

    /// - Throws: `DecodingError` when the value is not such a time.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        date = try UTCTime.decodedDate(container.decode(String.self)) {
            DecodingError.dataCorruptedError(in: container, debugDescription: $0)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(UTCTime.format(date))
    }
}

extension KeyedDecodingContainer {
    /// A member holding a time as UTC text, for a type whose other members need its own `init(from:)`.
    /// - Throws: `DecodingError` when the member is missing or not such a time.
    func decodeUTCTime(forKey key: Key) throws -> Date {
        try UTCTime.decodedDate(decode(String.self, forKey: key)) {
            DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: $0)
        }
    }

    /// A UTC time, or nil when the key is absent.
    func decodeUTCTimeIfPresent(forKey key: Key) throws -> Date? {
        contains(key) ? try decodeUTCTime(forKey: key) : nil
    }
}

extension UTCTime {
    /// The time of `text`, or the error `corrupted` makes of the reason it is none.
    static func decodedDate(_ text: String, _ corrupted: (String) -> DecodingError) throws -> Date {
        guard let seconds = parse(text) else { throw corrupted("not a UTC time like 2025-09-27T16:05:47Z: \(text)") }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
