import Foundation

extension FeedManifest {
    /// One downloaded file.
    public struct FileEntry: Sendable, Codable, Equatable {
        public var url: String
        /// UTC, `2026-11-30T20:40:00Z`.
        public var fetchedAt: String
        public var status: Int
        public var bytes: Int
        public var sha256: String
        public var etag: String?
        public var lastModified: String?
        /// When a fetch first received exactly these bytes, UTC: each later fetch of the same bytes (a 304, or a 200
        /// with the same SHA-256) keeps it, and a change resets it to that fetch's time. It tells since when a feed
        /// has not moved where the feed itself carries no time (AT, ``FeedManifest/unchangedSince(country:)``). Nil
        /// in manifests written before it was recorded.
        public var unchangedSince: String?

        public init(
            url: String, fetchedAt: String, status: Int, bytes: Int, sha256: String, etag: String? = nil,
            lastModified: String? = nil, unchangedSince: String? = nil
        ) {
            self.url = url
            self.fetchedAt = fetchedAt
            self.status = status
            self.bytes = bytes
            self.sha256 = sha256
            self.etag = etag
            self.lastModified = lastModified
            self.unchangedSince = unchangedSince
        }

        /// Since when these bytes have been fetched unchanged, for the next fetch of the same bytes: the recorded
        /// time, else (a manifest from before it was recorded) this fetch's time.
        public var sameBytesSince: String { unchangedSince ?? fetchedAt }
    }
}
