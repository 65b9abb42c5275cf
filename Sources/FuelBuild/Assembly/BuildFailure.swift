import Foundation
import FuelFeeds
import FuelPublishing

/// A refused build as the JSON document `build --json` prints instead of a report, so a machine reading stdout
/// always gets one document: `{"ok": false, "error": {"code": …, "message": …, "countries": […]}}`.
public struct BuildFailure: Sendable, Encodable, Equatable {
    /// One country that failed, as a machine reads it.
    public struct Country: Sendable, Encodable, Equatable {
        public var country: String
        public var file: String?
        public var location: String?
        public var reason: String
    }

    /// The error's stable key: `countries-failed`, `shrink`, `unknown-country`, `output-locked`, `output`,
    /// `unreadable-previous-index`, `built-at-ahead`, `first-run-refused`, or `failed` for any other error.
    public var code: String
    /// The whole message, as stderr shows it.
    public var message: String
    /// The failed, shrunk or unknown countries, when the error names any.
    public var countries: [Country]

    public init(_ error: any Error) {
        message = String(describing: error)
        countries = []
        guard let error = error as? BuildError else {
            code = "failed"
            return
        }
        switch error {
        case .countriesFailed(let failures), .firstBuildFailed(let failures):
            code = "countries-failed"
            countries = failures.map {
                Country(country: $0.country, file: $0.file, location: $0.location, reason: $0.reason)
            }
        case .shrink(let shrinks):
            code = "shrink"
            countries = shrinks.map { Country(country: $0.country, file: nil, location: nil, reason: $0.description) }
        case .unknownCountry(let country, _):
            code = "unknown-country"
            countries = [Country(country: country, file: nil, location: nil, reason: message)]
        case .outputLocked: code = "output-locked"
        case .output: code = "output"
        case .unreadablePreviousIndex: code = "unreadable-previous-index"
        case .builtAtAhead: code = "built-at-ahead"
        case .firstRunRefused: code = "first-run-refused"
        }
    }

    /// `{"ok": false, "error": {…}}`, keys sorted.
    public func json() -> String {
        struct Document: Encodable {
            var ok = false
            var error: BuildFailure
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(Document(error: self)), as: UTF8.self)) ?? #"{"ok":false}"#
    }
}
