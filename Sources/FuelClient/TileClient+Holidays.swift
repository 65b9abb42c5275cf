import Foundation
import FuelFormat

/// The public holidays a lookup with `openAt` needs for `PH` rules (R11), from the sources document of the index it
/// reads.
extension TileClient {
    /// Each country's `publicHolidays` from the sources document `index` names, read once per build and kept; empty
    /// when the document cannot be fetched or read, or has none (a publisher before them), so `PH` rules answer
    /// `unknown` rather than fail the lookup.
    func publicHolidays(for index: LookupIndex) async -> [String: PublicHolidays] {
        if let kept = keptHolidays, kept.builtAt == index.builtAt { return kept.holidays }
        let (path, nameHash) = index.sourcesFile
        let url = base.appendingPathComponent("fuel", isDirectory: true).appendingPathComponent(path)
        guard let response = try? await transport.send(TileRequest(url: url, headers: [:])),
            response.status == 200,
            let json = try? NameHashCheck.document(response.body, nameHash: nameHash, limit: Self.maxFileBytes),
            (try? NameHashCheck.check(json, nameHash: nameHash)) != nil,
            let sources = try? JSONDecoder().decode(SourcesFile.self, from: json)
        else { return [:] }
        var holidays: [String: PublicHolidays] = [:]
        for source in sources.sources { holidays[source.country] = source.publicHolidays }
        keptHolidays = (index.builtAt, holidays)
        return holidays
    }
}

extension LookupIndex {
    /// Where the sources document is below `fuel/`, and the hash its name holds (format 2).
    var sourcesFile: (path: String, nameHash: String?) {
        switch content {
        case .v1: return (TileFormat.sourcesPath, nil)
        case .v2(let index):
            // Format2Index checked the name: a plain relative path ending in `.<hash>.json`.
            let hash = index.sources.dropLast(".json".count).split(separator: ".").last.map(String.init)
            return ("\(Format2.folder)/\(index.sources)", hash)
        }
    }
}

extension Station {
    /// Whether its `openingHours` or `automatHours` has a `PH` rule, which needs the holiday list to answer.
    var hasHolidayRule: Bool {
        [openingHours, automatHours].contains { $0.flatMap(OpeningHours.init(parsing:))?.holidays != nil }
    }
}
