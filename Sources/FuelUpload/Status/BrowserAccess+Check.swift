import Foundation
import FuelHTTP

extension BrowserAccess {
    /// Sends what a browser sends for a page on `origin` that reads `url` (the published index): an `OPTIONS`
    /// preflight for a `GET` with `If-None-Match`, and a `GET` with `Origin`; then judges the answers
    /// (``judge(origin:url:preflight:get:)``).
    /// - Parameters:
    ///   - origin: a web origin, as ``origin(_:)`` accepts it.
    ///   - url: an `http` or `https` URL.
    /// - Throws: ``StatusError`` when either request gets no answer at all.
    public static func check(
        origin: String, url: String, client: any HTTPTransport = HTTPClient()
    ) async throws -> BrowserAccess {
        let shown = HTTPRedaction.url(url)
        // A browser follows a GET's redirects (each hop checked for CORS) but never a preflight's.
        func send(_ method: String, _ headers: [HTTPHeader], redirects: Int) async throws -> Answer {
            do {
                let response = try await client.send(
                    HTTPRequest(
                        method: method, url: url, headers: [HTTPHeader("Origin", origin)] + headers,
                        maxResponseBytes: PublishedStatus.maxIndexBytes, connectTimeout: 15, totalTimeout: 60,
                        stallTimeout: 30, maxRedirects: redirects))
                return Answer(status: response.status, headers: response.headers)
            } catch {
                throw StatusError(message: "cannot send the \(method) of a browser on \(origin) to \(shown): \(error)")
            }
        }
        let preflight = try await send(
            "OPTIONS",
            [
                HTTPHeader("Access-Control-Request-Method", "GET"),
                HTTPHeader("Access-Control-Request-Headers", "if-none-match"),
            ], redirects: 0)
        let get = try await send("GET", [], redirects: 5)
        return judge(origin: origin, url: shown, preflight: preflight, get: get)
    }

    /// `text` as a web origin (`scheme://host[:port]`, the form of a browser's `Origin` header), or nil when it is
    /// not one: another scheme than `http` or `https`, a path, a query, user information or spaces. One trailing `/`
    /// is dropped, since a browser never sends it and a rule that has it matches nothing.
    public static func origin(_ text: String) -> String? {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.path.isEmpty, components.query == nil,
            components.fragment == nil, components.user == nil, components.password == nil,
            !trimmed.contains(where: \.isWhitespace)
        else { return nil }
        return trimmed
    }
}
