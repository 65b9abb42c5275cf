import Foundation
import FuelBuild
import FuelPublishing
import Testing
import _FuelTestSupport

/// `builtAt` may lie at most `PublishingClock.tolerance` (10 minutes) ahead of the machine's clock.
@Suite struct BuilderClockTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    @Test(arguments: [(-31_536_000.0, false), (0.0, false), (600.0, false), (601.0, true), (31_536_000.0, true)])
    func aBuildAheadOfTheClockIsRefusedFirst(_ ahead: Double, _ refused: Bool) async {
        let root = RepositoryPaths.temporaryDirectory("clock")
        var options = BuildOptions(
            feedsDirectory: root.appendingPathComponent("feeds"), outputDirectory: root.appendingPathComponent("out"),
            adaptersDirectory: nil, countries: ["ES"], builtAt: Self.now.addingTimeInterval(ahead), dryRun: true)
        options.now = { Self.now }
        do {
            _ = try await Builder(options: options).run()
            Issue.record("a build with no feeds succeeded")
        } catch BuildError.builtAtAhead(let builtAt, let now) {
            #expect(refused, "refused \(ahead) s ahead")
            #expect(builtAt == options.builtAt && now == Self.now)
        } catch {
            // Past the clock check: the missing feed folder is what fails.
            #expect(!refused, "\(error)")
        }
    }
}
