/// A ZIP archive or one of its entries that cannot be read safely.
public struct ZipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The archive's path or name, as the caller gave it.
    public var file: String
    /// The entry's name, when the problem is in one entry.
    public var entry: String?
    /// What is wrong, in words a user can act on.
    public var reason: String

    public init(file: String, entry: String? = nil, reason: String) {
        self.file = file
        self.entry = entry
        self.reason = reason
    }

    public var description: String {
        if let entry { return "\(file), entry \(entry): \(reason)" }
        return "\(file): \(reason)"
    }
}

/// Limits that keep a hostile archive from exhausting memory. They are enforced while inflating, on the bytes
/// actually produced, so a lying header cannot get around them.
public struct ZipLimits: Sendable, Equatable {
    /// Largest uncompressed size of one entry, in bytes.
    public var maxEntryBytes: Int
    /// Largest number of output bytes per input byte.
    public var maxRatio: Int
    /// Output below this size is never refused for its ratio: tiny entries compress absurdly well.
    public var ratioGraceBytes: Int
    /// Most entries an archive may list: a feed ZIP holds one file, a bomb thousands.
    public var maxEntries: Int

    public init(
        maxEntryBytes: Int = 200_000_000, maxRatio: Int = 200, ratioGraceBytes: Int = 1 << 20, maxEntries: Int = 16
    ) {
        self.maxEntryBytes = maxEntryBytes
        self.maxRatio = maxRatio
        self.ratioGraceBytes = ratioGraceBytes
        self.maxEntries = maxEntries
    }

    /// 200 MB per entry, at most 200:1, at most 16 entries.
    public static let standard = ZipLimits()
}
