import Foundation

/// A country's brand alias table (`adapters/<CC>/brands.json`), so that one brand does not split into spelling
/// variants (`REPSOL`, `Repsol`).
///
/// Lookup folds case, accents and runs of white space. A name the table does not know keeps its own spelling when it
/// has lower-case letters, and is title-cased when it is all capitals, so variants that differ only in case still meet.
public struct BrandAliases: Sendable, Codable, Equatable {
    public var version: Int
    /// Folded source spelling to canonical brand.
    public var aliases: [String: String]
    /// Folded spellings that mean "no brand" (`SIN RÓTULO`, `-`).
    public var unknown: [String]

    private var foldedAliases: [String: String] = [:]
    private var foldedUnknown: Set<String> = []

    public init(aliases: [String: String] = [:], unknown: [String] = []) {
        version = 1
        self.aliases = aliases
        self.unknown = unknown
        prepare()
    }

    private enum CodingKeys: String, CodingKey { case version, aliases, unknown }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        aliases = try container.decodeIfPresent([String: String].self, forKey: .aliases) ?? [:]
        unknown = try container.decodeIfPresent([String].self, forKey: .unknown) ?? []
        prepare()
    }

    private mutating func prepare() {
        foldedAliases = Dictionary(aliases.map { (BrandAliases.fold($0.key), $0.value) }, uniquingKeysWith: min)
        foldedUnknown = Set(unknown.map(BrandAliases.fold))
    }

    /// The canonical brand for a source spelling, or nil when the source gives none.
    public func normalise(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let folded = BrandAliases.fold(collapsed)
        if folded.isEmpty || foldedUnknown.contains(folded) { return nil }
        if let alias = foldedAliases[folded] { return alias }
        if collapsed.contains(where: \.isLowercase) { return collapsed }
        return collapsed.lowercased().split(separator: " ", omittingEmptySubsequences: false)
            .map { word in word.prefix(1).uppercased() + word.dropFirst() }
            .joined(separator: " ")
    }

    /// Upper case, no accents, single spaces, trimmed.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .uppercased()
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }
}
