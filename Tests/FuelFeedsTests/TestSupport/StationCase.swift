import FuelFormat
import Testing

/// A named station that a test expects an adapter to produce, compared as a whole value.
struct StationCase: Sendable, CustomTestStringConvertible {
    var label: String
    /// Where the station comes from, for suites that read more than one source: `sample`, a fixture's name, a year.
    var source = "sample"
    var expected: Station
    var testDescription: String { label }
}
