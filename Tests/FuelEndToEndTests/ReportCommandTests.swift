import Foundation
import Testing
import _FuelTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fuel-publish report` as the scheduled job and an operator run it: one HTML file from a build, compared with the
/// previous build (an output folder, or the copy of its `fuel/` the job keeps).
@Suite(.tags(.executable)) struct ReportCommandTests {
    @Test func writesOneSelfContainedPageComparedWithThePreviousBuild() throws {
        let (root, out) = try Self.builtSamples("report-command")
        defer { try? FileManager.default.removeItem(at: root) }
        // The job's copy of the previous build, as `cp -RL out/fuel previous/fuel` leaves it.
        let previous = root.appendingPathComponent("previous/fuel")
        try FileManager.default.createDirectory(
            at: previous.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: out.appendingPathComponent("fuel").resolvingSymlinksInPath(), to: previous)
        try Executable.publishBuild(feeds: RepositoryPaths.samples(), out: out, builtAt: "2026-12-01T08:00:00Z")

        let html = root.appendingPathComponent("report/build-report.html")
        try FileManager.default.createDirectory(at: html.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try Executable.run(
            "fuel-publish",
            ["report", "--out", out.path, "--previous", previous.path, "--html", html.path, "--fuel", "e5"])
        #expect(result.status == 0, "\(result.stderr)")
        // An unchanged rebuild: nothing to look at.
        #expect(result.stdout.hasPrefix("verdict: OK\nwrote "), "\(result.stdout)")
        #expect(result.stdout.contains("298 stations"), "\(result.stdout)")
        #expect(result.stdout.contains("compared with the build of 2026-11-30T08:00:00Z"), "\(result.stdout)")
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") || page.hasPrefix("<!doctype html>"))
        #expect(page.contains("2026-12-01T08:00:00Z"))
        #expect(page.contains(#"<strong id="verdict-status">OK</strong>"#))
        // README's `--fuel e5` opens the map on E5.
        #expect(page.contains(#""fuel":"gasoline_95""#))
        #expect(!page.contains("<script src=") && !page.contains("<link rel=\"stylesheet\""))
        // The table says each reject in words, from the build's saved report, its code on hover.
        #expect(page.contains(#"5 <span title="no-current-price">no current price</span>"#))
    }

    @Test(arguments: [
        (["report"], 64, "--html FILE is required"),
        (["report", "--html", "/tmp/x.html", "--out", "/nonexistent/out"], 1, "/nonexistent/out"),
        (["report", "--html", "/tmp/x.html", "--fuel"], 64, "--fuel"),
    ])
    func badArgumentsAreNamed(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Executable.run("fuel-publish", arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A carried country: the text, the step summary and `--json` give the same CHECK and reasons, and Actions gets a
    /// warning; an unknown `--fuel` is a usage error listing the codes the build prices.
    @Test func aCarriedCountryGivesTheSameCheckEverywhere() throws {
        let root = RepositoryPaths.temporaryDirectory("report-verdict")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.copyItem(at: RepositoryPaths.samples(), to: feeds)
        try Executable.publishBuild(feeds: feeds, out: out, builtAt: "2026-11-30T08:00:00Z")
        let previous = root.appendingPathComponent("previous/fuel")
        try FileManager.default.createDirectory(
            at: previous.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: out.appendingPathComponent("fuel").resolvingSymlinksInPath(), to: previous)
        try FileManager.default.removeItem(at: feeds.appendingPathComponent("PT"))
        try Executable.publishBuild(
            feeds: feeds, out: out, builtAt: "2026-12-01T08:00:00Z", ["--carry-forward", "48"])

        let html = root.appendingPathComponent("report.html")
        let summary = root.appendingPathComponent("summary.md")
        let environment = ["GITHUB_STEP_SUMMARY": summary.path, "GITHUB_ACTIONS": "true"]
        let arguments = ["report", "--out", out.path, "--previous", previous.path, "--html", html.path]
        let text = try Executable.run("fuel-publish", arguments, environment: environment)
        #expect(text.status == 0, "\(text.stderr)")
        let json = try Executable.run("fuel-publish", arguments + ["--json"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")

        let line = "PT carried: published from the previous build, last fresh build 2026-11-30T08:00:00Z"
        #expect(text.stdout.hasPrefix("verdict: CHECK\n    \(line)\nwrote "), "\(text.stdout)")
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.hasPrefix("## Verdict: CHECK\n\n- \(line)\n"), "\(markdown)")
        #expect(text.stderr.contains("::warning title=Build verdict CHECK%3A 1 reason::\(line)"), "\(text.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let verdict = try #require(document["verdict"] as? [String: Any])
        #expect(verdict["status"] as? String == "CHECK")
        let reasons = try #require(verdict["reasons"] as? [[String: String]])
        #expect(reasons == [["code": "carried", "country": "PT", "since": "2026-11-30T08:00:00Z"]])
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains(##"<li data-code="carried"><a href="#country-PT">"##), "banner links the row")
        #expect(page.contains(#"<tr id="country-PT" class="carried">"#))

        let unknown = try Executable.run("fuel-publish", arguments + ["--fuel", "petrol"])
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("--fuel petrol: not a fuel priced in this build; use one of diesel, "))
    }

    /// A FIFO at `--html` is refused with a clear error and left (a device or a link the same way, see
    /// `ReportFileTests`); `--json` alone prints the verdict and writes no page.
    @Test func aFIFOAtHtmlIsRefusedAndLeftAndJSONNeedsNoPage() throws {
        let (root, out) = try Self.builtSamples("report-fifo")
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("verdict.html")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        let refused = try Executable.run("fuel-publish", ["report", "--out", out.path, "--html", fifo.path])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("\(fifo.path) is a FIFO: the report writes only a regular file"))
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")

        let json = try Executable.run("fuel-publish", ["report", "--out", out.path, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.hasPrefix("{") && json.stdout.contains(#""verdict""#), "\(json.stdout)")
        #expect(!json.stdout.contains("wrote ") && !json.stderr.contains("wrote "))
    }

    /// The samples built into `root/out` at 2026-11-30 08:00 UTC, in a new temporary folder `root` that the caller
    /// removes (it is removed here when the build fails).
    static func builtSamples(_ name: String) throws -> (root: URL, out: URL) {
        let root = RepositoryPaths.temporaryDirectory(name)
        let out = root.appendingPathComponent("out")
        do {
            try Executable.publishBuild(feeds: RepositoryPaths.samples(), out: out, builtAt: "2026-11-30T08:00:00Z")
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw error
        }
        return (root, out)
    }
}
