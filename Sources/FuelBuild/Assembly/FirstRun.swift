import Foundation
import FuelFeeds

/// `build --first-run`: the first build in an output folder publishes the countries whose fetch succeeded, instead
/// of none because one publisher was down that morning.
///
/// Carry-forward cannot help a first build (there is nothing to carry from), and the complete-or-nothing rule would
/// otherwise keep the whole dataset unpublished until every publisher answers on the same day. The flag applies
/// only while `OUT/fuel` does not exist; once a build is published, a failed country is carried forward or refuses
/// the build, as always. A country whose fetch succeeded but whose feed fails still refuses the build.
enum FirstRun {
    /// The countries to build, those the feeds manifest says fetched successfully, and the rest with why.
    /// - Throws: ``BuildError/firstRunRefused(_:)`` when `OUT/fuel` exists, when there is no manifest, or when no
    ///   country's fetch succeeded.
    static func split(
        _ countries: [String], manifest: FeedManifest?, output: OutputDirectory, feeds: URL
    ) throws -> (built: [String], leftOut: [BuildReport.LeftOut]) {
        if output.hasPublished {
            throw BuildError.firstRunRefused(
                "--first-run is only for the first build, and \(output.published.path) already holds one; build "
                    + "without it (with --carry-forward HOURS, a failed country is published from that build)")
        }
        let file = feeds.appendingPathComponent(FeedManifest.fileName).path
        guard let manifest else {
            throw BuildError.firstRunRefused(
                "--first-run builds the countries whose fetch succeeded, and \(file) is missing: run "
                    + "'fuel-publish fetch' first (hand-placed feeds need no --first-run)")
        }
        var built: [String] = []
        var leftOut: [BuildReport.LeftOut] = []
        for country in countries {
            guard let entry = manifest.countries[country] else {
                leftOut.append(BuildReport.LeftOut(country: country, reason: "never fetched (\(file) has no entry)"))
                continue
            }
            guard !entry.failed else {
                let why = entry.error ?? "no reason recorded"
                leftOut.append(BuildReport.LeftOut(country: country, reason: "its fetch failed (\(why))"))
                continue
            }
            built.append(country)
        }
        guard !built.isEmpty else {
            throw BuildError.firstRunRefused(
                "--first-run: no country's fetch succeeded according to \(file), so there is nothing to publish: "
                    + leftOut.map { "\($0.country) \($0.reason)" }.joined(separator: "; "))
        }
        return (built, leftOut)
    }

    /// After a first build: the countries the published build has never held, and whose fetch failed or never ran,
    /// are left out instead of refusing the build. Such a country cannot vanish, since no reader has seen it; it
    /// joins on its first good fetch, with no flag. A country the published build holds is carried forward or
    /// refuses the build, as always; so does one without a manifest entry saying its fetch failed when there is no
    /// manifest (hand-placed feeds).
    static func notYetJoined(
        _ countries: [String], manifest: FeedManifest?, published: Set<String>, feeds: URL
    ) -> (built: [String], leftOut: [BuildReport.LeftOut]) {
        guard let manifest else { return (countries, []) }
        let file = feeds.appendingPathComponent(FeedManifest.fileName).path
        var built: [String] = []
        var leftOut: [BuildReport.LeftOut] = []
        for country in countries {
            let entry = manifest.countries[country]
            if published.contains(country) || entry?.failed == false {
                built.append(country)
            } else {
                let reason =
                    entry.map { "its fetch failed (\($0.error ?? "no reason recorded"))" }
                    ?? "never fetched (\(file) has no entry)"
                leftOut.append(BuildReport.LeftOut(country: country, reason: reason, notYetPublished: true))
            }
        }
        return (built, leftOut)
    }
}
