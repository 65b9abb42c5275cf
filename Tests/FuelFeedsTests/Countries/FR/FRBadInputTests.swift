import Foundation
import FuelCodecs
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// Bad input for FR: each must throw a ``FeedError`` that names the country, the file and, where it applies, the
/// line or record.
@Suite struct FRBadInputTests {
    typealias Case = BadInputCase

    static let frDocument =
        #"<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>"# + "\n<pdv_liste>\n"
        + #"<pdv id="1000001" latitude="4620114" longitude="519791" cp="01000" pop="R">"# + "\n"
        + #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/>"# + "\n</pdv>\n</pdv_liste>\n"

    static func frSampleZip() throws -> [UInt8] {
        [UInt8](
            try Data(
                contentsOf: RepositoryPaths.samples().appendingPathComponent("FR/PrixCarburants_instantane.zip")))
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
            files: { ["PrixCarburants_instantane.zip": Array(Case.htmlPage.utf8)] },
            file: "PrixCarburants_instantane.zip", location: nil, reason: "not a ZIP archive"),
        Case(
            country: "FR", kind: "HTML error page in place of the XML",
            files: { ["PrixCarburants_instantane.xml": Array(Case.htmlPage.utf8)] },
            file: "PrixCarburants_instantane.xml", location: "line 2", reason: "expected <pdv_liste>"),
        Case(
            country: "FR", kind: "UTF-16 instead of ISO-8859-1",
            files: { ["PrixCarburants_instantane.xml": Case.utf16(frDocument)] },
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
                // Stored by the test support's own writer, so this case needs no Python (ZipArchiveTests reads
                // Python's archives).
                let zip = TestZip.stored(
                    name: "PrixCarburants_instantane.xml",
                    contents: .latin1(frDocument.replacingOccurrences(of: "1000001", with: "A1")))
                return ["PrixCarburants_instantane.zip": zip]
            },
            file: "PrixCarburants_instantane.zip", location: "entry PrixCarburants_instantane.xml, line 3",
            reason: "id \"A1\" is not a number"),
    ]

    @Test(arguments: frCases)
    func badInputNamesCountryFileAndPlace(_ testCase: Case) throws {
        try testCase.expectNamedError()
    }
}
