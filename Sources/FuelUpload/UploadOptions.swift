import Foundation
import FuelPublishing

/// The upload's options as given on the command line; anything nil falls back to the environment or a default.
///
/// Made with where the files come from and go to; every other option starts unset (or off) and is set as the command
/// line says: `var options = UploadOptions(from: out, bucket: "fuel"); options.layout = .both`.
public struct UploadOptions: Sendable, Equatable {
    /// `OUT`: the folder holding `fuel/`.
    public var from: URL
    public var bucket: String
    public var prefix: String?
    public var endpoint: String?
    public var region: String?
    public var concurrency: Int?
    public var dryRun = false
    /// `max-age` of tiles, brands, trends and sources (default 3600).
    public var maxAge: Int?
    /// `max-age` of the index (default 300).
    public var indexMaxAge: Int?
    /// Upload even when a country shrinks against the bucket's live index (see ``ShrinkGuard``).
    public var allowShrink = false
    /// Seconds to connect, and seconds without a byte, before a request gives up (defaults 15 and 30).
    public var connectTimeout: Double?
    public var stallTimeout: Double?
    /// Which formats to upload (default v1).
    public var layout: PublishLayout?
    /// Format 2's key prefix (default: the format-1 prefix followed by `v2/`, so `fuel/v2/`).
    public var format2Prefix: String?
    /// `--keep HOURS`: format-2 objects a build published within this many hours references are never pruned (48).
    public var keepHours: Double?
    /// The time pruning measures `--keep` from (default: the clock); operators and tests replay a later day.
    public var now: Date?
    /// `--lock-lease`: seconds the publisher lock holds without a renewal (default 600).
    public var lockLease: Double?

    /// Options for uploading the folder `from` to `bucket` at `endpoint` (nil: from the environment or the AWS
    /// profile), every other option unset.
    public init(from: URL, bucket: String, endpoint: String? = nil) {
        self.from = from
        self.bucket = bucket
        self.endpoint = endpoint
    }
}
