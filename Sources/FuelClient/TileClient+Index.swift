import Foundation
import FuelFormat

/// Which index a lookup reads: the client's format, and with ``ReadFormat/automatic`` format 2 when the server has it.
extension TileClient {
    /// The index in use, refreshed when its trust period is over; for format 2, in format 1's terms
    /// (``LookupIndex/tileIndex``).
    /// - Returns: the index and, when it is an older copy kept because the refresh failed, why the refresh failed.
    public func loadIndex() async throws(NearbyError) -> (index: TileIndex, staleReason: String?) {
        let index = try await lookupIndex(refetch: false)
        return (index.tileIndex, index.staleReason)
    }

    /// The index for one lookup attempt, in the client's format.
    /// - Parameter refetch: ask for the format-2 index even within its trust period, because a tile it names is gone.
    func lookupIndex(refetch: Bool) async throws(NearbyError) -> LookupIndex {
        switch format {
        case .v1:
            return try await readIndex(.index)
        case .v2:
            let (resolution, file) = await format2Index(refetch: refetch)
            return try index(from: resolution, file: file)
        case .automatic:
            return try await automaticIndex(refetch: refetch)
        }
    }

    /// Format 2 when the server has it, else format 1 (see ``ReadFormat/automatic``).
    private func automaticIndex(refetch: Bool) async throws(NearbyError) -> LookupIndex {
        // Format 1 answered last (or, on a first lookup, is all the cache holds): while its index is trusted, no
        // request at all; when it is due, format 2 is asked for first.
        let formatOne =
            answering == .v1
            || (answering == nil && cachedCopy(.format2Root) == nil && cachedCopy(.format2Index) == nil
                && cachedCopy(.index) != nil)
        if !refetch, formatOne, let cached = cachedCopy(.index), isTrusted(cached, file: .index, indexBuiltAt: nil) {
            return try index(from: .current(cached), file: .index)
        }
        let (probe, file) = await format2Index(refetch: refetch)
        switch probe {
        case .notFound:
            // Neither a root nor a format-2 index here (any more): read format 1.
            answering = .v1
            return try await readIndex(.index)
        case .failed where cachedCopy(.index) != nil:
            // No answer and no format-2 copy, but format 1 was read before (offline, say): its copy answers.
            return try await readIndex(.index)
        default:
            let index = try index(from: probe, file: file)
            answering = .v2
            return index
        }
    }

    /// Format 2's index as R15 reads it: `v2/root.json`; when it answers 404 or 410 (a publisher before roots, or a
    /// rollback to a build before them), `v2/index.json` as R10 reads it, without asking for the root again while
    /// that index's copy is trusted. Any other failure of the root is an index failure (its copy stands in, stale).
    /// - Returns: how the file settled, and which file it is.
    private func format2Index(refetch: Bool) async -> (Resolution, RemoteFile) {
        if rootAbsent, !refetch, let cached = cachedCopy(.format2Index),
            isTrusted(cached, file: .format2Index, indexBuiltAt: nil)
        {
            return (.current(cached), .format2Index)
        }
        let root = await resolve(.format2Root, indexBuiltAt: nil, force: refetch)
        if case .notFound = root {
            rootAbsent = true
            return (await resolve(.format2Index, indexBuiltAt: nil, force: refetch), .format2Index)
        }
        rootAbsent = false
        return (root, .format2Root)
    }

    /// One index, refreshed when its trust period is over, or when forced.
    private func readIndex(_ file: RemoteFile, force: Bool = false) async throws(NearbyError) -> LookupIndex {
        try index(from: await resolve(file, indexBuiltAt: nil, force: force), file: file)
    }

    /// The index a resolution settled on, or why there is none.
    private func index(from resolution: Resolution, file: RemoteFile) throws(NearbyError) -> LookupIndex {
        let url = url(for: file).absoluteString
        var copy: CachedFile?
        var staleReason: String?
        switch resolution {
        case .current(let cached):
            copy = cached
        case .stale(let cached, let reason):
            copy = cached
            staleReason = reason
        case .notFound(let status, let cached):
            // The index is gone: a copy answers, stale, as for any failed refresh.
            guard let cached else { throw .indexUnavailable(url: url, reason: "HTTP \(status)") }
            copy = cached
            staleReason = "HTTP \(status)"
        case .failed(_, let status?) where (500..<600).contains(status):
            throw .indexServerError(url: url, status: status)
        case .failed(let reason, _):
            throw .indexUnavailable(url: url, reason: reason)
        case .rejected(let error):
            throw error
        }
        guard let content = copy?.indexContent else {
            throw .indexUnavailable(url: url, reason: "the server sent no index")
        }
        return LookupIndex(content: content, staleReason: staleReason)
    }
}
