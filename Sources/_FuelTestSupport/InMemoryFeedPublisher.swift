import Foundation
import FuelFormat
import FuelHTTP
import Synchronization

/// A feed publisher held in memory, to answer a ``ScriptedTransport``: static files by URL path, each with a strong
/// `ETag` and a `Last-Modified`, and `304 Not Modified` to a conditional GET that matches, as the `/files/` route
/// of `Tests/Servers/feed_server.py` does (`If-None-Match` first; `If-Modified-Since` only without it).
public final class InMemoryFeedPublisher: Sendable {
    private struct File {
        var bytes: [UInt8]
        var contentType: String
        var etag: String
        var lastModified: Date
    }

    private let files = Mutex<[String: File]>([:])

    public init() {}

    /// Serves `bytes` at `path` (`/files/ES/doc.json`) from now on, modified at `modified`.
    public func put(
        _ path: String, _ bytes: [UInt8], contentType: String = "application/json",
        modified: Date = Date(timeIntervalSince1970: 1_796_000_000)
    ) {
        let file = File(
            bytes: bytes, contentType: contentType, etag: "\"\(Self.fingerprint(bytes))\"", lastModified: modified)
        files.withLock { $0[path] = file }
    }

    /// The answer `feed_server.py` would give.
    public func reply(to request: HTTPRequest) -> ScriptedTransport.Reply {
        let path = URLComponents(string: request.url)?.path ?? ""
        guard let file = files.withLock({ $0[path] }), request.method == "GET" || request.method == "HEAD" else {
            return ScriptedTransport.Reply(
                status: 404, headers: ["Content-Type": "text/plain"], body: Array("no such file \(path)".utf8))
        }
        let lastModified = Self.imfFixdate(file.lastModified)
        let validators = ["ETag": file.etag, "Last-Modified": lastModified]
        if let tags = request.header("If-None-Match") {
            let listed = tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if listed.contains(file.etag) || tags.trimmingCharacters(in: .whitespaces) == "*" {
                return ScriptedTransport.Reply(status: 304, headers: validators)
            }
        } else if let since = request.header("If-Modified-Since").flatMap(HTTPDate.parse),
            file.lastModified <= since
        {
            return ScriptedTransport.Reply(status: 304, headers: validators)
        }
        var headers = validators
        headers["Content-Type"] = file.contentType
        return .ok(file.bytes, headers: headers)
    }

    /// A date as `Last-Modified` carries it: `Sun, 06 Nov 1994 08:49:37 GMT`.
    private static func imfFixdate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// 64-bit FNV-1a of the bytes, in hex: a strong validator for a fixture (any change gives another tag).
    private static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
