import Foundation
import FuelFeeds
import FuelFetch
import Testing
import _FuelTestSupport

/// `fuel-publish fetch --check`: the built executable with the repository's `adapters/`, every endpoint pointed at
/// the local feed server (over TLS with a test CA where the test says so).
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct FetchCheckTests {
    static func check(_ harness: FetchHarness, _ environment: [String: String] = [:], countries: String? = nil) throws
        -> Executable.Result
    {
        var arguments = [
            "fetch", "--check", "--adapters", RepositoryPaths.adapters().path, "--feeds", harness.feeds.path,
        ]
        if let countries { arguments += ["--countries", countries] }
        return try Executable.run(
            "fuel-publish", arguments,
            environment: harness.endpointEnvironment.merging(environment) { $1 })
    }

    /// The cells of the printed table's rows (IT has two, one per file); cells are apart by two spaces or more.
    static func rows(_ result: Executable.Result) -> [[String]] {
        result.stdout.split(separator: "\n").dropFirst().map {
            $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    @Test func allFiveUsableExitZeroWithATable() async throws {
        let harness = try FetchHarness()
        let result = try Self.check(harness)
        #expect(result.status == 0, "\(result.stderr)")
        let header = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasPrefix("country  status  tls"))
        let rows = Self.rows(result)
        #expect(rows.map(\.[0]) == ["AT", "ES", "FR", "IT", "IT", "PT"])
        #expect(rows.allSatisfy { $0[1] == "200" && $0[2] == "none" && $0[3] == "ok" })
        #expect(result.stdout.contains("3 districts"))
        #expect(result.stdout.contains("40 stations"))
        #expect(result.stdout.contains("5 rows"))  // PT: the Quantidade of a one-row page
        #expect(result.stdout.contains("Estrazione del 2026-08-21"))
        // One light request each, and nothing written to the feeds folder.
        let requests = try await harness.requests()
        #expect(requests.count == 6)
        #expect(
            requests.first { $0.path.hasSuffix("PesquisarPostos") }?.query.hasSuffix("qtdPorPagina=1&pagina=1") == true)
        #expect(harness.folderListing("PT").isEmpty)
        #expect(try harness.manifest() == nil)
    }

    @Test func aShapeFailureExitsOneNamingTheCountry() async throws {
        let harness = try FetchHarness()
        try await harness.program(path: "/files/ES/doc.json", faults: [["kind": "html", "times": -1]])
        try FetchHarness.write(Array("{}".utf8), to: harness.serverRoot.appendingPathComponent("AT-api/regions.json"))
        let result = try Self.check(harness, countries: "AT,ES,FR")
        #expect(result.status == 1)
        let rows = Dictionary(Self.rows(result).map { ($0[0], $0) }) { first, _ in first }
        #expect(rows["ES"]?[6] == "NO")
        #expect(rows["AT"]?[3] == "no")
        #expect(rows["FR"]?[6] == "yes")
        #expect(result.stderr.contains("error: not usable: AT, ES"), "\(result.stderr)")
        #expect(result.stderr.contains("HTML page"))
    }

    @Test func anUnverifiableCertificateIsShownAsTLSFailed() async throws {
        let harness = try FetchHarness()
        let certificates = try TestCertificates()
        let server = try LocalServer(
            script: .feeds,
            arguments: [
                "--root", harness.serverRoot.path, "--tls-cert", certificates.certificate.path, "--tls-key",
                certificates.key.path,
            ])
        let result = try Self.check(
            harness, ["FUEL_ENDPOINT_ES": "https://127.0.0.1:\(server.port)/files/ES/doc.json"], countries: "ES")
        #expect(result.status == 1)
        let row = try #require(Self.rows(result).first)
        #expect(row[1] == "-" && row[2] == "failed" && row[6] == "NO", "\(row)")
        #expect(result.stderr.contains("TLS certificate verification failed"))
    }
}
