import Foundation
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``ParseOrder``: large feeds are parsed largest first, a ZIP counted by what it inflates to; feeds of the real
/// size keep the registry's order.
@Suite(.tags(.python)) struct ParseOrderTests {
    @Test func largeFeedsGoLargestFirstAndAZipCountsInflated() throws {
        let feeds = RepositoryPaths.temporaryDirectory("parse-order")
        defer { try? FileManager.default.removeItem(at: feeds) }
        func write(_ country: String, _ name: String, _ bytes: [UInt8]) throws {
            let folder = feeds.appendingPathComponent(country)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        try write("AT", "a.json", Array(repeating: 0x20, count: 20_000))
        try write("ES", "b.json", Array(repeating: 0x20, count: 30_000))
        try write("ES", "_regions.json", Array(repeating: 0x20, count: 90_000))  // not a feed file: not counted
        try write("PT", "c.json", Array(repeating: 0x20, count: 30_000))
        // About 60 bytes on disk, 50,000 once inflated: the largest.
        try write("FR", "feed.zip", try PythonZip.make([.init(name: "feed.xml", content: .zeros(50_000))]))
        let zip = feeds.appendingPathComponent("FR/feed.zip")
        #expect(try #require(FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int) < 1_000)

        let countries = ["AT", "ES", "FR", "IT", "PT"]
        // 130,000 bytes as parsed: above a limit of 100,000 they are large, below one of 200,000 they are not.
        #expect(ParseOrder.ordered(countries, in: feeds, largeFeedBytes: 100_000) == ["FR", "ES", "PT", "AT", "IT"])
        #expect(ParseOrder.ordered(countries, in: feeds, largeFeedBytes: 200_000) == countries)
        #expect(ParseOrder.parsedBytes(feeds.appendingPathComponent("FR")) == 50_000)
    }
}
