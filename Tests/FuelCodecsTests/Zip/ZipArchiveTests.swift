import Foundation
import Testing
import _FuelTestSupport

@testable import FuelCodecs

@Suite(.tags(.python)) struct ZipArchiveTests {
    /// A few kilobytes of Latin-1 text with some variety, so deflate has real work to do.
    static let sampleText: [UInt8] = {
        var bytes: [UInt8] = []
        for index in 0..<2000 {
            bytes += Array("<pdv id=\"\(1_000_000 + index * 7)\" latitude=\"\(4_620_114 - index * 13)\">".utf8)
            bytes += [
                0x43, 0x61, 0x72, 0x62, 0x75, 0x72, 0x61, 0x6E, 0x74, 0x20, 0x61, 0x64, 0x64, 0x69, 0x74, 0x69, 0x76,
                0xE9,
            ]
            bytes += [0x0A]
        }
        return bytes
    }()

    typealias RoundTrip = NamedCase<(method: String, streamed: Bool)>

    static let roundTrips: [RoundTrip] = [
        RoundTrip("deflate", (method: "deflate", streamed: false)),
        RoundTrip("stored", (method: "stored", streamed: false)),
        RoundTrip("deflate with a data descriptor", (method: "deflate", streamed: true)),
        RoundTrip("stored with a data descriptor", (method: "stored", streamed: true)),
    ]

    @Test(arguments: roundTrips)
    func readsWhatPythonWrote(_ trip: RoundTrip) throws {
        let bytes = try PythonZip.make([
            .init(name: "first.xml", content: .bytes(Self.sampleText), method: trip.method, streamed: trip.streamed),
            .init(
                name: "dir/second.txt", content: .bytes(Array("hello".utf8)), method: trip.method,
                streamed: trip.streamed),
        ])
        let archive = try ZipArchive(bytes: bytes, file: "test.zip")
        #expect(archive.entries.map(\.name) == ["first.xml", "dir/second.txt"])
        let first = try #require(archive.entry(named: "first.xml"))
        #expect(first.method == (trip.method == "deflate" ? 8 : 0))
        #expect((first.flags & 0x8 != 0) == trip.streamed)
        #expect(try archive.extract(first) == Self.sampleText)
        #expect(try archive.extract(archive.entries[1]) == Array("hello".utf8))
    }

    @Test func emptyEntry() throws {
        let archive = try ZipArchive(
            bytes: try PythonZip.make([.init(name: "empty", content: .bytes([]))]), file: "e.zip")
        #expect(try archive.extract(archive.entries[0]) == [])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var label: String
        /// Makes the archive bytes.
        var make: @Sendable () throws -> [UInt8]
        var limits: ZipLimits = .standard
        /// The entry the error must name; nil when the archive as a whole is bad.
        var entry: String?
        /// Words the reason must contain.
        var reason: String
        var testDescription: String { label }
    }

    static let refusals: [Refusal] = [
        Refusal(
            label: "zip bomb: 60 MB of zeros, about 1000:1",
            make: { try PythonZip.make([.init(name: "bomb.xml", content: .zeros(60_000_000))]) },
            entry: "bomb.xml", reason: "zip bomb"),
        Refusal(
            label: "zip bomb whose header claims a small size",
            make: {
                var bytes = try PythonZip.make([.init(name: "bomb.xml", content: .zeros(60_000_000))])
                patchSizes(&bytes, uncompressed: 1000)
                return bytes
            },
            entry: "bomb.xml", reason: "more than the 1000 bytes the directory declares"),
        Refusal(
            label: "entry larger than the size limit, even at a modest ratio",
            make: { try PythonZip.make([.init(name: "big.txt", content: .text(3_000_000))]) },
            limits: ZipLimits(maxEntryBytes: 2_000_000), entry: "big.txt", reason: "more than the limit of 2000000"),
        Refusal(
            label: "header declaring more than 200 MB",
            make: {
                var bytes = try PythonZip.make([.init(name: "huge.txt", content: .bytes(Array("x".utf8)))])
                patchSizes(&bytes, uncompressed: 250_000_000)
                return bytes
            },
            entry: "huge.txt", reason: "more than the limit"),
        Refusal(
            label: "truncated archive (first half)",
            make: {
                let bytes = try PythonZip.make([.init(name: "a.xml", content: .bytes(sampleText))])
                return Array(bytes.prefix(bytes.count / 2))
            },
            entry: nil, reason: "truncated"),
        Refusal(
            label: "truncated compressed data under an intact directory",
            make: {
                var bytes = try PythonZip.make([.init(name: "a.xml", content: .bytes(sampleText))])
                patchSizes(&bytes, compressed: 100)
                return bytes
            },
            entry: "a.xml", reason: "truncated"),
        Refusal(
            label: "bad CRC: one stored byte changed",
            make: {
                var bytes = try PythonZip.make([.init(name: "a.xml", content: .bytes(sampleText), method: "stored")])
                bytes[30 + 5 + 100] ^= 0x01
                return bytes
            },
            entry: "a.xml", reason: "CRC-32 mismatch"),
        Refusal(
            label: "bad CRC in the directory",
            make: {
                var bytes = try PythonZip.make([.init(name: "a.xml", content: .bytes(sampleText))])
                let directory = centralDirectoryOffset(bytes)
                bytes[directory + 16] ^= 0xFF
                return bytes
            },
            entry: "a.xml", reason: "CRC-32 mismatch"),
        Refusal(
            label: "an HTML error page instead of an archive",
            make: { Array("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>".utf8) },
            entry: nil, reason: "not a ZIP archive"),
        Refusal(
            label: "corrupt deflate data",
            make: {
                var bytes = try PythonZip.make([.init(name: "a.xml", content: .bytes(sampleText))])
                for offset in 40..<60 { bytes[offset] = 0xFF }
                return bytes
            },
            entry: "a.xml", reason: "corrupt"),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        let bytes = try refusal.make()
        let error = #expect(throws: ZipError.self) {
            let archive = try ZipArchive(bytes: bytes, file: "/feeds/FR/x.zip")
            for entry in archive.entries { _ = try archive.extract(entry, limits: refusal.limits) }
        }
        #expect(error?.file == "/feeds/FR/x.zip")
        #expect(error?.entry == refusal.entry)
        #expect(error?.reason.contains(refusal.reason) == true, "\(String(describing: error))")
        #expect(error?.description.contains("/feeds/FR/x.zip") == true)
    }

    /// Offset of the (only) central directory record.
    static func centralDirectoryOffset(_ bytes: [UInt8]) -> Int {
        let end = bytes.count - 22
        return Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16 | Int(bytes[end + 19])
            << 24
    }

    /// Rewrites the sizes of the first entry in both its local header and the central directory.
    static func patchSizes(_ bytes: inout [UInt8], compressed: Int? = nil, uncompressed: Int? = nil) {
        func put(_ value: Int, at offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8((value >> (8 * index)) & 0xFF) }
        }
        let directory = centralDirectoryOffset(bytes)
        if let compressed {
            put(compressed, at: 18)
            put(compressed, at: directory + 20)
        }
        if let uncompressed {
            put(uncompressed, at: 22)
            put(uncompressed, at: directory + 24)
        }
    }
}
