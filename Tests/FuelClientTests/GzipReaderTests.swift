import Foundation
import FuelClient
import Testing
import _FuelTestSupport

/// The pure-Swift gzip reader against the system `gzip` tool: every block type, levels, multi-member files, damage.
@Suite struct GzipReaderTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let level: Int
        var testDescription: String { "\(name) at -\(level)" }
    }

    static var samples: [Sample] {
        var generator = SplitMix(seed: 42)
        let random = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let text = Array(
            String(repeating: #"{"fuel":"diesel","price":1.579,"updated":"2025-09-27T16:05:47Z"},"#, count: 2_000)
                .utf8)
        let skewed = (0..<100_000).map { _ in UInt8(97 + (generator.next() % 5) * (generator.next() % 7)) }
        let tile = Array(try! Data(contentsOf: RepositoryPaths.root().appendingPathComponent("Package.swift")))
        var samples: [Sample] = []
        for level in [1, 6, 9] {
            samples.append(Sample(name: "empty", bytes: [], level: level))
            samples.append(Sample(name: "one byte", bytes: [0x41], level: level))
            samples.append(Sample(name: "random bytes (stored blocks)", bytes: random, level: level))
            samples.append(Sample(name: "repetitive JSON (long matches)", bytes: text, level: level))
            samples.append(Sample(name: "skewed alphabet (dynamic trees)", bytes: skewed, level: level))
            samples.append(Sample(name: "source text", bytes: tile, level: level))
        }
        return samples
    }

    @Test(arguments: samples)
    func decompressesWhatGzipWrote(_ sample: Sample) throws {
        let zipped = try systemGzip(sample.bytes, level: sample.level)
        #expect(GzipReader.isGzip(zipped))
        #expect(try GzipReader.decompress(zipped) == sample.bytes)
    }

    @Test func readsConcatenatedMembersAndNamedHeaders() throws {
        let first = Array("first member\n".utf8)
        let second = Array("second member\n".utf8)
        // `gzip` without -n stores the file name (FNAME), exercising the optional header fields.
        let named = try systemGzip(first, level: 6, keepName: true)
        #expect(named[3] & 0x08 != 0)
        let joined = named + (try systemGzip(second, level: 9))
        #expect(try GzipReader.decompress(joined) == first + second)
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable ([UInt8]) -> [UInt8]
        let reason: String
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "truncated body", change: { Array($0.prefix($0.count / 2)) }, reason: "end"),
        Damage(name: "flipped CRC", change: changing(fromEnd: 6, by: 0xFF), reason: "CRC-32"),
        Damage(name: "wrong length", change: changing(fromEnd: 4, by: 0x01), reason: "length"),
        Damage(name: "not gzip", change: { _ in Array("{\"a\":1} plus some more bytes".utf8) }, reason: "magic"),
        Damage(name: "bad method", change: changing(at: 2, to: 7), reason: "compression method"),
    ]

    /// The gzip bytes with the byte `offset` from the end XORed with `mask`.
    static func changing(fromEnd offset: Int, by mask: UInt8) -> @Sendable ([UInt8]) -> [UInt8] {
        { bytes in
            var bytes = bytes
            bytes[bytes.count - offset] ^= mask
            return bytes
        }
    }

    /// The gzip bytes with the byte at `index` replaced by `value`.
    static func changing(at index: Int, to value: UInt8) -> @Sendable ([UInt8]) -> [UInt8] {
        { bytes in
            var bytes = bytes
            bytes[index] = value
            return bytes
        }
    }

    @Test(arguments: damages)
    func rejectsDamagedData(_ damage: Damage) throws {
        let zipped = try systemGzip(Array(String(repeating: "fuel tiles ", count: 500).utf8), level: 9)
        let error = #expect(throws: GzipReaderError.self) { try GzipReader.decompress(damage.change(zipped)) }
        #expect(error?.reason.contains(damage.reason) == true, "\(String(describing: error))")
        #expect(error?.isOverLimit == false)
    }

    @Test func refusesOutputBeyondTheLimit() throws {
        let zipped = try systemGzip([UInt8](repeating: 0, count: 1 << 20), level: 9)
        #expect(zipped.count < 2_000)
        let error = #expect(throws: GzipReaderError.self) { try GzipReader.decompress(zipped, limit: 1 << 16) }
        #expect(error?.reason.contains("larger than") == true)
        #expect(error?.isOverLimit == true)
    }

    private func systemGzip(_ bytes: [UInt8], level: Int, keepName: Bool = false) throws -> [UInt8] {
        let folder = RepositoryPaths.temporaryDirectory("gzip-test")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sample.txt")
        try Data(bytes).write(to: file)
        let arguments = (keepName ? [] : ["-n"]) + ["-\(level)", file.path]
        try #require(try CapturedRun.run("gzip", arguments).status == 0)
        return Array(try Data(contentsOf: folder.appendingPathComponent("sample.txt.gz")))
    }
}
