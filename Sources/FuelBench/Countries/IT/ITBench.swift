import FuelFeeds

/// Italy in the bench: MIMIT's registry and price CSVs.
extension ITAdapter: BenchCountry { typealias Feed = ItalyFeed }
