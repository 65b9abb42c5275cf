import Testing

/// A time as a feed writes it and the UTC instant a parse must publish for it: the wall-clock cases of the FR and IT
/// quirk tests.
struct FeedTimeCase: Sendable, CustomTestStringConvertible {
    /// The feed's text (FR `maj`, IT `dtComu`).
    var text: String
    var utc: String
    var testDescription: String { "\(text) is \(utc)" }
}
