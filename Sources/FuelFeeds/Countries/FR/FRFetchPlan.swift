import Foundation

/// The instantané ZIP, in one GET; `fetch --check` asks for the same ZIP (about 1 MB).
public struct FRFetchPlan: FeedFetchPlan {
    /// The instantané ZIP.
    public var url: String

    public var endpoints: [String] { [url] }

    public var probes: [FeedProbe] {
        [
            FeedProbe(url: url) { file in
                if let problem = FeedShape.zip.problem(with: file) { throw FeedShapeProblem(problem) }
                let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
                return "\(size?.intValue ?? 0) bytes"
            }
        ]
    }

    public func fetch(_ session: any FeedSession) async throws {
        _ = try await session.download(url, as: "FR/instantane.zip", shape: .zip)
    }
}
