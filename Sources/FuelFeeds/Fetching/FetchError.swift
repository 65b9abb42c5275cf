import Foundation

/// Why fetching a country failed: the country, the file or URL concerned (credentials redacted), and the reason.
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The country code.
    public var country: String
    /// A feeds-relative path (`AT/101-DIE.json`), a redacted URL or a metadata file.
    public var file: String
    /// What went wrong, in words an operator can act on.
    public var reason: String

    public init(country: String, file: String, reason: String) {
        self.country = country
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(country): \(file): \(reason)" }
}
