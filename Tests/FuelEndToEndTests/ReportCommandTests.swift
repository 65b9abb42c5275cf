import Foundation
import Testing
import _FuelTestSupport

/// `fuel-publish report` as the scheduled job and an operator run it: one HTML file from a build, compared with the
/// previous build (an output folder, or the copy of its `fuel/` the job keeps).
@Suite(.tags(.executable)) struct ReportCommandTests {
    @Test func writesOneSelfContainedPageComparedWithThePreviousBuild() throws {
        let root = RepositoryPaths.temporaryDirectory("report-command")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try Executable.publishBuild(feeds: RepositoryPaths.samples(), out: out, builtAt: "2026-11-30T08:00:00Z")
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
        #expect(result.stdout.contains("298 stations"), "\(result.stdout)")
        #expect(result.stdout.contains("compared with the build of 2026-11-30T08:00:00Z"), "\(result.stdout)")
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") || page.hasPrefix("<!doctype html>"))
        #expect(page.contains("2026-12-01T08:00:00Z"))
        #expect(!page.contains("<script src=") && !page.contains("<link rel=\"stylesheet\""))
        // The table says each reject in words, from the build's saved report, its code on hover.
        #expect(page.contains(#"5 <span title="no-current-price">no current price</span>"#))
    }

    @Test(arguments: [
        (["report"], 64, "--html FILE is required"),
        (["report", "--html", "/tmp/x.html", "--out", "/nonexistent/out"], 1, "/nonexistent/out"),
    ])
    func badArgumentsAreNamed(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Executable.run("fuel-publish", arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
