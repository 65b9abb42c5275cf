/// What a published file's path names, parsed once: the one place that knows the layout of `fuel/`, instead of
/// prefix tests on strings wherever a path is sorted by kind.
///
/// A path is taken below `fuel/` (`tiles/77_-19.json`, `v2/tiles/77_-19.<hash>.json`) or, for format 2's own
/// code, below `fuel/v2/` (`tiles/77_-19.<hash>.json`, with `formatTwo: true`).
public struct PublishedPath: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of file a build publishes.
    public enum Kind: Sendable, Hashable {
        /// `index.json`.
        case index
        /// `sources.json`, or format 2's `sources.<hash>.json`.
        case sources
        /// `brands/<CC>.json`, or format 2's `brands/<CC>.<hash>.json`.
        case brands
        /// `tiles/<key>.json`, or format 2's `tiles/<key>.<hash>.json`.
        case tile
        /// `trends/<CC>.json`, or format 2's `trends/<CC>.<hash>.json`.
        case trend
        /// Format 2's `builds/<name>.json`.
        case buildArchive
        /// Anything else (the lock, a foreign file).
        case other
    }

    /// The path as given.
    public let path: String
    /// Whether the file belongs to format 2.
    public let isFormatTwo: Bool
    /// What the file is.
    public let kind: Kind

    /// Parses a path below `fuel/`, or below `fuel/v2/` when `formatTwo` is set.
    public init(_ path: String, formatTwo: Bool = false) {
        self.path = path
        var rest = Substring(path)
        var isFormatTwo = formatTwo
        if !formatTwo, rest.hasPrefix(Format2.folder + "/") {
            rest = rest.dropFirst(Format2.folder.count + 1)
            isFormatTwo = true
        }
        self.isFormatTwo = isFormatTwo
        kind = Self.kind(of: rest)
    }

    /// The path as given.
    public var description: String { path }

    private static func kind(of path: Substring) -> Kind {
        guard path.hasSuffix(".json") else { return .other }
        if path == "index.json" { return .index }
        if path.hasPrefix("tiles/") { return .tile }
        if path.hasPrefix("brands/") { return .brands }
        if path.hasPrefix("trends/") { return .trend }
        if path.hasPrefix("builds/") { return .buildArchive }
        if path == "sources.json" || path.hasPrefix("sources.") { return .sources }
        return .other
    }
}
