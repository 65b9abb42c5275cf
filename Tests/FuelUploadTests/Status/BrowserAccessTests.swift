import FuelUpload
import Testing

/// The CORS checks of `fuel-publish status --origin`, on answers as R2, S3, SeaweedFS and moto give them.
@Suite struct BrowserAccessTests {
    static let origin = "https://app.example.org"
    static let url = "https://tiles.example.org/fuel/index.json"

    /// The answers S3 gives to a browser on ``origin`` under the rule of docs/browsers.md.
    static let documentedPreflight: [String: String] = [
        "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Methods": "GET, HEAD",
        "Access-Control-Allow-Headers": "if-none-match", "Access-Control-Max-Age": "3600", "Vary": "Origin",
    ]
    static let documentedGet: [String: String] = [
        "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Methods": "GET, HEAD",
        "Access-Control-Expose-Headers": "ETag", "Access-Control-Max-Age": "3600", "Vary": "Origin",
        "ETag": "\"0cc175b9c0f1b6a831c399e269772661\"", "Cache-Control": "public, max-age=300, no-transform",
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var preflightStatus = 200
        var preflight: [String: String] = BrowserAccessTests.documentedPreflight
        var getStatus = 200
        var get: [String: String] = BrowserAccessTests.documentedGet
        var missing: [BrowserAccess.Part]
        /// Words the first problem's sentence holds.
        var says: [String] = []
        var notes = 0
        var testDescription: String { label }

        func changing(_ change: (inout Case) -> Void) -> Case {
            var copy = self
            change(&copy)
            return copy
        }
    }

    static let documented = Case(label: "the documented rule, as S3 answers it", missing: [])

