import Foundation

/// Whether a web page on another origin can read the published data: the CORS headers of one preflight and one GET
/// of the index, judged as a browser judges them (`fuel-publish status --origin`).
///
/// The JavaScript reader sends two kinds of request: a plain `GET` (no preflight), and, when it revalidates a cached
/// format-1 tile, a `GET` with `If-None-Match`, which a browser sends only after an `OPTIONS` preflight that allows
/// it. So a page needs `Access-Control-Allow-Origin` on both, `If-None-Match` among the allowed headers, and `ETag`
/// among the exposed ones (`Cache-Control`, which the reader also reads, is safelisted: a browser always shows it).
/// docs/browsers.md gives the rule for R2 and S3.
public struct BrowserAccess: Sendable, Equatable {
    /// The status and headers (names lower-cased) of one answer.
    public struct Answer: Sendable, Equatable {
        public var status: Int
        public var headers: [String: String]

        public init(status: Int, headers: [String: String]) {
            self.status = status
            self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        }

        /// The header's comma-separated tokens, trimmed and lower-cased; empty when it is absent.
        func tokens(_ name: String) -> [String] {
            (headers[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
        }
    }

    /// One part of the CORS rule that is missing.
    public enum Part: String, Sendable, CaseIterable {
        /// No `Access-Control-Allow-Origin` for the origin: the page reads nothing.
        case origin = "allowed-origin"
        /// The preflight allows the origin but answers with a status a browser refuses.
        case preflightStatus = "preflight-status"
        /// `GET` is not among the allowed methods.
        case get = "allowed-get"
        /// `If-None-Match` is not among the allowed headers: format 1 goes stale at its first revalidation.
        case ifNoneMatch = "allowed-if-none-match"
        /// `ETag` is not exposed: the reader never revalidates, and downloads whole tiles again.
        case etag = "exposed-etag"

        /// The section of docs/browsers.md that explains the part and what breaks without it.
        public var section: String {
            switch self {
            case .origin, .preflightStatus: "docs/browsers.md, \"The origins\""
            case .get: "docs/browsers.md, \"GET and HEAD\""
            case .ifNoneMatch: "docs/browsers.md, \"If-None-Match\""
            case .etag: "docs/browsers.md, \"ETag\""
            }
        }
    }

    /// A missing part, with what was seen and what breaks.
    public struct Problem: Sendable, Equatable, Encodable {
        public var part: Part
        public var sentence: String

        private enum CodingKeys: String, CodingKey { case part, section, sentence }

        /// `{"part":"exposed-etag","section":"docs/browsers.md, \"ETag\"","sentence":…}`, as `status --json` writes it.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(part.rawValue, forKey: .part)
            try container.encode(part.section, forKey: .section)
            try container.encode(sentence, forKey: .sentence)
        }
    }

    /// The page's origin, `https://app.example.org`.
    public var origin: String
    /// The index URL both requests went to.
    public var url: String
    public var preflight: Answer
    public var get: Answer
    /// Empty when a page on `origin` can read the data and revalidate it.
    public var problems: [Problem]
    /// Worth knowing, never a failure: no max age for the preflight, an echoed origin without `Vary: Origin`.
    public var notes: [String]

