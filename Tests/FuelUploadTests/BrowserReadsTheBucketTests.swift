import Foundation
import Testing
import _FuelTestSupport

/// docs/browsers.md held to a real S3 server and a real browser: the conformance kit's build uploaded by
/// `fuel-publish upload` to a SeaweedFS bucket (public-read), whose gateway applies a bucket's CORS rule as S3 does
/// (moto cannot: it answers every preflight 403 and echoes any origin); the rules put with boto3 by
/// `Tests/Servers/cors_browser.py`, from the S3 JSON of the docs.
@Suite(.serverLogsOnFailure) struct BrowserReadsTheBucketTests {
    /// A rule as the tests put it: the docs' S3 JSON, or a part of it taken away.
    struct RuleCase: Sendable, CustomTestStringConvertible {
        var label: String
        /// nil: no rule at all.
        var rule: (@Sendable ([String: Any]) -> [String: Any])?
        var status: Int32
        var says: [String]
        var testDescription: String { label }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(
            label: "no rule", rule: nil, status: 1,
            says: [
                "problem: no CORS rule allows http://localhost:8000", "(read docs/browsers.md, \"The origins\")",
                "browser access: INCOMPLETE",
            ]),
        RuleCase(label: "the documented rule", rule: { $0 }, status: 0, says: ["browser access: ok"]),
        // SeaweedFS, unlike S3, lets a rule without AllowedHeaders allow any header: the rule here allows another one.
        RuleCase(
            label: "the rule with Range instead of If-None-Match",
            rule: { DocumentedRule.set("AllowedHeaders", ["Range"], in: $0) }, status: 1,
            says: ["the preflight does not allow If-None-Match", "(read docs/browsers.md, \"If-None-Match\")"]),
        RuleCase(
            label: "the rule without ETag exposed", rule: { DocumentedRule.set("ExposeHeaders", nil, in: $0) },
            status: 1, says: ["the GET does not expose ETag", "(read docs/browsers.md, \"ETag\")"]),
    ]

