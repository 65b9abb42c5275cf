import Foundation

/// The supported countries: the one list that fetching and building both read.
///
/// Adding a country (`scripts/new-country CC` scaffolds it): a folder `Countries/<CC>/` with a type that conforms to
/// ``FeedCountry`` (its adapter, fetch plan, typed settings and download shapes, the kinds of reason it raises, and
/// the built-in copy of its metadata that `scripts/embed-adapters` generates), its metadata and samples in
/// `adapters/<CC>/`, and one line here.
public enum CountryRegistry {
    /// Every supported country, sorted by code.
    public static let all: [any FeedCountry] = [
        // One line per country; each lives in Countries/<CC>/.
        ATAdapter(),
        ESAdapter(),
        FRAdapter(),
        ITAdapter(),
        PTAdapter(),
    ].sorted { $0.country < $1.country }

    private static let byCode: [String: any FeedCountry] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.country, $0) })

    /// The codes of every supported country, sorted.
    public static var codes: [String] { all.map(\.country) }

    /// The country with this code, or nil when none is supported.
    public static func country(_ code: String) -> (any FeedCountry)? { byCode[code] }

    /// The registered countries that have metadata in `adaptersDirectory` (nil: the metadata built into the
    /// executables), sorted: the countries fetching and building both cover by default, and the only ones either
    /// accepts.
    public static func configuredCountries(adaptersDirectory: URL?) -> [String] {
        CountryConfig.configuredCountries(adaptersDirectory: adaptersDirectory).filter { byCode[$0] != nil }
    }
}
