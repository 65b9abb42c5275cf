import Foundation
import Testing

extension Executable {
    /// Runs `fuel-publish build --feeds FEEDS --out OUT --built-at TIME` plus `extra`, and requires it to succeed
    /// (the failure names its stderr): the build step many end-to-end tests start from.
    @discardableResult
    public static func publishBuild(feeds: URL, out: URL, builtAt: String, _ extra: [String] = []) throws -> Result {
        let result = try run(
            "fuel-publish", ["build", "--feeds", feeds.path, "--out", out.path, "--built-at", builtAt] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        return result
    }
}
