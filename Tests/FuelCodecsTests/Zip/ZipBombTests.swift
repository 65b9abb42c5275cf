import Foundation
import Testing
import _FuelTestSupport

@testable import FuelCodecs

/// Hostile archives in place of the FR feed: records that all point at one deflate stream, too many
/// entries. Each is refused before anything large is inflated.
@Suite(.tags(.python)) struct ZipBombTests {
    @Test func recordsSharingOneStreamAreRefusedBeforeInflating() throws {
        let bomb = try PythonZip.overlapping(copies: 3)
        let error = try #require(throws: ZipError.self) {
            try ZipArchive(bytes: bomb, file: "bomb.zip")
        }
        #expect(error.entry == "d000001.xml")
        #expect(error.reason.contains("overlaps or precedes the entry before it (d000000.xml)"), "\(error.reason)")
    }

    @Test func moreEntriesThanAFeedHoldsAreRefused() throws {
        let bomb = try PythonZip.overlapping(copies: 40)
        let error = try #require(throws: ZipError.self) { try ZipArchive(bytes: bomb, file: "bomb.zip") }
        #expect(error.reason == "lists 40 entries, more than the 16 a feed archive may hold")
    }
}
