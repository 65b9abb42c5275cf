import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// `NearbyError` is a code to branch on and a message to show; the codes' raw values are part of the API.
@Suite struct NearbyErrorTests {
    struct CodeCase: Sendable, CustomTestStringConvertible {
        let code: NearbyError.Code
        let rawValue: String
        var testDescription: String { rawValue }
    }

    /// Every code this release throws, with the raw value apps may have stored or logged: renaming one breaks them.
    static let codes = [
        CodeCase(code: .invalidQuery, rawValue: "invalid-query"),
        CodeCase(code: .indexUnavailable, rawValue: "index-unavailable"),
        CodeCase(code: .indexServerError, rawValue: "index-server-error"),
        CodeCase(code: .unsupportedTileVersion, rawValue: "unsupported-tile-version"),
        CodeCase(code: .incompatibleGrid, rawValue: "incompatible-grid"),
        CodeCase(code: .unsupportedIndexVersion, rawValue: "unsupported-index-version"),
        CodeCase(code: .tilesUnavailable, rawValue: "tiles-unavailable"),
        CodeCase(code: .deadlineExceeded, rawValue: "deadline-exceeded"),
        CodeCase(code: .hashMismatch, rawValue: "hash-mismatch"),
        CodeCase(code: .idsUnavailable, rawValue: "ids-unavailable"),
    ]

    @Test(arguments: codes)
    func codesKeepTheirRawValues(_ codeCase: CodeCase) {
        #expect(codeCase.code.rawValue == codeCase.rawValue)
        #expect(NearbyError.Code(rawValue: codeCase.rawValue) == codeCase.code)
        #expect(codeCase.code.description == codeCase.rawValue)
    }

    @Test func codesAreDistinct() {
        #expect(Set(Self.codes.map(\.code)).count == Self.codes.count)
    }

    /// `docs/format.md`'s table of codes, under "A lookup's answer", lists exactly these.
    @Test func theFormatDocumentListsEveryCode() throws {
        let text = try String(
            contentsOf: RepositoryPaths.root().appendingPathComponent("docs/format.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## A lookup's answer\n").last)
        let table = try #require(section.components(separatedBy: "\n| code | meaning |\n|---|---|\n").dropFirst().first)
        let documented = table.split(separator: "\n").prefix { $0.hasPrefix("| `") }.map {
            String($0.dropFirst(3).prefix { $0 != "`" })
        }
        #expect(documented.sorted() == Self.codes.map(\.rawValue).sorted())
    }

    @Test func aCodeFromALaterReleaseIsJustAnotherValue() {
        let later = NearbyError(code: NearbyError.Code(rawValue: "rate-limited"), message: "slow down")
        #expect(!Self.codes.map(\.code).contains(later.code))
        #expect(later.description == "slow down")
        #expect("\(later)" == "slow down")
        #expect(later == NearbyError(code: NearbyError.Code(rawValue: "rate-limited"), message: "slow down"))
        #expect(later != NearbyError(code: .tilesUnavailable, message: "slow down"))
        #expect(later.failedTiles.isEmpty)
    }

    /// A transport that answers 500 only after two minutes, unless the lookup gives up first and cancels it.
    struct SilentTransport: TileTransport {
        func send(_ request: TileRequest) async throws -> TileResponse {
            try await Task.sleep(nanoseconds: 120_000_000_000)
            return TileResponse(status: 500)
        }
    }

    @Test func aLookupPastItsDeadlineFailsWithDeadlineExceeded() async throws {
        let client = TileClient(
            base: URL(string: "http://127.0.0.1:9")!, transport: SilentTransport(),
            policy: TileCachePolicy(lookupDeadline: 0.2))
        let error = await #expect(throws: NearbyError.self) {
            try await client.stationsAround(latitude: 38.52, longitude: -8.98)
        }
        // Without the deadline the 500 would fail the lookup as index-unavailable, two minutes later. No bound on
        // the elapsed time: a loaded machine delays the deadline's timer, not its outcome.
        #expect(error?.code == .deadlineExceeded)
        #expect(error?.message.contains("within its 0.2 s deadline") == true, "\(String(describing: error))")
    }
}
