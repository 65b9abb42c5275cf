import FuelFeeds
import Synchronization
import Testing

@testable import FuelFetch
@testable import fuel_publish

@Suite struct FetchProgressDisplayTests {
    @Test func progressLinesPerCountryWhenNotATerminal() {
        let lines = LinesRecorder()
        let display = FetchProgressDisplay(terminal: false, write: lines.append)
        display.handle(.started(country: "ES"))
        display.handle(.bytes(country: "ES", total: 5_000_000))
        display.handle(
            .finished(CountryFetchResult(country: "ES", files: ["ES/a.json"], downloaded: 1, bytes: 5_000_000)))
        display.handle(
            .finished(
                CountryFetchResult(
                    country: "IT", error: FetchError(country: "IT", file: "IT/prezzo_alle_8.csv", reason: "HTTP 500"))))
        #expect(lines.all == ["ES ok: 1 file, 4.8 MB in 0.0 s\n", "IT failed: IT/prezzo_alle_8.csv: HTTP 500\n"])
    }

    @Test func aSliceFetchSaysHowManyFilesItKept() {
        let files = (1...19).map { "AT/\($0).json" }
        let result = CountryFetchResult(country: "AT", files: files, downloaded: 7, kept: 12, bytes: 2048)
        #expect(FetchProgressDisplay.summary(result) == "AT ok: 19 files, 12 kept from earlier slices, 2.0 kB in 0.0 s")
    }
}
final class LinesRecorder: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var append: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}
