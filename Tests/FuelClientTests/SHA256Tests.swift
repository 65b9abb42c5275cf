import FuelClient
import FuelCodecs
import Testing
import _FuelTestSupport

/// The client's SHA-256 gives the digests of FIPS 180-2's examples, and the same digests as the publisher's
/// (`FuelCodecs`' `Digest.sha256`, over libcrypto), which names format-2 files.
@Suite struct SHA256Tests {
    typealias Example = NamedCase<(message: [UInt8], digest: String)>

    static let examples = [
        Example(
            "empty",
            (
                message: [],
                digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
            )),
        Example(
            "abc",
            (
                message: Array("abc".utf8),
                digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
            )),
        Example(
            "two blocks (448 bits)",
            (
                message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            )),
        Example(
            "a million a",
            (
                message: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
                digest: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
            )),
    ]

    @Test(arguments: examples)
    func fipsExamples(_ example: Example) {
        #expect(SHA256.hexDigest(of: example.message) == example.digest)
    }

    /// Every length around the block and padding edges (55, 56, 63, 64, 119, 120 …), and a few larger ones.
    @Test func agreesWithThePublishersDigestAtEveryLengthAroundTheBlockEdges() {
        var seed: UInt32 = 0x2545_F491
        for length in Array(0...300) + [1_000, 4_095, 4_096, 65_537] {
            let bytes = (0..<length).map { _ -> UInt8 in
                seed = seed &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: seed >> 24)
            }
            #expect(SHA256.digest(bytes) == Digest.sha256(bytes), "length \(length)")
        }
    }
}
