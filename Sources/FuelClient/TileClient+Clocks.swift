import Foundation
import FuelFormat

/// The countries' clocks a lookup with `openAt` needs (R11): each country's time zone, the areas keeping another,
/// and its public holidays, from the sources document of the index it reads.
extension TileClient {
    /// Each country's ``CountryClock`` from the sources document `index` names, read once per build and kept; empty
    /// when the document cannot be fetched or read, so stations with hours answer `unknown` rather than fail the
    /// lookup.
    func countryClocks(for index: LookupIndex) async -> [String: CountryClock] {
        if let kept = keptClocks, kept.builtAt == index.builtAt { return kept.clocks }
        let (path, nameHash) = index.sourcesFile
        let url = base.appendingPathComponent("fuel", isDirectory: true).appendingPathComponent(path)
        guard let response = try? await transport.send(TileRequest(url: url, headers: [:])),
            response.status == 200,
            let json = try? NameHashCheck.document(response.body, nameHash: nameHash, limit: Self.maxFileBytes),
            (try? NameHashCheck.check(json, nameHash: nameHash)) != nil,
            let sources = try? JSONDecoder().decode(SourcesFile.self, from: json)
        else { return [:] }
        let clocks = CountryClock.byCountry(sources)
        keptClocks = (index.builtAt, clocks)
        return clocks
    }
}

extension LookupIndex {
    /// Where the sources document is below `fuel/`, and the hash its name holds (format 2).
    var sourcesFile: (path: String, nameHash: String?) {
        switch content {
        case .v1: return (TileFormat.sourcesPath, nil)
        case .v2(let index): return Self.format2File(index.sources)
        case .root(let root): return Self.format2File(root.sources)
        }
    }

    /// A format-2 file below `fuel/` and the hash its name holds: Format2Index and Format2Root checked the name, a
    /// plain relative path ending in `.<hash>.json`.
    private static func format2File(_ path: String) -> (path: String, nameHash: String?) {
        let hash = path.dropLast(".json".count).split(separator: ".").last.map(String.init)
        return ("\(Format2.folder)/\(path)", hash)
    }
}

extension Station {
    /// Whether it has `openingHours` or `automatHours`, which need its country's clock to answer.
    var hasHours: Bool { openingHours != nil || automatHours != nil }
}
