import FuelFeeds

/// Portugal in the bench: DGEG's `PesquisarPostos` pages.
extension PTAdapter: BenchCountry { typealias Feed = PortugalFeed }
