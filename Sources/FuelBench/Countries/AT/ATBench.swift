import FuelFeeds

/// Austria in the bench: E-Control's `by-region` answers and its `/regions` list.
extension ATAdapter: BenchCountry { typealias Feed = AustriaFeed }