    static let cases: [Case] = [
        documented,
        Case(
            label: "no rule: the preflight refused with no CORS headers, the GET without them", preflightStatus: 403,
            preflight: ["Vary": "Origin"], get: ["ETag": "\"x\""], missing: [.origin],
            says: [
                "no CORS rule allows https://app.example.org", "the GET answered HTTP 200 with no Access-Control-Allow",
                "the preflight HTTP 403", "every lookup fails",
            ]),
        Case(
            label: "a rule for another origin", preflightStatus: 403, preflight: [:],
            get: documentedGet.merging(["Access-Control-Allow-Origin": "https://other.example.org"]) { $1 },
            missing: [.origin], says: ["Access-Control-Allow-Origin: https://other.example.org"]),
        Case(
            label: "the GET allowed, the preflight refused (S3 without If-None-Match in the rule)",
            preflightStatus: 403, preflight: [:], missing: [.ifNoneMatch],
            says: ["answered HTTP 403 with no Access-Control-Allow-Origin", "lacks If-None-Match", "stale: true"]),
        documented.changing {
            $0.label = "without If-None-Match among the allowed headers (SeaweedFS answers 200 without the header)"
            $0.preflight["Access-Control-Allow-Headers"] = nil
            $0.missing = [.ifNoneMatch]
            $0.says = ["does not allow If-None-Match", "stale: true"]
        },
        documented.changing {
            $0.label = "other headers allowed, If-None-Match not"
            $0.preflight["Access-Control-Allow-Headers"] = "x-requested-with, range"
            $0.missing = [.ifNoneMatch]
            $0.says = ["allowed: x-requested-with, range"]
        },
        documented.changing {
            $0.label = "ETag not exposed"
            $0.get["Access-Control-Expose-Headers"] = nil
            $0.missing = [.etag]
            $0.says = ["does not expose ETag", "no Access-Control-Expose-Headers", "never revalidates"]
        },
        documented.changing {
            $0.label = "HEAD allowed, GET not"
            $0.preflight["Access-Control-Allow-Methods"] = "HEAD"
            $0.missing = [.get]
            $0.says = ["GET", "(head)"]
        },
        documented.changing {
            $0.label = "a preflight that allows the origin but answers 403 (moto)"
            $0.preflightStatus = 403
            $0.missing = [.preflightStatus]
            $0.says = ["answers HTTP 403", "not 2xx"]
        },
        documented.changing {
            $0.label = "a redirected preflight (http to https)"
            $0.preflightStatus = 301
            $0.preflight = ["Location": "https://tiles.example.org/fuel/index.json"]
            $0.missing = [.preflightStatus]
            $0.says = ["redirected (HTTP 301 to https://tiles.example.org/fuel/index.json)", "never follows"]
        },
        documented.changing {
            $0.label = "nothing but If-None-Match and ETag missing"
            $0.preflight["Access-Control-Allow-Headers"] = nil
            $0.get["Access-Control-Expose-Headers"] = "Content-Length"
            $0.missing = [.ifNoneMatch, .etag]
        },
        Case(
            label: "wildcards: any origin, method and header, all exposed",
            preflight: [
                "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "*",
                "Access-Control-Allow-Headers": "*", "Access-Control-Max-Age": "600",
            ],
            get: ["Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "*"], missing: []),
        Case(
            label: "header names and values in any case (SeaweedFS: If-None-Match, ETag)",
            preflight: [
                "access-control-allow-origin": origin, "ACCESS-CONTROL-ALLOW-METHODS": "get,head",
                "Access-Control-Allow-Headers": "If-None-Match", "access-control-max-age": "3600",
            ],
            get: [
                "Access-Control-Allow-Origin": " \(origin) ", "Access-Control-Expose-Headers": "Content-Length,ETAG",
                "vary": "Accept-Encoding, Origin",
            ], missing: []),
        documented.changing {
            $0.label = "no max age for the preflight, and the echoed origin without Vary: a note each, no problem"
            $0.preflight["Access-Control-Max-Age"] = nil
            $0.get["Vary"] = nil
            $0.notes = 2
        },
    ]

    @Test(arguments: cases)
    func judgesTheAnswersAsABrowser(_ testCase: Case) {
        let access = BrowserAccess.judge(
            origin: Self.origin, url: Self.url,
            preflight: BrowserAccess.Answer(status: testCase.preflightStatus, headers: testCase.preflight),
            get: BrowserAccess.Answer(status: testCase.getStatus, headers: testCase.get))
        #expect(access.problems.map(\.part) == testCase.missing, "\(access.lines)")
        for words in testCase.says {
            #expect(access.problems.first?.sentence.contains(words) == true, "\(words): \(access.lines)")
        }
        #expect(access.notes.count == testCase.notes, "\(access.notes)")
        let lines = access.lines
        #expect(lines.last == (testCase.missing.isEmpty ? "browser access: ok" : "browser access: INCOMPLETE"))
        for problem in access.problems {
            #expect(lines.contains("problem: \(problem.sentence) (read \(problem.part.section))"))
        }
    }

    @Test func everyPartNamesASectionOfTheBrowserDocs() {
        for part in BrowserAccess.Part.allCases {
            #expect(part.section.hasPrefix("docs/browsers.md, \""), "\(part)")
        }
    }

    struct OriginCase: Sendable, CustomTestStringConvertible {
        var text: String
        var origin: String?
        var testDescription: String { text.isEmpty ? "(empty)" : text }
    }

    static let originCases: [OriginCase] = [
        OriginCase(text: "https://app.example.org", origin: "https://app.example.org"),
        OriginCase(text: "http://localhost:8000", origin: "http://localhost:8000"),
        OriginCase(text: "https://app.example.org/", origin: "https://app.example.org"),
        OriginCase(text: "https://app.example.org/map", origin: nil),
        OriginCase(text: "https://app.example.org?x=1", origin: nil),
        OriginCase(text: "https://user@app.example.org", origin: nil),
        OriginCase(text: "ftp://app.example.org", origin: nil),
        OriginCase(text: "app.example.org", origin: nil),
        OriginCase(text: "https://app example.org", origin: nil),
        OriginCase(text: "", origin: nil),
    ]

    @Test(arguments: originCases)
    func acceptsOnlyAWebOrigin(_ testCase: OriginCase) {
        #expect(BrowserAccess.origin(testCase.text) == testCase.origin)
    }
}
