import Foundation
import FuelCodecs
import Testing

@Suite struct DigestTests {
    @Test func knownVectors() {
        #expect(
            Digest.hex(Digest.sha256(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.hex(Digest.md5(Array("".utf8))) == "d41d8cd98f00b204e9800998ecf8427e")
        // RFC 4231 test case 2.
        #expect(
            Digest.hex(Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func fileDigestMatchesInMemory() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try Digest.sha256(fileAt: url) == Digest.sha256(bytes))
    }
}
