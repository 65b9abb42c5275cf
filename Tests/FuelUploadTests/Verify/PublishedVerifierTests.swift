import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelUpload
import Testing
import _FuelTestSupport

/// `fuel-publish verify` reads back what the live indexes name and names every object that is wrong.
@Suite(.tags(.server, .executable), .serverLogsOnFailure) struct PublishedVerifierTests {
    @Test func aSoundBucketPassesAndEveryKindOfDamageIsNamed() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        try Format2Fixture.day(0).build(into: bucket.out, layout: .both)
        _ = try await Publisher(settings: bucket.settings(layout: .both), log: LineCapture().sink).run()
        let command = [
            "verify", "--bucket", bucket.bucket, "--prefix", bucket.prefix, "--endpoint", bucket.endpoint,
        ]
        let environment = ["AWS_ACCESS_KEY_ID": bucket.accessKeyID, "AWS_SECRET_ACCESS_KEY": bucket.secret]
        let sound = try Executable.run("fuel-publish", command, environment: environment)
        #expect(sound.status == 0, "\(sound.stdout)\(sound.stderr)")
        #expect(sound.stdout.contains("all sound"), "\(sound.stdout)")

        // A format-2 tile altered under its name, a format-1 tile gone, a format-1 brands file that is not gzip.
        let index = try await bucket.liveIndex()
        let tile = try #require(index.tilePath(Format2Fixture.cell(of: "PT-1-0")))
        let client = try bucket.client()
        let gzip: [SigV4Signer.Field] = [.init("Content-Encoding", "gzip")]
        let altered = Gzip.compress(Array(#"{"version":1,"key":"x","stations":[]}"#.utf8))
        #expect(try await client.put(key: bucket.format2Prefix + tile, bytes: altered, headers: gzip).isSuccess)
        let gone = "tiles/\(Format2Fixture.cell(of: "PT-3-0")).json"
        #expect(try await client.delete(key: bucket.prefix + gone).isSuccess)
        #expect(
            try await client.put(key: bucket.prefix + "brands/PT.json", bytes: Array("plain".utf8), headers: [])
                .isSuccess)

        let reports = try await PublishedVerifier(
            settings: bucket.settings(layout: .both), all: true, log: LineCapture().sink
        ).run()
        let findings = reports.flatMap(\.findings)
        #expect(findings.count == 3, "\(findings)")
        #expect(
            findings.contains { $0.key == bucket.format2Prefix + tile && $0.problem.contains("its name promises") })
        #expect(findings.contains { $0.key == bucket.prefix + gone && $0.problem.contains("missing") })
        #expect(
            findings.contains { $0.key == bucket.prefix + "brands/PT.json" && $0.problem.contains("not valid gzip") })

        let damaged = try Executable.run("fuel-publish", command, environment: environment)
        #expect(damaged.status == 1)
        #expect(damaged.stdout.contains("wrong: \(bucket.format2Prefix)\(tile)"), "\(damaged.stdout)")
        #expect(damaged.stdout.contains("wrong: \(bucket.prefix)\(gone)"), "\(damaged.stdout)")
    }
}
