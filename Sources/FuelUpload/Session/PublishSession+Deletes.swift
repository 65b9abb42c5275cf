import Foundation
import FuelFormat

extension PublishSession {
    /// Deletes `keys` in batches of ``Uploader/deleteBatch``, only while the live index is this run's: `indexKey` is
    /// confirmed to hold `indexMD5` before every batch, so that a publisher who replaced the index meanwhile never
    /// loses an object its index names. Stops (throws) at the first batch with a failure.
    /// - Parameters:
    ///   - phase: the phase's name in progress and errors (`deletes`, `prune`).
    ///   - detail: the progress line's words for what is deleted.
    ///   - purpose: the words an error about the index gives for the check (`before deleting`).
    ///   - deleted: called with the number of objects deleted after every batch, the failing one included.
    /// - Throws: ``UploadError`` when the index is no longer this run's, or a delete failed.
    func deleteInBatches(
        _ keys: [String], phase: String, detail: String, purpose: String, indexKey: String, indexMD5: String,
        deleted: (Int) -> Void
    ) async throws {
        guard !keys.isEmpty else { return }
        let progress = UploadProgress(log: log)
        progress.begin(phase, total: keys.count, detail: detail)
        for start in stride(from: 0, to: keys.count, by: Uploader.deleteBatch) {
            try await client.confirmObject(
                indexKey, md5: indexMD5, purpose: purpose)
            let batch = Array(keys[start..<min(start + Uploader.deleteBatch, keys.count)])
            try checkpoint()
            let failures = try await forEach(batch) { [client] key in
                defer { progress.advance() }
                return await client.deleteObject(key)
            }
            deleted(batch.count - failures.failures.count - failures.notAttempted)
            guard failures.failures.isEmpty else {
                throw UploadError.objectsFailed(
                    phase: phase, failures: failures.failures, notAttempted: failures.notAttempted, indexWritten: true)
            }
        }
    }
}
