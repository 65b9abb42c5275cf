import Foundation
import FuelFetch
import Synchronization
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// The shape checks a download must pass before it may replace the previous file.
@Suite(.serverLogsOnFailure) struct FetchFormatTests {
    struct ShapeCase: Sendable, CustomTestStringConvertible {
        var name: String
        var format: FeedShape
        var bytes: [UInt8]
        /// Nil: accepted; else a phrase the rejection must contain.
        var rejection: String?
        var testDescription: String { name }
    }

    static let cases: [ShapeCase] = [
        ShapeCase(name: "a JSON object", format: .json, bytes: Array(#"{"a":[1]}"#.utf8), rejection: nil),
        ShapeCase(
            name: "JSON after a BOM and whitespace", format: .json, bytes: [0xEF, 0xBB, 0xBF] + Array(" \n[1]\n".utf8),
            rejection: nil),
        ShapeCase(name: "an empty file", format: .json, bytes: [], rejection: "is empty"),
        ShapeCase(name: "JSON cut short", format: .json, bytes: Array(#"{"a":[1,2"#.utf8), rejection: "not complete"),
        ShapeCase(
            name: "an HTML error page", format: .json,
            bytes: Array("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>".utf8), rejection: "HTML page"),
        ShapeCase(
            name: "an object where an array is due", format: .jsonArray, bytes: Array(#"{"errors":[]}"#.utf8),
            rejection: "not a JSON array"),
        ShapeCase(name: "plain text", format: .json, bytes: Array("Service Unavailable".utf8), rejection: "not JSON"),
        ShapeCase(
            name: "a ZIP archive", format: .zip, bytes: TestZip.stored(name: "a.xml", contents: Array("<a/>".utf8)),
            rejection: nil),
        ShapeCase(
            name: "a ZIP archive cut short", format: .zip,
            bytes: Array(TestZip.stored(name: "a.xml", contents: Array("<a/>".utf8)).prefix(40)), rejection: "complete"),
        ShapeCase(name: "JSON where a ZIP is due", format: .zip, bytes: Array("{}".utf8), rejection: "not a ZIP"),
        ShapeCase(
            name: "a MIMIT CSV", format: ITFetchPlan.shape(columns: ITPrices.columns),
            bytes: FetchHarness.italianPrices(date: "2026-08-21"), rejection: nil),
        ShapeCase(
            name: "a CSV without its header", format: ITFetchPlan.shape(columns: ITPrices.columns),
            bytes: Array("a|b|c\n1|2|3\n".utf8),
            rejection: "idImpianto"),
    ]

    @Test(arguments: cases)
    func shapes(_ shape: ShapeCase) throws {
        let file = RepositoryPaths.temporaryDirectory("fetch-format").appendingPathComponent("download")
        try Data(shape.bytes).write(to: file)
        let problem = shape.format.problem(with: file)
        if let rejection = shape.rejection {
            #expect(problem?.contains(rejection) == true, "got \(problem ?? "accepted")")
        } else {
            #expect(problem == nil)
        }
    }

    @Test func extractionDateOfAMIMITFile() throws {
        let file = RepositoryPaths.temporaryDirectory("fetch-format").appendingPathComponent("prezzo.csv")
        try Data(FetchHarness.italianPrices(date: "2026-08-21")).write(to: file)
        #expect(ITFetchPlan.extractionDate(of: file, columns: ITPrices.columns) == "2026-08-21")
    }
}
