import Foundation
import FuelFeeds
import FuelFetch
import Testing
import _FuelTestSupport

/// A publisher whose certificate the system cannot verify (DGEG's chain has failed verification for other clients):
/// the fetch fails naming certificate verification, and a `caFile` beside `source.json` makes it pass, with
/// verification still on.
@Suite(.serverLogsOnFailure) struct FetchTLSTests {
    struct TLSServer {
        let harness: FetchHarness
        let certificates: TestCertificates
        let server: LocalServer

        init() throws {
            harness = try FetchHarness()
            certificates = try TestCertificates()
            server = try LocalServer(
                script: .feeds,
                arguments: [
                    "--root", harness.serverRoot.path, "--tls-cert", certificates.certificate.path, "--tls-key",
                    certificates.key.path,
                ])
        }

        var documentURL: String { "https://127.0.0.1:\(server.port)/files/ES/doc.json" }

        /// Rewrites ES's `source.json` to fetch over TLS, with or without the test CA beside it.
        func configure(caFile: String?) throws {
            var fetch: [String: FetchSettingValue] = ["url": .string(documentURL), "attempts": 1]
            if let caFile {
                let folder = harness.adapters.appendingPathComponent("ES")
                try FileManager.default.copyItem(at: certificates.authority, to: folder.appendingPathComponent(caFile))
                fetch["caFile"] = .string(caFile)
            }
            try FetchHarness.writeSource(country: "ES", fetch: fetch, into: harness.adapters)
        }
    }

    @Test(.tags(.server)) func withoutTheCAFileVerificationFailsAndSaysSo() async throws {
        let tls = try TLSServer()
        try tls.configure(caFile: nil)
        let report = try await tls.harness.fetcher(["ES"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.country == "ES")
        #expect(failure.reason.contains("TLS certificate verification failed"), "\(failure.reason)")
        #expect(failure.reason.contains("caFile"))
        #expect(tls.harness.feedFile("ES/EstacionesTerrestres.json") == nil)
    }

    @Test(.tags(.server)) func theCAFileBesideSourceJSONIsTrusted() async throws {
        let tls = try TLSServer()
        try tls.configure(caFile: "publisher-ca.pem")
        let report = try await tls.harness.fetcher(["ES"]).run()
        #expect(report.failures.isEmpty, "\(report.failures.map { String(describing: $0.error) })")
        #expect(tls.harness.feedFile("ES/EstacionesTerrestres.json") == Data(FetchHarness.spanishDocument))
    }

    @Test func theCAFileCountsForItsOwnHostOnly() throws {
        var settings = try SourceSettings.parse(
            country: "ES", fetch: try FetchSettings(["url": "https://feeds.example.org/x.json"], for: ESAdapter()),
            endpointOverride: nil,
            file: "/nowhere/source.json")
        settings.extraCertificateAuthorities = Array("-----BEGIN CERTIFICATE-----".utf8)
        settings.trustedHost = "feeds.example.org"
        #expect(settings.certificateAuthorities(for: "https://feeds.example.org/other.json") != nil)
        #expect(settings.certificateAuthorities(for: "https://FEEDS.example.org:8443/x") != nil)
        #expect(settings.certificateAuthorities(for: "https://cdn.example.org/x.json") == nil)
    }

    @Test(.tags(.server)) func aCAFileThatIsNotPEMIsRefusedNamingIt() async throws {
        let harness = try FetchHarness()
        let folder = harness.adapters.appendingPathComponent("ES")
        try Data("not a certificate".utf8).write(to: folder.appendingPathComponent("bad.pem"))
        try FetchHarness.writeSource(
            country: "ES", fetch: ["url": .string(harness.server.baseURL + "/files/ES/doc.json"), "caFile": "bad.pem"],
            into: harness.adapters)
        let report = try await harness.fetcher(["ES"]).run()
        let failure = try #require(report.failures.first?.error)
        #expect(failure.file.hasSuffix("ES/source.json"))
        #expect(failure.reason.contains("bad.pem holds no PEM certificate"), "\(failure.reason)")
    }
}
