import Foundation
import FuelBuild
import FuelFeeds
import Testing

@testable import fuel_publish

/// ``BuildProgressDisplay``: the build's events as the lines `build` has always printed, and a heartbeat that counts
/// countries, not lines.
@Suite struct BuildProgressDisplayTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var event: BuildEvent
        var line: String?
        var testDescription: String { name }
    }

    static let failure = FeedError(country: "PT", file: "feeds/PT", reason: "the feed folder is missing")

    static let cases: [Case] = [
        Case(name: "built", event: .countryDone(country: "ES", outcome: .built(stations: 40)), line: "ES: 40 stations"),
        Case(
            name: "failed", event: .countryDone(country: "PT", outcome: .failed(failure)),
            line: "PT: failed: the feed folder is missing"),
        Case(
            name: "carried",
            event: .countryCarried(
                country: "PT", stations: 2, lastFreshBuild: Date(timeIntervalSince1970: 1_796_014_800)),
            line: "PT: carried forward from the previous build, 2 stations as published there (last fresh build "
                + "2026-11-30T05:00:00Z)"),
        Case(name: "a step", event: .phaseDone(name: "parse, validate and encode", seconds: 1.5), line: nil),
        Case(
            name: "left out",
            event: .warning(.leftOut(BuildReport.LeftOut(country: "AT", reason: "never fetched"))),
            line: "warning: AT left out of this first build (--first-run): never fetched"),
        Case(
            name: "no baseline", event: .warning(.noBaseline(reason: "out/fuel/index.json is unreadable")),
            line: "warning: out/fuel/index.json is unreadable; building without a baseline (--allow-shrink)"),
        Case(
            name: "report not saved", event: .warning(.reportNotSaved(reason: "disk full")),
            line: "warning: the build is published, but its report could not be saved: disk full"),
    ]

    @Test(arguments: cases)
    func line(_ testCase: Case) {
        let lines = LinesRecorder()
        let display = BuildProgressDisplay(write: lines.append)
        #expect(display.handle(testCase.event) == (testCase.line != nil))
        #expect(lines.all == (testCase.line.map { [$0] } ?? []))
    }

    @Test func theHeartbeatCountsCountriesDoneNotLines() {
        let display = BuildProgressDisplay(write: { _ in })
        for event in Self.cases.map(\.event) { display.handle(event) }
        #expect(display.heartbeatLine(seconds: 20) == "build: still working, 20 s, 2 countries done")
    }
}
