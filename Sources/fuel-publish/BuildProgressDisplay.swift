import FuelBuild
import FuelFeeds
import FuelFormat
import Synchronization

/// Turns ``BuildEvent``s into progress lines, and counts the countries done for the heartbeat.
final class BuildProgressDisplay: Sendable {
    private let write: @Sendable (String) -> Void
    private let countriesDone = Mutex(0)

    /// - Parameter write: where the lines go, one call per line (stderr in the command).
    init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Feeds one event to the display; returns whether it wrote a line.
    @discardableResult
    func handle(_ event: BuildEvent) -> Bool {
        if case .countryDone = event { countriesDone.withLock { $0 += 1 } }
        guard let line = Self.line(event) else { return false }
        write(line)
        return true
    }

    /// What the heartbeat says: `build: still working, 20 s, 3 countries done`.
    func heartbeatLine(seconds: Int) -> String {
        "build: still working, \(seconds) s, \(countriesDone.withLock { $0 }) countries done"
    }

    /// The line of an event; nil for the steps, which the report times.
    static func line(_ event: BuildEvent) -> String? {
        switch event {
        case .countryDone(let country, .built(let stations)): "\(country): \(stations) stations"
        case .countryDone(let country, .reused(let stations)):
            // The build in OUT may never have been uploaded: the line says what is known, not "published".
            "\(country): \(stations) stations, reused from the previous build in OUT: its feed files and metadata "
                + "are unchanged since that build, so they were not parsed again"
        case .countryDone(let country, .failed(let error)): "\(country): failed: \(error.reason)"
        case .countryCarried(let country, let stations, let since):
            "\(country): carried forward from the previous build, \(stations) stations as published there (last "
                + "fresh build \(since.map(UTCTime.format) ?? "unknown"))"
        case .phaseDone: nil
        case .warning(let warning): "warning: \(warning.sentence)"
        }
    }
}
