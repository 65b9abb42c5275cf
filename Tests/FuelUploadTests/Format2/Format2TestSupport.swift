import Foundation
import FuelBuild
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelHTTP
import FuelPublishing
import FuelUpload
import Testing
import _FuelTestSupport

/// A small real build: ten Portuguese stations in five cells, priced per station, built the way `fuel-publish build`
/// builds (the assembler's files staged, then swapped in behind `OUT/fuel`). Price times and the feed time stay
/// those of the first day, so a changed price changes its cell's tile and nothing else (in a real daily run the feed
/// time moves too, and with it `sources.json`).
struct Format2Fixture {
    static let firstDay = Date(timeIntervalSince1970: 1_796_101_200)  // 2026-12-01T05:00:00Z

    var builtAt: Date
    /// Diesel price by station id.
    var prices: [String: Double]

    /// Station ids by cell: `PT-<cell>-<n>`, two per cell, cells 0.5° apart along 8.6° W.
    static let stationIDs = (0..<5).flatMap { cell in (0..<2).map { "PT-\(cell)-\($0)" } }

    /// The build of day `day` (0 for the first), all prices 1.50 unless `changed`.
    static func day(_ day: Int, changed: [String: Double] = [:]) -> Format2Fixture {
        var prices = Dictionary(uniqueKeysWithValues: stationIDs.map { ($0, 1.50) })
        prices.merge(changed) { $1 }
        return Format2Fixture(builtAt: firstDay.addingTimeInterval(Double(day) * 86_400), prices: prices)
    }

    /// The key of the cell holding a station.
    static func cell(of id: String) -> String {
        let (latitude, longitude) = position(id)
        return Grid.standard.key(latitude: latitude, longitude: longitude).description
    }

    /// Where station `PT-<cell>-<n>` stands.
    static func position(_ id: String) -> (latitude: Double, longitude: Double) {
        let parts = id.split(separator: "-")
        let cell = Double(parts[1]) ?? 0
        let number = Double(parts[2]) ?? 0
        return (38.2 + cell * 0.5, -8.6 + number * 0.01)
    }

    var dataset: CountryDataset {
        CountryDataset(
            config: .testing(country: "PT", boxes: []),
            stations: Self.stationIDs.map { id in
                let (latitude, longitude) = Self.position(id)
                return Station(
                    id: id, country: "PT", brand: "Galp", latitude: latitude, longitude: longitude,
                    prices: [FuelPrice(fuel: .diesel, price: prices[id] ?? 1.5, updated: Self.firstDay)])
            },
            referenceTime: Self.firstDay)
    }

    /// Builds into `OUT` in `layout`, following whatever `OUT/fuel` held (for the index's `previous`).
    /// - Parameter splitTileBytes: format 2's tiles longer than this are also written in parts (R15).
    func build(
        into out: URL, layout: PublishLayout, splitTileBytes: Int = Format2.defaultSplitTileBytes
    ) throws {
        let output = OutputDirectory(root: out)
        let lock = try output.lock()
        let previous = try output.readPublished()?.index.builtAt
        let assembly = DatasetAssembler.assemble([dataset], builtAt: builtAt)
        let staged = try output.stage(buildName: "\(Format2.buildName(builtAt))-\(UUID())", layout: layout)
        if layout.includesV1 { for file in assembly.files { try staged.write(file) } }
        if layout.includesV2 {
            for file in Format2Assembler.files(for: assembly, previous: previous, splitTileBytes: splitTileBytes) {
                try staged.write(file)
            }
        }
        try output.commit(staged)
        withExtendedLifetime(lock) {}
    }
}

/// The two independent S3 implementations every format-2 bucket test runs against.
enum S3Implementation: String, CaseIterable, Sendable {
    /// SeaweedFS's S3 gateway, SigV4 checked, with the default prefix `fuel/` (so `fuel/v2/`).
    case seaweedfs
    /// moto behind the re-signing proxy (moto mis-verifies `%2F` in a query), under a prefix of the test's own.
    case moto
}

/// A test's own corner of a bucket on one implementation, and uploads into it.
struct Format2Bucket: Sendable {
    let implementation: S3Implementation
    let endpoint: String
    let bucket: String
    /// Format 1's prefix; format 2's is `prefix + "v2/"`.
    let prefix: String
    let accessKeyID: String
    let secret: String
    let out: URL
    /// Keeps moto's proxy running for the test.
    let proxy: S3Proxy?

    var format2Prefix: String { prefix + "v2/" }

