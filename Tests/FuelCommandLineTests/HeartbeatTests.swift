import Foundation
import FuelCommandLine
import Synchronization
import Testing

/// ``Heartbeat``: a line at least every interval while work is silent, none while it speaks for itself.
@Suite struct HeartbeatTests {
    final class Lines: Sendable {
        let all = Mutex<[String]>([])
        var count: Int { all.withLock { $0.count } }
    }

    /// Waits until `condition` holds, for at most 5 s.
    static func eventually(_ condition: () -> Bool) async {
        for _ in 0..<500 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func silentWorkGetsLines() async {
        let lines = Lines()
        let heartbeat = Heartbeat(
            interval: .milliseconds(40), line: { "still working, \($0) s" },
            write: { line in lines.all.withLock { $0.append(line) } })
        heartbeat.start()
        await Self.eventually { lines.count >= 3 }
        heartbeat.stop()
        #expect(lines.count >= 3)
        #expect(lines.all.withLock { $0 }.allSatisfy { $0.hasPrefix("still working, ") })
    }

    /// Output every 50 ms for a second, against a 300 ms interval: no beat. A loaded machine can stretch a sleep past
    /// the interval; a beat is allowed only after such a gap, so the test stays about `noteOutput`, not the clock.
    @Test func workThatSpeaksGetsNoExtraLine() async {
        let lines = Lines()
        let interval = Duration.milliseconds(300)
        let heartbeat = Heartbeat(
            interval: interval, line: { _ in "beat" }, write: { line in lines.all.withLock { $0.append(line) } })
        let clock = ContinuousClock()
        heartbeat.start()
        var last = clock.now
        var longGaps = 0
        for _ in 0..<20 {
            heartbeat.noteOutput()
            if clock.now - last >= interval { longGaps += 1 }
            last = clock.now
            try? await Task.sleep(for: .milliseconds(50))
        }
        if clock.now - last >= interval { longGaps += 1 }
        heartbeat.stop()
        #expect(lines.count <= longGaps)
    }

    @Test(arguments: [("2.5", 2500), ("0", 10_000), ("x", 10_000), (nil, 10_000)] as [(String?, Int)])
    func theIntervalCanBeSetForTests(_ value: String?, _ milliseconds: Int) {
        let environment = value.map { ["FUEL_PROGRESS_SECONDS": $0] } ?? [:]
        #expect(Heartbeat.configuredInterval(environment) == .milliseconds(milliseconds))
    }
}
