import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// The real captures of the countries whose adapters write `openingHours`, parsed as the build parses them: FR's two
/// national files, AT's Vienna answers and ES's Barcelona response (provenance in each `Fixtures/<CC>/SOURCES.md`).
enum RealCaptures {
    /// The stations of every FR, AT and ES real capture, with where each came from.
    static func stations() throws -> [(source: String, station: Station)] {
        // Parsed once per test process (two national FR files take seconds); a failure is raised again, by parsing.
        if let parsed { return parsed }
        return try parse()
    }

    private static let parsed: [(source: String, station: Station)]? = try? parse()

    private static func parse() throws -> [(source: String, station: Station)] {
        var all: [(String, Station)] = []
        for name in ["PrixCarburants_instantane-2022-05-03.zip", "PrixCarburants_instantane-2026-02-12.zip"] {
            let result = try FeedRun.files("FR", [name: try FeedRun.fixture("FR", name)])
            all += result.stations.map { ("FR/" + name, $0) }
        }
        let vienna = try ATRealCaptureTests.austria()
        all += vienna.stations.map { ("AT/econtrol-2026-06-11-vienna", $0) }
        let barcelona = "estaciones-terrestres-barcelona-2025-09-27-first40.json"
        let spain = try FeedRun.files("ES", [barcelona: try FeedRun.fixture("ES", barcelona)])
        all += spain.stations.map { ("ES/" + barcelona, $0) }
        return all
    }

    /// Every distinct `Horario` of a national ES response (`Fixtures/ES/horario-distinct-values.txt`).
    static func spanishHorarios() throws -> [String] {
        let text = String(decoding: try FeedRun.fixture("ES", "horario-distinct-values.txt"), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }
}