    static func make(_ implementation: S3Implementation) async throws -> Format2Bucket {
        let out = RepositoryPaths.temporaryDirectory("snapshot-out")
        switch implementation {
        case .seaweedfs:
            let server = try await SeaweedFSServer.shared()
            let bucket = "fuel-\(UUID().uuidString.prefix(8).lowercased())"
            try await server.createBucket(bucket)
            return Format2Bucket(
                implementation: implementation, endpoint: server.endpoint, bucket: bucket, prefix: "fuel/",
                accessKeyID: server.accessKeyID, secret: server.secret, out: out, proxy: nil)
        case .moto:
            let server = try S3TestServer.shared()
            let proxy = try S3Proxy(server)
            return Format2Bucket(
                implementation: implementation, endpoint: proxy.endpoint, bucket: server.bucket,
                prefix: "t-\(UUID().uuidString.prefix(8).lowercased())/fuel/", accessKeyID: server.accessKeyID,
                secret: server.secret, out: out, proxy: proxy)
        }
    }

    /// Settings as `fuel-publish upload` makes them from these options.
    func settings(
        from: URL? = nil, layout: PublishLayout = .v2, keepHours: Double? = nil, now: Date? = nil,
        dryRun: Bool = false, allowShrink: Bool = false
    ) throws -> UploadSettings {
        var options = UploadOptions.testing(
            from: from ?? out, bucket: bucket, prefix: implementation == .seaweedfs ? nil : prefix, endpoint: endpoint,
            dryRun: dryRun, allowShrink: allowShrink)
        options.layout = layout
        options.keepHours = keepHours
        options.now = now
        var settings = try UploadSettings(
            options: options, environment: ["AWS_ACCESS_KEY_ID": accessKeyID, "AWS_SECRET_ACCESS_KEY": secret])
        // SeaweedFS under the parallel suite sometimes answers 500 for a second or two: retried over about 3 s, as
        // the production policy (up to 10 s) would.
        settings.retry = RetryPolicy(maxAttempts: settings.retry.maxAttempts, baseDelay: 0.1, maxDelay: 1)
        return settings
    }

    /// Builds `fixture` into `OUT` (format 2) and publishes it, `now` being its build time unless given.
    @discardableResult
    func publish(
        _ fixture: Format2Fixture, now: Date? = nil, keepHours: Double? = nil, log: LineCapture = LineCapture()
    ) async throws -> Format2Summary {
        try fixture.build(into: out, layout: .v2)
        return try await FormatTwoUpload(
            settings: settings(keepHours: keepHours, now: now ?? fixture.builtAt), log: log.sink
        ).run()
    }

    /// A client straight to the server (through the proxy for moto). It retries a 5xx: moto's LIST walks the whole
    /// shared bucket and answers 500 (a KeyError) when another test deletes a key under it at that moment.
    func client() throws -> S3Client {
        let settings = try settings()
        return S3Client(
            endpoint: settings.endpoint, bucket: bucket,
            signer: SigV4Signer(credentials: settings.credentials, region: settings.region),
            http: HTTPClient(maxConcurrentTransfers: 4),
            retry: RetryPolicy(maxAttempts: 4, baseDelay: 0.05, maxDelay: 0.2))
    }

    /// ETags by path below `prefix`.
    func remote(under prefix: String) async throws -> [String: String] {
        let (etags, _) = try await client().listAll(prefix: prefix)
        return Dictionary(uniqueKeysWithValues: etags.map { (String($0.key.dropFirst(prefix.count)), $0.value) })
    }

    /// The live format-2 index, parsed.
    func liveIndex() async throws -> Format2Index {
        let response = try await client().get(key: format2Prefix + Format2.indexPath)
        try #require(response.status == 200, "index.json: HTTP \(response.status)")
        return try JSONDecoder().decode(Format2Index.self, from: Data(Gzip.decompress(response.body)))
    }

    /// The live `root.json` (R15), parsed; nil when the bucket has none.
    func liveRoot() async throws -> Format2Root? {
        let response = try await client().get(key: format2Prefix + Format2.rootPath)
        if response.status == 404 { return nil }
        try #require(response.status == 200, "root.json: HTTP \(response.status)")
        return try JSONDecoder().decode(Format2Root.self, from: Data(Gzip.decompress(response.body)))
    }

    /// The bytes of every object `index` names, by path; a missing one is absent.
    func objects(of index: Format2Index) async throws -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        for path in index.objectPaths {
            let response = try await client().get(key: format2Prefix + path)
            if response.status == 200 { found[path] = response.body }
        }
        return found
    }
}

/// The format-2 index of the build in `OUT`, parsed.
func localFormat2Index(_ out: URL) throws -> Format2Index {
    try LocalFormat2.load(from: out).index
}
