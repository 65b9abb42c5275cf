import Foundation

/// One file a fetch plan downloaded, staged beside its final place until the country's whole set is good.
public struct FeedDownload: Sendable, Equatable {
    /// Feeds-relative path, `IT/prezzo_alle_8.csv`.
    public var relativePath: String
    /// Where the bytes can be read now: the staging file, or the cached file that a 304 confirmed.
    public var file: URL
    /// The hex SHA-256 of the bytes.
    public var sha256: String
    /// The `Last-Modified` header the publisher sent, if any.
    public var lastModified: String?

    public init(relativePath: String, file: URL, sha256: String, lastModified: String?) {
        self.relativePath = relativePath
        self.file = file
        self.sha256 = sha256
        self.lastModified = lastModified
    }
}

/// One light request of `fetch --check` and how to read its answer.
public struct FeedProbe: Sendable {
    /// The URL asked.
    public var url: String
    /// Ask only this many bytes from the start (`Range`); nil asks for the whole answer.
    public var rangeBytes: Int?
    /// Reads the saved answer and says what it counted (`"9654 rows"`).
    /// Throws ``FeedShapeProblem`` when the answer does not have the expected shape.
    public var read: @Sendable (URL) throws -> String

    public init(url: String, rangeBytes: Int? = nil, read: @escaping @Sendable (URL) throws -> String) {
        self.url = url
        self.rangeBytes = rangeBytes
        self.read = read
    }
}

/// Why a downloaded answer does not have the shape a country expects: the end of a sentence that starts with the
/// file, such as `"is not JSON"`.
public struct FeedShapeProblem: Error, Sendable, Equatable {
    /// The end of a sentence that starts with the file: `"is not JSON"`.
    public var text: String

    public init(_ text: String) { self.text = text }
}