    @Test(.tags(.server, .executable, .python), arguments: ruleCases)
    func statusOriginNamesWhatTheRuleLacks(_ testCase: RuleCase) async throws {
        let bucket = try await KitBucket.make()
        let origin = "http://localhost:8000"
        try bucket.put(try testCase.rule.map { try $0(DocumentedRule.s3()) }, origin: origin)

        let result = try await Executable.runAsync(
            "fuel-publish",
            ["status", "--base", bucket.base, "--origin", origin] + KitBucket.fresh)

        #expect(result.status == testCase.status, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\nok\n"), "the kit's index is fresh at --now: \(result.stdout)")
        for words in testCase.says {
            #expect(result.stdout.contains(words), "\(words): \(result.stdout)")
        }

        // --json says the same of the browser's view: the answers, each problem with its part and section.
        let json = try await Executable.runAsync(
            "fuel-publish", ["status", "--base", bucket.base, "--origin", origin, "--json"] + KitBucket.fresh)
        #expect(json.status == testCase.status, "\(json.stdout)\(json.stderr)")
        let document = try StatusJSONTests.document(json.stdout)
        #expect(document["verdict"] as? String == "ok", "the data is fresh: \(json.stdout)")
        #expect(document["healthy"] as? Bool == (testCase.status == 0))
        let access = try #require(document["browserAccess"] as? [String: Any], "\(json.stdout)")
        #expect(access["origin"] as? String == origin)
        #expect(access["verdict"] as? String == (testCase.status == 0 ? "ok" : "incomplete"))
        let problems = access["problems"] as? [[String: Any]] ?? []
        let textProblems = result.stdout.split(separator: "\n").filter { $0.hasPrefix("problem: ") }
        #expect(
            problems.map { "problem: \($0["sentence"] as? String ?? "") (read \($0["section"] as? String ?? ""))" }
                == textProblems.map(String.init), "\(json.stdout)\n\(result.stdout)")
        let get = access["get"] as? [String: Any]
        #expect(get?["status"] as? Int == 200, "\(json.stdout)")
        let preflightHeaders = (access["preflight"] as? [String: Any])?["headers"] as? [String: String] ?? [:]
        for (name, value) in preflightHeaders {
            #expect(result.stdout.contains("\(name): \(value)"), "\(name): \(result.stdout)")
        }
    }

    @Test(.tags(.executable)) func originNeedsThePublicURL() throws {
        let folder = try Executable.run("fuel-publish", ["status", "--base", "/tmp", "--origin", "https://a.example"])
        #expect(folder.status == 64)
        #expect(folder.stderr.contains("--origin needs --base to be the public http(s) URL"), "\(folder.stderr)")
        let path = try Executable.run(
            "fuel-publish", ["status", "--base", "https://tiles.example", "--origin", "https://a.example/app"])
        #expect(path.status == 64)
        #expect(path.stderr.contains("--origin expects a web origin"), "\(path.stderr)")
    }

    /// What `cors_browser.py` printed for one scenario.
    struct Scenario: Decodable {
        struct Lookup: Decodable {
            var outcome: String
            var stations: Int?
            var stale: Bool?
            var staleReasons: [String: String]?
            var format: Int?
            var code: String?
        }
        struct Response: Decodable {
            var method: String
            var path: String
            var status: Int
            var ifNoneMatch: Bool
        }
        var lookups: [Lookup]
        var responses: [Response]
        var consoleErrors: [String]
        var pageErrors: [String]

        /// The answers the page saw for the format-1 tile, in order.
        var tile: [Response] { responses.filter { $0.path.hasPrefix("tiles/") } }
    }

    struct BrowserRun: Decodable {
        var origin: String
        var scenarios: [String: Scenario]
    }

    /// A page on `http://localhost:<port>` reads the bucket at `http://127.0.0.1:<port>` with clients/js: format 1,
    /// format 1 two hours later (its tile revalidated with If-None-Match), then format 2. With the documented rule all
    /// three answer and the revalidation is a 304 that stays fresh; each part taken away breaks what the docs say.
    @Test(.tags(.server, .browser, .executable, .python))
    func aPageOnAnotherOriginReadsTheBucketThroughARevalidation() async throws {
        let bucket = try await KitBucket.make()
        let kitCase = try KitBucket.lookup(named: "es-badalona-v1")
        let rules = RepositoryPaths.temporaryDirectory("cors-rules")
        func write(_ name: String, _ rule: [String: Any]) throws -> String {
            let file = rules.appendingPathComponent("\(name).json")
            try JSONSerialization.data(withJSONObject: rule).write(to: file)
            return "\(name)=\(file.path)"
        }
        let documented = try DocumentedRule.s3()
        let scenarios = [
            try write("documented", documented), "none=none",
            try write("without-if-none-match", DocumentedRule.set("AllowedHeaders", ["Range"], in: documented)),
            try write("without-etag", DocumentedRule.set("ExposeHeaders", nil, in: documented)),
        ]
        let result = try await CapturedRun.runAsync(
            "python3",
            [RepositoryPaths.root().appendingPathComponent("Tests/Servers/cors_browser.py").path]
                + ["--endpoint", bucket.server.endpoint, "--bucket", bucket.name, "--query", kitCase.query]
                + scenarios.flatMap { ["--scenario", $0] },
            environment: bucket.environment, timeout: 240)
        try #require(result.status == 0, "cors_browser.py exited \(result.status):\n\(result.stderr)")
        let run = try JSONDecoder().decode(
            BrowserRun.self, from: Data((result.stdout.split(separator: "\n").last ?? "").utf8))
        #expect(run.origin.hasPrefix("http://localhost:"))

        // The documented rule: format 1, its revalidation (a 304, still fresh), format 2, all with the kit's answer.
        let ok = try #require(run.scenarios["documented"])
        #expect(ok.lookups.map(\.outcome) == ["ok", "ok", "ok"], "\(ok.lookups)")
        #expect(ok.lookups.map(\.stations) == Array(repeating: kitCase.stations, count: 3))
        #expect(ok.lookups.map(\.stale) == [false, false, false], "\(ok.lookups)")
        #expect(ok.lookups.map(\.format) == [1, 1, 2])
        #expect(ok.tile.map(\.status) == [200, 304], "\(ok.responses)")
        #expect(ok.tile.map(\.ifNoneMatch) == [false, true], "\(ok.responses)")
        // Format 2 through its root (R15): the root, a leaf, and the cell's tile or (a split cell) its parts.
        for read in ["v2/root.json", "v2/leaves/"] {
            #expect(ok.responses.contains { $0.path.hasPrefix(read) && $0.status == 200 }, "\(read): \(ok.responses)")
        }
        #expect(
            ok.responses.contains {
                ($0.path.hasPrefix("v2/tiles/") || $0.path.hasPrefix("v2/parts/")) && $0.status == 200
            },
            "\(ok.responses)")
        #expect(ok.consoleErrors.isEmpty && ok.pageErrors.isEmpty, "\(ok.consoleErrors) \(ok.pageErrors)")

        // No rule: the browser hides every answer; the reader sees a network error and has no copy.
        let none = try #require(run.scenarios["none"])
        #expect(none.lookups.map(\.code) == ["index-unavailable", "index-unavailable", "index-unavailable"])
        #expect(none.consoleErrors.contains { $0.contains("blocked by CORS policy") }, "\(none.consoleErrors)")

        // Without If-None-Match: the first read works, the revalidation's preflight fails, the answer turns stale.
        let stale = try #require(run.scenarios["without-if-none-match"])
        #expect(stale.lookups.map(\.outcome) == ["ok", "ok", "ok"], "\(stale.lookups)")
        #expect(stale.lookups.map(\.stale) == [false, true, false], "\(stale.lookups)")
        #expect(stale.lookups[1].staleReasons?.values.contains { $0.contains("network error") } == true)
        #expect(stale.tile.map(\.status) == [200], "the revalidation never left the browser: \(stale.responses)")
        #expect(stale.consoleErrors.contains { $0.contains("is not allowed by Access-Control-Allow-Headers") })

        // Without ETag exposed: nothing goes stale, but the reader never sees the ETag and fetches the tile whole.
        let whole = try #require(run.scenarios["without-etag"])
        #expect(whole.lookups.map(\.stale) == [false, false, false], "\(whole.lookups)")
        #expect(whole.tile.map(\.status) == [200, 200], "\(whole.responses)")
        #expect(whole.tile.map(\.ifNoneMatch) == [false, false], "\(whole.responses)")
    }

    @Test func theR2AndWranglerRulesSayWhatTheS3RuleSays() throws {
        let s3 = try DocumentedRule.s3()
        let rules = try #require(s3["CORSRules"] as? [[String: Any]])
        let r2 = try #require(try DocumentedRule.block(after: "### Cloudflare R2", index: 0) as? [[String: Any]])
        let wrangler = try #require(try DocumentedRule.block(after: "### Cloudflare R2", index: 1) as? [String: Any])
        let wranglerRules = try #require(wrangler["rules"] as? [[String: Any]])
        try #require(rules.count == 1 && r2.count == 1 && wranglerRules.count == 1)
        let rule = rules[0]
        let allowed = try #require(wranglerRules[0]["allowed"] as? [String: Any])
        for field in ["AllowedOrigins", "AllowedMethods", "AllowedHeaders", "ExposeHeaders"] {
            #expect(r2[0][field] as? [String] == rule[field] as? [String], "\(field)")
        }
        #expect(r2[0]["MaxAgeSeconds"] as? Int == rule["MaxAgeSeconds"] as? Int)
        #expect(allowed["origins"] as? [String] == rule["AllowedOrigins"] as? [String])
        #expect(allowed["methods"] as? [String] == rule["AllowedMethods"] as? [String])
        #expect(allowed["headers"] as? [String] == rule["AllowedHeaders"] as? [String])
        #expect(wranglerRules[0]["exposeHeaders"] as? [String] == rule["ExposeHeaders"] as? [String])
        #expect(wranglerRules[0]["maxAgeSeconds"] as? Int == rule["MaxAgeSeconds"] as? Int)
        #expect(rule["AllowedHeaders"] as? [String] == ["If-None-Match"])
        #expect(rule["ExposeHeaders"] as? [String] == ["ETag"])
        #expect(rule["AllowedMethods"] as? [String] == ["GET", "HEAD"])
    }
}

