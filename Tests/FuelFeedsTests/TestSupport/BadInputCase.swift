import Foundation
import Testing

@testable import FuelFeeds

/// A broken feed folder for the FR or IT adapter, and what the ``FeedError`` it throws must name: the country, the
/// file and, where it applies, the line or record.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    var country: String
    var kind: String
    /// The files of the feed folder.
    var files: @Sendable () throws -> [String: [UInt8]]
    /// The file the error must name.
    var file: String
    /// Text the location must contain; nil when the error is about the whole file.
    var location: String?
    /// Text the reason must contain.
    var reason: String
    var testDescription: String { "\(country): \(kind)" }

    /// An HTML error page served in place of a feed file.
    static let htmlPage =
        "<!DOCTYPE html>\n<html><head><title>503 Service Unavailable</title></head>\n"
        + "<body><h1>Service Unavailable</h1></body></html>\n"

    /// UTF-16 (little-endian, with a byte order mark) in place of the feed's encoding.
    static func utf16(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// Parses the case's files with the country's adapter, which must throw a ``FeedError`` naming the country, the
    /// file and the place.
    func expectNamedError() throws {
        let folder = try FeedRun.folder(country, try files())
        let adapter = try FeedRun.adapter(country)
        let config = try FeedRun.config(country)
        let error = #expect(throws: FeedError.self) {
            _ = try adapter.parse(FeedInput(folder: folder, config: config))
        }
        guard let error else { return }
        #expect(error.country == country)
        #expect(error.file == folder.appendingPathComponent(file).path)
        if let location {
            #expect(error.location?.contains(location) == true, "\(error)")
        } else {
            #expect(error.location == nil, "\(error)")
        }
        #expect(error.reason.contains(reason), "\(error)")
        #expect(error.description.hasPrefix("\(country): \(error.file)"))
    }
}
