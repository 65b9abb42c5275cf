import Foundation
import FuelFeeds
import FuelFormat

/// The feeds manifest while countries finish one by one: each outcome is recorded and the file rewritten
/// atomically (temporary file, then rename), so the manifest always describes the files on disk.
actor ManifestStore {
    private let feedsDirectory: URL
    private var manifest: FeedManifest
    private var writeError: FetchError?

    init(feedsDirectory: URL, manifest: FeedManifest) {
        self.feedsDirectory = feedsDirectory
        self.manifest = manifest
    }

    /// The country's files are the new set: its old entries go, the new ones come in, and it is marked ok, with the
    /// slice it refreshed when it was fetched in slices.
    func succeeded(country: String, files: [StagedFile], fetchedAt: String, slice: (slice: Int, count: Int)?) {
        for key in manifest.files.keys where key.hasPrefix(country + "/") { manifest.files[key] = nil }
        for file in files { manifest.files[file.relativePath] = file.entry }
        manifest.countries[country] = FeedManifest.CountryEntry(
            status: "ok", fetchedAt: fetchedAt, slice: slice?.slice, slices: slice?.count)
        write()
    }

    /// The country's previous files stay (and so do their entries, and the slice last refreshed); it is marked
    /// failed with the reason.
    func failed(country: String, error: FetchError, fetchedAt: String) {
        let last = manifest.countries[country]
        manifest.countries[country] = FeedManifest.CountryEntry(
            status: "failed", fetchedAt: fetchedAt, error: "\(error.file): \(error.reason)", slice: last?.slice,
            slices: last?.slices)
        write()
    }

    /// Throws the first write failure, if any.
    func flushError() throws {
        if let writeError { throw writeError }
    }

    private func write() {
        let target = feedsDirectory.appendingPathComponent(FeedManifest.fileName)
        let temporary = feedsDirectory.appendingPathComponent(".\(FeedManifest.fileName).part-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: feedsDirectory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            var data = try encoder.encode(manifest)
            data.append(0x0A)
            try data.write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                throw CocoaError(
                    .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: ErrorText.system(errno)])
            }
        } catch {
            removeQuietly(temporary)
            if writeError == nil {
                writeError = FetchError(
                    country: "-", file: target.path, reason: "cannot write the manifest: \(ErrorText.describe(error))")
            }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
