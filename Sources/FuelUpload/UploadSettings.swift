import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing

/// Everything an upload needs, resolved from options and environment and checked.
public struct UploadSettings: Sendable {
    public var from: URL
    public var bucket: String
    /// Key prefix: empty (bucket root) or ending in `/`.
    public var prefix: String
    public var endpoint: S3Endpoint
    public var region: String
    public var concurrency: Int
    public var dryRun: Bool
    /// Upload even when a country shrinks against the live index.
    public var allowShrink: Bool
    public var credentials: SigV4Credentials
    /// `Cache-Control` of tiles, brands, trends and sources.
    public var cacheControl: String
    /// `Cache-Control` of the index.
    public var indexCacheControl: String
    /// Which formats to upload.
    public var layout: PublishLayout
    /// Format 2's key prefix, ending in `/`: `fuel/v2/` by default.
    public var format2Prefix: String
    /// `Cache-Control` of format 2's index (a short max-age: 60 s unless `--index-max-age` says otherwise).
    public var format2IndexCacheControl: String
    /// `Cache-Control` of format 2's immutable objects, whose bytes never change under their name.
    public let immutableCacheControl = "public, max-age=31536000, immutable, no-transform"
    /// Hours within which a published build's objects are kept (48).
    public var keepHours: Double
    /// Archived builds always kept, however old: the newest 7.
    public var keepLastBuilds = 7
    /// The time `--keep` is measured from.
    public var now: Date
    /// `--now` when given: a replay's clock, which the build's and the live index's `builtAt` are also held to
    /// (a future-dated live index is replaced, a build too far ahead refused); nil: the machine's clock.
    public var replayClock: Date?
    /// Seconds the publisher lock holds without a renewal; renewed every third of it while the run writes.
    public var lockLease: TimeInterval
    /// Retries per request (at least 5 attempts).
    public var retry = RetryPolicy(maxAttempts: 6, baseDelay: 0.2, maxDelay: 10, maxRetryAfter: 30)
    /// Keys per LIST page; nil leaves the server default (1000). Tests set it low to exercise pagination.
    public var listPageSize: Int?
    /// Most LIST pages one upload reads before it stops: a server that always answers "more" must not keep it going.
    public var maxListPages = S3Client.defaultMaxListPages
    /// Connect, stall and total timeouts of every request (15, 30 and 120 s).
    public var timeouts = S3Client.Timeouts()
    /// What sends the requests: nil for libcurl (``HTTPClient``, `concurrency` transfers at once); a test sets an
    /// in-process transport.
    public var transport: (any HTTPTransport)?

    /// Environment variables read here.
    public enum Variable {
        public static let accessKey = "AWS_ACCESS_KEY_ID"
        public static let secretKey = "AWS_SECRET_ACCESS_KEY"
        public static let sessionToken = "AWS_SESSION_TOKEN"
        public static let endpointS3 = "AWS_ENDPOINT_URL_S3"
        public static let endpoint = "AWS_ENDPOINT_URL"
        public static let region = "AWS_REGION"
        public static let defaultRegion = "AWS_DEFAULT_REGION"
    }

    /// The credentials of the standard chain: `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with
    /// `AWS_SESSION_TOKEN`) when the environment sets either, else the AWS profile's.
    /// - Throws: ``UploadError/configuration(_:)`` naming what is missing and where it was looked for, never a value.
    static func credentials(
        environment: [String: String], variable: (String) -> String?, profile: AWSProfile
    ) throws -> SigV4Credentials {
        let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        let fromEnvironment = [Variable.accessKey, Variable.secretKey].contains { environment[$0] != nil }
        if fromEnvironment || variable(AWSProfile.Variable.profile) == nil && !profile.found {
            guard let accessKey = variable(Variable.accessKey), let secret = variable(Variable.secretKey) else {
                let missing = [Variable.accessKey, Variable.secretKey].filter { variable($0) == nil }
                throw UploadError.configuration(
                    "\(missing.joined(separator: " and ")) must be set (for R2: an API token's access key id and "
                        + "secret), or an AWS profile (AWS_PROFILE, ~/.aws/credentials) must hold them")
            }
            return SigV4Credentials(
                accessKeyID: trimmed(accessKey), secretAccessKey: trimmed(secret),
                sessionToken: variable(Variable.sessionToken).map(trimmed))
        }
        let files = profile.files.isEmpty ? "no file (HOME is not set)" : profile.files.joined(separator: " or ")
        guard profile.found else {
            throw UploadError.configuration("AWS profile '\(profile.name)' (AWS_PROFILE) is not in \(files)")
        }
        guard let accessKey = profile.accessKeyID, let secret = profile.secretAccessKey else {
            let missing = [
                ("aws_access_key_id", profile.accessKeyID), ("aws_secret_access_key", profile.secretAccessKey),
            ]
            .filter { $0.1 == nil }.map(\.0)
            throw UploadError.configuration(
                "AWS profile '\(profile.name)' has no \(missing.joined(separator: " or ")) (looked in \(files))")
        }
        return SigV4Credentials(
            accessKeyID: trimmed(accessKey), secretAccessKey: trimmed(secret),
            sessionToken: profile.sessionToken.map(trimmed))
    }

