import Foundation
import Testing
import _FuelTestSupport

@testable import FuelPublish

@Suite struct GzipTests {
    static let sample = Array(String(repeating: #"{"fuel":"diesel","price":1.339},"#, count: 2000).utf8)

    @Test func headerIsFixed() {
        let gzipped = Gzip.compress(Self.sample)
        // magic, deflate, no flags (no name), mtime 0, XFL 2 (level 9), OS 3 (Unix).
        #expect(Array(gzipped.prefix(10)) == [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03])
    }

    @Test func sameInputSameBytes() {
        #expect(Gzip.compress(Self.sample) == Gzip.compress(Self.sample))
        #expect(Gzip.compress([]) == Gzip.compress([]))
    }

    @Test func roundTrips() throws {
        #expect(try Gzip.decompress(Gzip.compress(Self.sample)) == Self.sample)
        #expect(try Gzip.decompress(Gzip.compress([])) == [])
    }

    @Test func systemGunzipReadsIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString).json.gz")
        try Data(Gzip.compress(Self.sample)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let (status, output) = try SystemTool.run("gzip", ["-dc", url.path])
        #expect(status == 0)
        #expect([UInt8](output) == Self.sample)
    }

    @Test func truncatedAndGarbageAreErrors() {
        let gzipped = Gzip.compress(Self.sample)
        #expect(throws: GzipError.self) { try Gzip.decompress(Array(gzipped.prefix(gzipped.count / 2))) }
        #expect(throws: GzipError.self) { try Gzip.decompress(Array("not gzip".utf8)) }
    }
}

extension GzipTests {
    @Test func aReusedCompressorGivesTheSameBytesAsAFreshOne() throws {
        let compressor = GzipCompressor()
        let inputs = [Self.sample, [], Array("small".utf8), Self.sample.reversed()]
        for input in inputs + inputs {
            let reused = compressor.compress(input)
            #expect(reused == Gzip.compress(input))
            #expect(try Gzip.decompress(reused) == input)
        }
    }
}
