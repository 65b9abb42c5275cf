import FuelFeeds

/// Spain in the bench: MITECO's `EstacionesTerrestres` document.
extension ESAdapter: BenchCountry { typealias Feed = SpainFeed }