    /// Resolves the settings.
    /// - Throws: ``UploadError/configuration(_:)`` naming the missing or invalid option or variable (never its
    ///   secret value).
    public init(options: UploadOptions, environment: [String: String]) throws {
        func variable(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        }
        let bucket = options.bucket.trimmingCharacters(in: .whitespaces)
        guard !bucket.isEmpty, !bucket.contains("/"), bucket.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw UploadError.configuration("--bucket must be a bucket name (no '/' or spaces), got '\(bucket)'")
        }
        let profile = try AWSProfile.load(environment: environment)
        credentials = try Self.credentials(environment: environment, variable: variable, profile: profile)
        region =
            options.region ?? variable(Variable.region) ?? variable(Variable.defaultRegion) ?? profile.region
            ?? "auto"
        guard !region.isEmpty, region.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw UploadError.configuration("the region must be letters, digits and '-', got '\(region)'")
        }
        if let text = options.endpoint {
            endpoint = try S3Endpoint(parsing: text, source: "--endpoint")
        } else if let text = variable(Variable.endpointS3) {
            endpoint = try S3Endpoint(parsing: text, source: Variable.endpointS3)
        } else if let text = variable(Variable.endpoint) {
            endpoint = try S3Endpoint(parsing: text, source: Variable.endpoint)
        } else if let text = profile.endpointURL {
            endpoint = try S3Endpoint(parsing: text, source: "the endpoint_url of AWS profile '\(profile.name)'")
        } else if region != "auto" {
            endpoint = try S3Endpoint(parsing: "https://s3.\(region).amazonaws.com", source: "the AWS region")
        } else {
            throw UploadError.configuration(
                "no endpoint: pass --endpoint or set \(Variable.endpointS3) (R2: "
                    + "https://<account>.r2.cloudflarestorage.com), or set a real AWS region")
        }

        prefix = Self.normalisedPrefix(options.prefix ?? TileFormat.defaultPrefix)
        format2Prefix = Self.normalisedPrefix(options.format2Prefix ?? prefix + Format2.folder + "/")
        guard !format2Prefix.isEmpty, format2Prefix != prefix else {
            throw UploadError.configuration(
                "--v2-prefix must be a folder of its own, not the format-1 prefix '\(prefix)'")
        }
        layout = options.layout ?? .standard
        let keepHours = options.keepHours ?? 48
        guard keepHours >= 0, keepHours <= 24 * 366 else {
            throw UploadError.configuration("--keep must be between 0 and 8784 hours, got \(keepHours)")
        }
        self.keepHours = keepHours
        now = options.now ?? Date()
        replayClock = options.now
        let lockLease = options.lockLease ?? PublisherLock.defaultLease
        guard PublisherLock.leaseRange.contains(lockLease) else {
            throw UploadError.configuration("--lock-lease must be between 1 second and 1 hour, got \(lockLease) s")
        }
        self.lockLease = lockLease

        let concurrency = options.concurrency ?? 16
        guard (1...256).contains(concurrency) else {
            throw UploadError.configuration("--concurrency must be between 1 and 256, got \(concurrency)")
        }
        self.concurrency = concurrency
        for (name, value) in [("--max-age", options.maxAge), ("--index-max-age", options.indexMaxAge)] {
            if let value, value < 0 || value > 31_536_000 {
                throw UploadError.configuration("\(name) must be between 0 and 31536000 seconds, got \(value)")
            }
        }
        cacheControl = "public, max-age=\(options.maxAge ?? 3600), no-transform"
        indexCacheControl = "public, max-age=\(options.indexMaxAge ?? 300), no-transform"
        format2IndexCacheControl = "public, max-age=\(options.indexMaxAge ?? 60), no-transform"
        from = options.from
        self.bucket = bucket
        dryRun = options.dryRun
        allowShrink = options.allowShrink
        for (name, value) in [("--connect-timeout", options.connectTimeout), ("--stall-timeout", options.stallTimeout)]
        {
            if let value, !(value > 0 && value <= 600) {
                throw UploadError.configuration("\(name) must be above 0 and at most 600 seconds, got \(value)")
            }
        }
        timeouts.connect = options.connectTimeout ?? timeouts.connect
        timeouts.stall = options.stallTimeout ?? timeouts.stall
    }

    /// A key prefix without a leading `/`, ending in `/` unless empty (the bucket root).
    static func normalisedPrefix(_ text: String) -> String {
        var prefix = text
        while prefix.hasPrefix("/") { prefix.removeFirst() }
        if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
        return prefix
    }

    /// The S3 client every upload, rollback and listing uses: these settings' endpoint, credentials, retries and
    /// timeouts.
    public func makeClient(
        onRetry: S3Client.RetryObserver? = nil, onRequest: (@Sendable () -> Void)? = nil
    ) -> S3Client {
        S3Client(
            endpoint: endpoint, bucket: bucket, signer: SigV4Signer(credentials: credentials, region: region),
            http: transport ?? HTTPClient(maxConcurrentTransfers: concurrency),
            retry: retry, timeouts: timeouts, onRetry: onRetry, onRequest: onRequest)
    }
}