    /// Judges the two answers as a browser would for a page on `origin`.
    /// - Parameters:
    ///   - preflight: the answer to `OPTIONS` with `Origin`, `Access-Control-Request-Method: GET` and
    ///     `Access-Control-Request-Headers: if-none-match`.
    ///   - get: the answer to `GET` with `Origin`.
    public static func judge(origin: String, url: String, preflight: Answer, get: Answer) -> BrowserAccess {
        var problems: [Problem] = []
        var notes: [String] = []
        func allows(_ answer: Answer) -> Bool {
            let allowed = answer.headers["access-control-allow-origin"]?.trimmingCharacters(in: .whitespaces)
            return allowed == "*" || allowed == origin
        }
        func seen(_ answer: Answer) -> String {
            answer.headers["access-control-allow-origin"].map { "Access-Control-Allow-Origin: \($0)" }
                ?? "no Access-Control-Allow-Origin"
        }
        /// A ``Problem`` of `part` when `answer`'s header `name` allows neither `token` nor `*`; `sentence` gets
        /// what the header shows instead.
        func require(
            _ answer: Answer, _ token: String, in name: String, absent: String, listed: String = "", part: Part,
            _ sentence: (String) -> String
        ) {
            let found = answer.tokens(name)
            guard !found.contains(token) && !found.contains("*") else { return }
            problems.append(
                Problem(part: part, sentence: sentence(found.isEmpty ? absent : listed + found.joined(separator: ", ")))
            )
        }
        let getAllowed = allows(get)
        let preflightAllowed = allows(preflight)
        if !getAllowed {
            let preflightSeen =
                preflightAllowed ? "" : ", and the preflight HTTP \(preflight.status) with \(seen(preflight))"
            problems.append(
                Problem(
                    part: .origin,
                    sentence: "no CORS rule allows \(origin): the GET answered HTTP \(get.status) with \(seen(get))"
                        + preflightSeen + "; a browser hides every answer from a page there, so every lookup fails"))
        } else if (300..<400).contains(preflight.status) {
            let target = preflight.headers["location"].map { " to \($0)" } ?? ""
            problems.append(
                Problem(
                    part: .preflightStatus,
                    sentence: "the preflight was redirected (HTTP \(preflight.status)\(target)): a browser never "
                        + "follows a redirect for a preflight, so every revalidation fails and format 1 turns stale; "
                        + "give the app (and --base) the URL that answers without a redirect"))
        } else if !preflightAllowed {
            // S3 matches a rule on the origin, the method and every requested header: a rule that lacks
            // If-None-Match (or GET) refuses the whole preflight, while the plain GET is allowed.
            problems.append(
                Problem(
                    part: .ifNoneMatch,
                    sentence: "the GET is allowed, but the preflight for a GET with If-None-Match answered HTTP "
                        + "\(preflight.status) with \(seen(preflight)): the rule lacks If-None-Match among its allowed "
                        + "headers (or GET among its methods), so a page reads format 1 until its first "
                        + "revalidation, then answers stale: true for good"))
        }
        if preflightAllowed && !(200..<400).contains(preflight.status) {
            problems.append(
                Problem(
                    part: .preflightStatus,
                    sentence: "the preflight allows \(origin) but answers HTTP \(preflight.status); a browser "
                        + "refuses a preflight that is not 2xx, so every revalidation fails and format 1 turns stale"))
        }
        if preflightAllowed {
            require(
                preflight, "get", in: "access-control-allow-methods", absent: "no Access-Control-Allow-Methods",
                part: .get
            ) {
                "the preflight does not list GET among the allowed methods (\($0)): the rule does not allow the one "
                    + "method the readers use"
            }
            require(
                preflight, "if-none-match", in: "access-control-allow-headers",
                absent: "no Access-Control-Allow-Headers",
                listed: "allowed: ", part: .ifNoneMatch
            ) {
                "the preflight does not allow If-None-Match (\($0)): a page reads format 1 until its first "
                    + "revalidation, then answers stale: true for good"
            }
            if preflight.headers["access-control-max-age"] == nil {
                notes.append(
                    "the preflight has no Access-Control-Max-Age: a browser repeats it before each revalidation "
                        + "after a few seconds (Chromium: 5 s)")
            }
        }
        if getAllowed {
            require(
                get, "etag", in: "access-control-expose-headers", absent: "no Access-Control-Expose-Headers",
                listed: "exposed: ", part: .etag
            ) {
                "the GET does not expose ETag (\($0)): the reader cannot see a tile's ETag, never revalidates, and "
                    + "downloads every tile again whole once its max-age passes"
            }
            let echoed = get.headers["access-control-allow-origin"]?.trimmingCharacters(in: .whitespaces) == origin
            if echoed && !get.tokens("vary").contains("origin") {
                notes.append(
                    "the GET names \(origin) in Access-Control-Allow-Origin without Vary: Origin: a cache in front "
                        + "may hand that answer to a page on another origin, or one without CORS headers to this one")
            }
        }
        return BrowserAccess(
            origin: origin, url: url, preflight: preflight, get: get, problems: problems, notes: notes)
    }

    /// The headers of the preflight's answer that the report shows, lower-cased.
    public static let preflightHeaders = [
        "access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers",
        "access-control-max-age",
    ]
    /// The headers of the GET's answer that the report shows, lower-cased.
    public static let getHeaders = ["access-control-allow-origin", "access-control-expose-headers", "vary"]

    /// The printed report: both answers, each problem with the section to read, the notes, then the verdict.
    public var lines: [String] {
        func describe(_ answer: Answer, _ names: [String]) -> String {
            let shown = names.compactMap { name in answer.headers[name].map { "\(name): \($0)" } }
            let listed = shown.isEmpty ? "no CORS headers" : shown.joined(separator: ", ")
            return "HTTP \(answer.status), \(listed)"
        }
        var lines = [
            "browser access from \(origin) to \(url):",
            "  preflight (OPTIONS for GET with If-None-Match): " + describe(preflight, Self.preflightHeaders),
            "  GET: " + describe(get, Self.getHeaders),
        ]
        lines += problems.map { "problem: \($0.sentence) (read \($0.part.section))" }
        lines += notes.map { "note: \($0)" }
        lines.append(problems.isEmpty ? "browser access: ok" : "browser access: INCOMPLETE")
        return lines
    }
}
