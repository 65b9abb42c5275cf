import Foundation
import FuelBuild
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
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
        // A format-1 id shard gone: format 2's index of the same build names it (R13).
        let shard = "ids/\(try #require(index.ids?.keys.sorted().first)).json"
        #expect(try await client.delete(key: bucket.prefix + shard).isSuccess)
        #expect(
            try await client.put(key: bucket.prefix + "brands/PT.json", bytes: Array("plain".utf8), headers: [])
                .isSuccess)

        let reports = try await PublishedVerifier(
            settings: bucket.settings(layout: .both), all: true, log: LineCapture().sink
        ).run()
        let findings = reports.flatMap(\.findings)
        #expect(findings.count == 4, "\(findings)")
        #expect(findings.contains { $0.key == bucket.prefix + shard && $0.problem.contains("missing") })
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

    /// A format-1 tile re-uploaded with a price raised by 0.10, as valid gzip whose ETag matches its bytes, is named:
    /// format 2's index of the same build names the hash of the tile's JSON. With format 1 alone, the report says
    /// that contents were not checked.
    @Test func aTamperedFormatOneTileIsNamedAndWithoutAnAnchorTheReportSaysSo() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        try Format2Fixture.day(0).build(into: bucket.out, layout: .both)
        _ = try await Publisher(settings: bucket.settings(layout: .both), log: LineCapture().sink).run()
        let client = try bucket.client()
        let path = "tiles/\(Format2Fixture.cell(of: "PT-1-0")).json"
        let stored = try await client.get(key: bucket.prefix + path)
        var text = try #require(String(bytes: try Gzip.decompress(stored.body, limit: 1 << 20), encoding: .utf8))
        let price = try #require(text.firstMatch(of: #/"price":(\d+\.\d+)/#))
        let raised = String(format: "%.3f", try #require(Double(price.output.1)) + 0.10)
        text.replaceSubrange(price.range, with: "\"price\":\(raised)")
        let gzip: [SigV4Signer.Field] = [.init("Content-Encoding", "gzip")]
        #expect(
            try await client.put(key: bucket.prefix + path, bytes: Gzip.compress(Array(text.utf8)), headers: gzip)
                .isSuccess)

        let reports = try await PublishedVerifier(
            settings: bucket.settings(layout: .both), all: false, log: LineCapture().sink
        ).run()
        let findings = reports.flatMap(\.findings)
        #expect(findings.map(\.key) == [bucket.prefix + path], "\(findings)")
        #expect(findings.first?.problem.contains("changed after it was published") == true, "\(findings)")
        #expect(reports.first?.anchor == .format2Index)

        let alone = try await PublishedVerifier(
            settings: bucket.settings(layout: .v1), all: false, log: LineCapture().sink
        ).run()
        #expect(alone.count == 1)
        // Format 2 is still published, so format 1 alone is held to it too.
        #expect(alone.first?.findings.map(\.key) == [bucket.prefix + path])

        // A format-2 index of another build is no anchor: only the form is checked, and the line says so.
        let other = try await bucket.liveIndex()
        var moved = other
        moved.builtAt = other.builtAt.addingTimeInterval(3600)
        let encoded = try JSONEncoder().encode(moved)
        #expect(
            try await client.put(
                key: bucket.format2Prefix + Format2.indexPath, bytes: Gzip.compress(Array(encoded)), headers: gzip
            ).isSuccess)
        let unanchored = try await PublishedVerifier(
            settings: bucket.settings(layout: .v1), all: false, log: LineCapture().sink
        ).run()
        #expect(unanchored.first?.findings.isEmpty == true)
        #expect(unanchored.first?.line.contains("contents NOT checked") == true, "\(unanchored.first?.line ?? "")")
    }

    /// R15: the root must be the live index's projection, and every part a leaf lists must be in the bucket with the
    /// hash the leaf gives.
    @Test func aStaleRootAndAnAlteredPartAreNamed() async throws {
        let bucket = try await Format2Bucket.make(.moto)
        // Split every tile, so that the fixture's tiles have parts.
        try Format2Fixture.day(0).build(into: bucket.out, layout: .v2, splitTileBytes: 1)
        let settings = try bucket.settings(layout: .v2)
        _ = try await Publisher(settings: settings, log: LineCapture().sink).run()
        let sound = try await PublishedVerifier(settings: settings, all: false, log: LineCapture().sink).run()
        #expect(sound.flatMap(\.findings).isEmpty, "\(sound)")
        let local = try LocalFormat2.load(from: bucket.out)
        let part = try #require(local.objects.first { $0.path.hasPrefix("\(Format2.partsFolder)/") })
        let previousRoot = try #require(local.rootObject)

        // The next build changes a price; then its root is put back to the first build's, and a part is altered.
        try Format2Fixture.day(1, changed: ["PT-2-0": 1.61]).build(into: bucket.out, layout: .v2, splitTileBytes: 1)
        _ = try await Publisher(settings: try bucket.settings(layout: .v2), log: LineCapture().sink).run()
        let client = try bucket.client()
        let gzip: [SigV4Signer.Field] = [.init("Content-Encoding", "gzip")]
        #expect(
            try await client.put(key: bucket.format2Prefix + Format2.rootPath, bytes: previousRoot.bytes, headers: gzip)
                .isSuccess)
        let altered = Gzip.compress(Array(#"{"version":1,"key":"0_0","part":"00","stations":[]}"#.utf8))
        #expect(try await client.put(key: bucket.format2Prefix + part.path, bytes: altered, headers: gzip).isSuccess)

        let reports = try await PublishedVerifier(
            settings: try bucket.settings(layout: .v2), all: false, log: LineCapture().sink
        ).run()
        let findings = reports.flatMap(\.findings)
        #expect(findings.count == 2, "\(findings)")
        #expect(
            findings.contains {
                $0.key == bucket.format2Prefix + Format2.rootPath && $0.problem.contains("not the projection")
            }, "\(findings)")
        #expect(
            findings.contains { $0.key == bucket.format2Prefix + part.path && $0.problem.contains("its leaf gives") },
            "\(findings)")
    }
}
