import Foundation
import FuelCodecs
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// Bad input for IT: each must throw a ``FeedError`` that names the country, the file and, where it applies, the
/// line or record.
@Suite struct ITBadInputTests {
    typealias Case = BadInputCase

    static let registry =
        "Estrazione del 2026-08-21\n"
        + "idImpianto|Gestore|Bandiera|Tipo Impianto|Nome Impianto|Indirizzo|Comune|Provincia|Latitudine|Longitudine\n"
        + "3606|SILLA FABIO E C. - S.N.C.|Agip Eni|Autostradale|CASTELNUOVO SCRIVIA OVEST|Autostrada A7 MILANO-SERRAVALLE,  Km. 60.7, dir. Sud 15053|CASTELNUOVO SCRIVIA|AL|44.933913612012745|8.852185606956482\n"
    static let prices =
        "Estrazione del 2026-08-21\nidImpianto|descCarburante|prezzo|isSelf|dtComu\n"
        + "3606|Benzina|2.115|1|18/08/2026 19:25:02\n3606|Gasolio|2.238|1|18/08/2026 19:25:02\n"

    static func itFiles(registry: [UInt8] = Array(registry.utf8), prices: [UInt8] = Array(prices.utf8)) -> [String:
        [UInt8]]
    {
        ["anagrafica_impianti_attivi.csv": registry, "prezzo_alle_8.csv": prices]
    }

    static let itCases: [Case] = [
        Case(
            country: "IT", kind: "empty file", files: { itFiles(registry: []) },
            file: "anagrafica_impianti_attivi.csv", location: nil, reason: "empty"),
        Case(
            country: "IT", kind: "truncated file (cut inside the last row)",
            files: { itFiles(prices: Array(Array(prices.utf8).dropLast(27))) },
            file: "prezzo_alle_8.csv", location: "line 4", reason: "cut short"),
        Case(
            country: "IT", kind: "HTML error page in place of the registry",
            files: { itFiles(registry: Array(Case.htmlPage.utf8)) },
            file: "anagrafica_impianti_attivi.csv", location: nil, reason: "not the MIMIT CSV"),
        Case(
            country: "IT", kind: "UTF-16 instead of UTF-8",
            files: { itFiles(prices: Case.utf16(prices)) },
            file: "prezzo_alle_8.csv", location: "line 1", reason: "UTF-16"),
        Case(
            country: "IT", kind: "missing column (Longitudine)",
            files: {
                itFiles(registry: Array(registry.replacingOccurrences(of: "|Longitudine", with: "").utf8))
            },
            file: "anagrafica_impianti_attivi.csv", location: "line 2", reason: "lacks the column Longitudine"),
        Case(
            country: "IT", kind: "non-numeric price",
            files: { itFiles(prices: Array(prices.replacingOccurrences(of: "2.238", with: "2,238").utf8)) },
            file: "prezzo_alle_8.csv", location: "line 4 (idImpianto 3606)", reason: "prezzo \"2,238\" is not a number"),
        Case(
            country: "IT", kind: "non-numeric coordinate",
            files: {
                itFiles(registry: Array(registry.replacingOccurrences(of: "44.933913612012745", with: "N/D").utf8))
            },
            file: "anagrafica_impianti_attivi.csv", location: "line 3 (idImpianto 3606)", reason: "Latitudine"),
        Case(
            country: "IT", kind: "missing file",
            files: { ["anagrafica_impianti_attivi.csv": Array(registry.utf8)] },
            file: "prezzo_alle_8.csv", location: nil, reason: "missing"),
    ]

    @Test(arguments: itCases)
    func badInputNamesCountryFileAndPlace(_ testCase: Case) throws {
        try testCase.expectNamedError()
    }
}
