import Foundation
import FuelCodecs
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// The FR adapter reads exactly one XML document from the ZIP.
@Suite(.tags(.python)) struct FRZipEntryTests {
    @Test func anExtraXMLDocumentIsRefusedNamingIt() throws {
        let sample = try ZipArchive(
            bytes: [UInt8](
                try Data(
                    contentsOf: RepositoryPaths.samples().appendingPathComponent("FR/PrixCarburants_instantane.zip"))),
            file: "sample")
        let xml = try sample.extract(try #require(sample.entry(named: "PrixCarburants_instantane.xml")))
        let extra = #"<?xml version="1.0" encoding="ISO-8859-1"?><pdv_liste></pdv_liste>"#
        let archive = try PythonZip.make([
            .init(name: "PrixCarburants_instantane.xml", content: .bytes(xml)),
            .init(name: "extra.xml", content: .bytes(Array(extra.utf8))),
        ])
        let error = try #require(throws: FeedError.self) {
            try FeedRun.files("FR", ["instantane.zip": archive])
        }
        #expect(error.country == "FR")
        #expect(error.location == "entry extra.xml")
        #expect(error.reason.contains("an XML document other than PrixCarburants_instantane.xml"))
        // A non-XML entry beside it is ignored.
        let withReadme = try PythonZip.make([
            .init(name: "PrixCarburants_instantane.xml", content: .bytes(xml)),
            .init(name: "LISEZMOI.txt", content: .bytes(Array("notes".utf8))),
        ])
        #expect(try FeedRun.files("FR", ["instantane.zip": withReadme]).stations.count == 200)
    }
}
