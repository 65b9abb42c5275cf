import Foundation
import FuelCodecs
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// Bad input for FR and IT: each must throw a ``FeedError`` that names the country, the file and, where it applies,
/// the line or record.
@Suite struct FRITBadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var country: String
        var kind: String
        /// The files of the feed folder.
        var files: @Sendable () throws -> [String: [UInt8]]
        /// The file the error must name.
        var file: String
        /// Text the location must contain; nil when the error is about the whole file.
        var location: String?
        /// Text the reason must contain.
        var reason: String
        var testDescription: String { "\(country): \(kind)" }
    }

    // MARK: FR

    static let frDocument =
        #"<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>"# + "\n<pdv_liste>\n"
        + #"<pdv id="1000001" latitude="4620114" longitude="519791" cp="01000" pop="R">"# + "\n"
        + #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/>"# + "\n</pdv>\n</pdv_liste>\n"

    static func frSampleZip() throws -> [UInt8] {
        [UInt8](
            try Data(
                contentsOf: RepositoryPaths.samples().appendingPathComponent("FR/PrixCarburants_instantane.zip")))
    }

    static let htmlPage =
        "<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title></head>\n"
        + "<body><h1>Service Unavailable</h1></body></html>\n"

    static func utf16(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static let frCases: [Case] = [
        Case(
            country: "FR", kind: "empty file", files: { ["PrixCarburants_instantane.zip": []] },
            file: "PrixCarburants_instantane.zip", location: nil, reason: "empty"),
        Case(
            country: "FR", kind: "truncated ZIP",
            files: { ["PrixCarburants_instantane.zip": Array(try frSampleZip().prefix(15_000))] },
            file: "PrixCarburants_instantane.zip", location: nil, reason: "truncated"),
        Case(
            country: "FR", kind: "truncated XML",
            files: { ["PrixCarburants_instantane.xml": Array(Array(frDocument.utf8).prefix(150))] },
            file: "PrixCarburants_instantane.xml", location: "line", reason: "truncated"),
        Case(
            country: "FR", kind: "HTML error page in place of the ZIP",
            files: { ["PrixCarburants_instantane.zip": Array(htmlPage.utf8)] },
            file: "PrixCarburants_instantane.zip", location: nil, reason: "not a ZIP archive"),
        Case(
            country: "FR", kind: "HTML error page in place of the XML",
            files: { ["PrixCarburants_instantane.xml": Array(htmlPage.utf8)] },
            file: "PrixCarburants_instantane.xml", location: "line 2", reason: "expected <pdv_liste>"),
        Case(
            country: "FR", kind: "UTF-16 instead of ISO-8859-1",
            files: { ["PrixCarburants_instantane.xml": utf16(frDocument)] },
            file: "PrixCarburants_instantane.xml", location: "line 1", reason: "UTF-16"),
        Case(
            country: "FR", kind: "missing attribute (latitude)",
            files: {
                [
                    "PrixCarburants_instantane.xml": .latin1(
                        frDocument.replacingOccurrences(of: #"latitude="4620114" "#, with: ""))
                ]
            },
            file: "PrixCarburants_instantane.xml", location: "line 3 (pdv 1000001)",
            reason: "without the attribute latitude"),
        Case(
            country: "FR", kind: "non-numeric price",
            files: {
                ["PrixCarburants_instantane.xml": .latin1(frDocument.replacingOccurrences(of: "1.739", with: "1,739"))]
            },
            file: "PrixCarburants_instantane.xml", location: "line 4 (pdv 1000001)", reason: "is not a number"),
        Case(
            country: "FR", kind: "non-numeric station id inside the ZIP",
            files: {
                let zip = try PythonZip.make([
                    .init(
                        name: "PrixCarburants_instantane.xml",
                        content: .bytes(.latin1(frDocument.replacingOccurrences(of: "1000001", with: "A1"))))
                ])
                return ["PrixCarburants_instantane.zip": zip]
            },
            file: "PrixCarburants_instantane.zip", location: "entry PrixCarburants_instantane.xml, line 3",
            reason: "id \"A1\" is not a number"),
    ]

    // MARK: IT

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
            files: { itFiles(registry: Array(htmlPage.utf8)) },
            file: "anagrafica_impianti_attivi.csv", location: nil, reason: "not the MIMIT CSV"),
        Case(
            country: "IT", kind: "UTF-16 instead of UTF-8",
            files: { itFiles(prices: utf16(prices)) },
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

    @Test(arguments: frCases + itCases)
    func badInputNamesCountryFileAndPlace(_ testCase: Case) throws {
        let folder = try FeedRun.folder(testCase.country, try testCase.files())
        let adapter = try FeedRun.adapter(testCase.country)
        let config = try FeedRun.config(testCase.country)
        let error = #expect(throws: FeedError.self) {
            _ = try adapter.parse(FeedInput(folder: folder, config: config))
        }
        guard let error else { return }
        #expect(error.country == testCase.country)
        #expect(error.file == folder.appendingPathComponent(testCase.file).path)
        if let location = testCase.location {
            #expect(error.location?.contains(location) == true, "\(error)")
        } else {
            #expect(error.location == nil, "\(error)")
        }
        #expect(error.reason.contains(testCase.reason), "\(error)")
        #expect(error.description.hasPrefix("\(testCase.country): \(error.file)"))
    }
}
