import FuelFetch
import _FuelTestSupport

extension FetchHarness {
    /// A fetcher over this harness's folders for the given countries.
    func fetcher(_ countries: [String], configure: (inout FetchOptions) -> Void = { _ in }) -> FeedFetcher {
        var options = FetchOptions(feedsDirectory: feeds, adaptersDirectory: adapters, countries: countries)
        configure(&options)
        return FeedFetcher(options: options)
    }
}
