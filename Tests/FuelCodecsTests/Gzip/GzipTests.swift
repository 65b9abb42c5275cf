import Foundation
import FuelCodecs
import Testing
import _FuelTestSupport

@Suite struct GzipTests {
    static let sample = Array(String(repeating: #"{"fuel":"diesel","price":1.339},"#, count: 2000).utf8)

    @Test func headerIsFixed() {
        let gzipped = Gzip.compress(Self.sample)
        // magic, deflate, no flags (no name), mtime 0, XFL 0, OS 3 (Unix).
        #expect(Array(gzipped.prefix(10)) == [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])
        // The trailer ends with the input's length, little-endian (2000 × 32 bytes = 64,000 = 0xFA00).
        #expect(Array(gzipped.suffix(4)) == [0x00, 0xFA, 0x00, 0x00])
    }

    @Test func incompressibleAndLargeInputsRoundTrip() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<(1 << 20)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let large = Array(repeating: Self.sample, count: 50).flatMap { $0 }
        for input in [noise, large, [0x41]] {
            let gzipped = Gzip.compress(input)
            #expect(try Gzip.decompress(gzipped) == input)
        }
        // Incompressible data grows by little more than the wrapper.
        #expect(Gzip.compress(noise).count < noise.count + noise.count / 100 + 64)
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
        let result = try CapturedRun.run("gzip", ["-dc", url.path])
        #expect(result.status == 0)
        #expect([UInt8](result.stdoutBytes) == Self.sample)
    }

    /// Every member is read, as gzip(1) and HTTP stacks read them: the JSON a reader receives.
    @Test func concatenatedMembersAreAllRead() throws {
        let first = Array(Self.sample.prefix(100))
        let rest = Array(Self.sample.dropFirst(100))
        #expect(try Gzip.decompress(Gzip.compress(first) + Gzip.compress(rest)) == Self.sample)
        #expect(try Gzip.decompress(Gzip.compress(first) + Gzip.compress(rest) + [0, 0, 0]) == Self.sample)
        #expect(throws: GzipError.self) { try Gzip.decompress(Gzip.compress(first) + Array("garbage".utf8)) }
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