/// The rule of docs/browsers.md, read from its JSON blocks.
enum DocumentedRule {
    static var docs: URL { RepositoryPaths.root().appendingPathComponent("docs/browsers.md") }

    /// The `index`-th ```` ```json ```` block after the heading `heading`, parsed.
    static func block(after heading: String, index: Int) throws -> Any {
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.range(of: "\n" + heading + "\n"), "no \(heading) in docs/browsers.md")
        let blocks = text[section.upperBound...].components(separatedBy: "```json\n").dropFirst()
        let block = try #require(blocks.dropFirst(index).first, "no JSON block \(index) under \(heading)")
        let json = try #require(block.components(separatedBy: "```").first)
        return try JSONSerialization.jsonObject(with: Data(json.utf8))
    }

    /// S3's put-bucket-cors JSON, `{"CORSRules": [...]}`.
    static func s3() throws -> [String: Any] {
        try #require(try block(after: "### Amazon S3", index: 0) as? [String: Any])
    }

    /// The configuration with `field` of every rule set to `value`, or removed when nil.
    static func set(_ field: String, _ value: [String]?, in configuration: [String: Any]) -> [String: Any] {
        var copy = configuration
        copy["CORSRules"] = (configuration["CORSRules"] as? [[String: Any]] ?? []).map { rule in
            var rule = rule
            rule[field] = value
            return rule
        }
        return copy
    }
}

