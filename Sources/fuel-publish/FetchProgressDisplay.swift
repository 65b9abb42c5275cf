import Foundation
import FuelFeeds
import FuelFetch
import FuelFormat
import Synchronization

/// Turns ``FetchEvent``s into progress text: on a terminal, one live line of bytes per country redrawn in place
/// (at most ten times a second) plus a line per finished country; otherwise only the line per finished country.
final class FetchProgressDisplay: Sendable {
    private struct State {
        var bytes: [String: Int64] = [:]
        var running: Set<String> = []
        var lastDraw: ContinuousClock.Instant?
        var lineShown = false
    }

    private let terminal: Bool
    /// Receives text exactly as it should appear (the line-per-country text ends with a newline).
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())
    private let clock = ContinuousClock()

    init(terminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.terminal = terminal
        self.write = write
    }

    /// Feeds one event to the display.
    func handle(_ event: FetchEvent) {
        let text: String? = state.withLock { state in
            switch event {
            case .started(let country):
                state.running.insert(country)
                state.bytes[country] = 0
                return terminal ? redraw(&state, force: true) : nil
            case .bytes(let country, let total):
                state.bytes[country] = total
                return terminal ? redraw(&state, force: false) : nil
            case .finished(let result):
                state.running.remove(result.country)
                let line = Self.summary(result) + "\n" + (result.warning.map { "warning: \($0)\n" } ?? "")
                guard terminal else { return line }
                let clear = state.lineShown ? "\r\u{1B}[K" : ""
                state.lineShown = false
                return clear + line + (redraw(&state, force: true) ?? "")
            }
        }
        if let text { write(text) }
    }

    /// Where the fetch is, for a heartbeat line: `fetching, 40 s: AT 1.2 MB, IT 3.4 MB`; nil when nothing runs.
    func statusLine(seconds: Int) -> String? {
        state.withLock { state in
            guard !state.running.isEmpty else { return nil }
            let parts = state.running.sorted().map { "\($0) \(ByteCount.format(state.bytes[$0] ?? 0))" }
            return "fetching, \(seconds) s: " + parts.joined(separator: ", ")
        }
    }

    /// One line about a finished country.
    public static func summary(_ result: CountryFetchResult) -> String {
        if let error = result.error { return "\(result.country) failed: \(error.file): \(error.reason)" }
        let files = result.files.count == 1 ? "1 file" : "\(result.files.count) files"
        if result.offline { return "\(result.country) offline: \(files) already in the feeds folder" }
        if let until = result.notDueUntil {
            return "\(result.country) not due until \(UTCTime.format(until)): \(files) of its last fetch kept"
        }
        let reused = result.reused > 0 ? ", \(result.reused) unchanged (304)" : ""
        let kept = result.kept > 0 ? ", \(result.kept) kept from earlier slices" : ""
        return "\(result.country) ok: \(files)\(reused)\(kept), \(ByteCount.format(result.bytes)) in "
            + String(format: "%.1f s", result.seconds)
    }

    private func redraw(_ state: inout State, force: Bool) -> String? {
        let now = clock.now
        if !force, let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
        guard !state.running.isEmpty else { return nil }
        state.lastDraw = now
        state.lineShown = true
        let parts = state.running.sorted().map { "\($0) \(ByteCount.format(state.bytes[$0] ?? 0))" }
        return "\r\u{1B}[Kfetching: " + parts.joined(separator: "  ")
    }
}
