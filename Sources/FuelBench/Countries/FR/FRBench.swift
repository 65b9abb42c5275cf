import FuelFeeds

/// France in the bench: the roulez-eco `instantane` archive.
extension FRAdapter: BenchCountry { typealias Feed = FranceFeed }
