import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// What each country of the published build was made from, so that the next build can reuse a country whose inputs
/// did not change instead of parsing it again, and a run in which no input changed can write nothing at all.
///
/// A country's inputs are its feed files (`FEEDS/<CC>/*`, names and bytes), its metadata (`source.json`,
/// `fuels.json`, `brands.json`) and this program's version: their SHA-256, ``digest(country:feeds:config:)``.
/// The build keeps them beside `OUT/fuel`, in `OUT/.country-inputs.json` (never uploaded), with each country's line
/// of the build report: `{"version":1,"build":".build-…","countries":{"ES":{"digest":…,"line":{…}}}}`. Like
/// ``TileReuse``'s sidecar, it is trusted only for the build `OUT/fuel` links to.
struct CountryInputs: Sendable {
    /// One country of the published build.
    struct Entry: Sendable, Codable, Equatable {
        /// The SHA-256 hex of its inputs.
        var digest: String
        /// Its line of that build's report: the counts a reuse reports again.
        var line: BuildReport.Country
    }

    /// The published build's countries, by code.
    var countries: [String: Entry]

    /// The sidecar's name in `OUT`.
    static let fileName = ".country-inputs.json"

    private struct Sidecar: BuildSidecar {
        static let fileName = CountryInputs.fileName
        var version: Int
        var build: String
        var countries: [String: Entry]
    }

    /// The published build's inputs, when `OUT` has a sidecar for the build `OUT/fuel` links to; nil otherwise.
    static func load(_ output: OutputDirectory) -> CountryInputs? {
        Sidecar.load(output).map { CountryInputs(countries: $0.countries) }
    }

    /// Records a committed build's inputs for the next build (atomically; a failure only costs the next build time).
    static func save(_ countries: [String: Entry], build: String, in output: OutputDirectory) {
        Sidecar(version: 1, build: build, countries: countries).save(in: output)
    }

    /// The SHA-256 hex of a country's inputs: every visible file of `feeds/<CC>/` (name and bytes, by name), its
    /// metadata files as loaded, and ``FuelTilesRelease/version``. Nil when the folder cannot be read.
    static func digest(country: String, feeds: URL, adaptersDirectory: URL?) -> String? {
        let folder = feeds.appendingPathComponent(country)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        var summary = "fueltiles \(FuelTilesRelease.version)\n"
        for name in names.filter({ !$0.hasPrefix(".") }).sorted() {
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                return nil
            }
            summary += "feed \(name) \(Digest.hex(Digest.sha256(bytes)))\n"
        }
        for name in ["source.json", "fuels.json", "brands.json"] {
            let file = CountryConfig.metadataFile(country: country, name: name, adaptersDirectory: adaptersDirectory)
            summary += "metadata \(name) \(file.bytes.map { Digest.hex(Digest.sha256($0)) } ?? "-")\n"
        }
        return Digest.hex(Digest.sha256(Array(summary.utf8)))
    }
}
