import FuelClient

extension TileCachePolicy {
    /// The documented periods with a 10-minute lookup deadline, for tests of answers rather than of the deadline
    /// (`NearbyErrorTests` tests that): the whole suite on two cores, with tests that wait on child processes, can
    /// hold an in-process lookup past 30 s.
    static let unhurried = TileCachePolicy(lookupDeadline: 600)
}