/// A fresh SeaweedFS bucket holding the conformance kit's build in both formats, uploaded by `fuel-publish upload`.
struct KitBucket {
    let server: SeaweedFSServer
    let name: String

    /// `status` options under which the kit's index is fresh: its build time plus an hour, PT carried (since a day
    /// before) allowed, and the feed times of its samples (ES's of 2025-09-27 the oldest) allowed.
    static let fresh = ["--now", "2026-12-02T06:17:00Z", "--max-carried", "48", "--max-feed-age", "20000"]

    /// The public base URL, path style.
    var base: String { "\(server.endpoint)/\(name)" }

    /// The runner's environment with the bucket's credentials.
    var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(
            ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret]) { $1 }
    }

    static func make() async throws -> KitBucket {
        let server = try await SeaweedFSServer.shared()
        let bucket = KitBucket(server: server, name: "kit-\(UUID().uuidString.prefix(8).lowercased())")
        try await server.createBucket(bucket.name)
        let out = RepositoryPaths.temporaryDirectory("kit-upload")
        try FileManager.default.copyItem(
            at: RepositoryPaths.root().appendingPathComponent("conformance/build/fuel"),
            to: out.appendingPathComponent("fuel"))
        let upload = try await Executable.runAsync(
            "fuel-publish",
            ["upload", "--bucket", bucket.name, "--from", out.path, "--layout", "both", "--endpoint", server.endpoint],
            environment: ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secret])
        try #require(upload.status == 0, "\(upload.stderr)")
        return bucket
    }

    /// Makes the bucket public-read and puts `rule` for `origin` (nil: deletes the bucket's rules).
    func put(_ rule: [String: Any]?, origin: String) throws {
        var argument = "none"
        if let rule {
            let file = RepositoryPaths.temporaryDirectory("cors-rule").appendingPathComponent("rule.json")
            try JSONSerialization.data(withJSONObject: rule).write(to: file)
            argument = file.path
        }
        let result = try CapturedRun.run(
            "python3",
            [
                RepositoryPaths.root().appendingPathComponent("Tests/Servers/cors_browser.py").path, "--endpoint",
                server.endpoint, "--bucket", name, "--put", argument, "--origin", origin,
            ], environment: environment, timeout: 60)
        try #require(result.status == 0, "cors_browser.py --put exited \(result.status): \(result.stderr)")
    }

    /// A case of conformance/cases.json: its query as JSON and the number of stations it answers.
    static func lookup(named name: String) throws -> (query: String, stations: Int) {
        let url = RepositoryPaths.root().appendingPathComponent("conformance/cases.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let cases = try #require(document["cases"] as? [[String: Any]])
        let found = try #require(cases.first { $0["name"] as? String == name }, "no case \(name)")
        let query = try #require(found["query"] as? [String: Any])
        let stations = try #require((found["expect"] as? [String: Any])?["stations"] as? [Any])
        return (String(decoding: try JSONSerialization.data(withJSONObject: query), as: UTF8.self), stations.count)
    }
}
