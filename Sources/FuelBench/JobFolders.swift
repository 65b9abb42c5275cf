import Foundation
import FuelFetch

/// The folders of a simulated publish job under its work folder, as the hourly job lays them out, and the fetch
/// both day benches run into them: the bench's local feeds answer at once, so neither a rate limit nor a retry delay
/// applies.
struct JobFolders {
    /// The span's work folder.
    let work: URL

    /// What fetching writes and the build reads: `work/feeds`.
    var feeds: URL { work.appendingPathComponent("feeds") }
    /// The build's `OUT`: `work/out`.
    var out: URL { work.appendingPathComponent("out") }
    /// Where the generated feeds are written before fetching downloads them: `work/generated`.
    var generated: URL { work.appendingPathComponent("generated") }

    /// Fetch options into ``feeds`` on the job's clock; `onlyDue` as `fetch --due`.
    func fetchOptions(adapters: URL, onlyDue: Bool, now: @escaping @Sendable () -> Date) -> FetchOptions {
        var options = FetchOptions(feedsDirectory: feeds, adaptersDirectory: adapters)
        options.onlyDue = onlyDue
        options.now = now
        options.requestsPerSecond = 10_000
        options.retryBaseDelay = 0
        return options
    }
}
