import Foundation
import Testing
import _FuelTestSupport

/// Opens a report page in headless Chromium through `Tests/Servers/report_browser.py` (playwright driving the system
/// Chromium) and returns what the page did. A missing browser fails the test with the harness's message.
enum ReportBrowser {
    /// What `report_browser.py` printed.
    struct Run: Decodable {
        struct Report: Decodable {
            var stationCount: Int
            var stationsDrawn: Int
            var legend: String
            var fuel: String
            var fuels: [String]
            var cellsDrawn: Int
            var changesDrawn: [String: Int]
            /// Marks in view per layer (`stations-removed`, `outliers`, `carried`: hatched boxes, …).
            var layersDrawn: [String: Int]
            /// The chosen fuel's outliers' ids, all of them, in the list's order.
            var outliers: [String]
            var drawMilliseconds: Double
            var readyMilliseconds: Double
            /// Per country with a trend, the days charted for the chosen fuel and the text beside the chart.
            var trends: [String: Trend]
        }
        struct Trend: Decodable, Equatable {
            var points: Int
            var text: String
        }
        struct Hover: Decodable {
            var id: String
            var tooltip: String?
        }
        struct FuelChange: Decodable {
            var fuel: String
            var legend: String
            var legendTicks: String
            var stationsDrawn: Int
            var trends: [String: Trend]
        }
        struct Zoom: Decodable {
            var stationsDrawn: Int
            var countText: String
            var fitStationsDrawn: Int
        }
        struct OutlierClick: Decodable {
            struct Point: Decodable {
                var x: Double
                var y: Double
            }
            struct Box: Decodable {
                var x: Double
                var y: Double
                var width: Double
                var height: Double
            }
            var selected: String?
            var tooltip: String
            var position: Point?
            var map: Box
        }
        struct Toggle: Decodable {
            var checked: Bool
            var layersDrawn: [String: Int]
        }
        var allowedRequests: Int
        var blockedRequests: [String]
        var consoleErrors: [String]
        var pageErrors: [String]
        var dialogs: [String]
        var report: Report
        var countText: String
        var legendTicks: String
        /// The verdict banner's text (`CHECK` and a line per reason); nil without a banner.
        var verdict: String?
        /// The ids the outlier list's links name (at most 50).
        var outlierLinks: [String]
        /// The coverage legend's carried countries, as text.
        var carried: [String]
        /// Each layer checkbox's count text, `(3)`.
        var layerCounts: [String: String]
        var outlierClick: OutlierClick?
        /// Per toggled layer: its checkbox after the click, and the marks drawn then.
        var toggled: [String: Toggle]?
        var hover: Hover?
        var fuelChange: FuelChange?
        var zoom: Zoom?
        var screenshot: String?
        var openMilliseconds: Double
    }

    /// `.build/report-screenshots/`, where each test leaves its page and screenshot for a reader to look at.
    static var screenshots: URL { RepositoryPaths.root().appendingPathComponent(".build/report-screenshots") }

    /// Writes `html` to `.build/report-screenshots/NAME.html`, opens it and screenshots it to `NAME.png`.
    /// - Parameters:
    ///   - hover: a station id whose dot the mouse is moved onto.
    ///   - fuel: the fuel to switch to after the first look; the first other fuel when nil.
    ///   - zoom: also zoom in with the wheel, then press "Fit".
    ///   - toggle: layers whose checkbox is clicked, one after the other.
    ///   - clickOutlier: click the first link of the outlier list.
    static func open(
        _ html: String, named name: String, hover: String? = nil, fuel: String? = nil, zoom: Bool = false,
        toggle: [String] = [], clickOutlier: Bool = false
    ) throws -> Run {
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        let page = screenshots.appendingPathComponent("\(name).html")
        let screenshot = screenshots.appendingPathComponent("\(name).png")
        try? FileManager.default.removeItem(at: screenshot)
        try Data(html.utf8).write(to: page)
        var arguments = [
            RepositoryPaths.root().appendingPathComponent("Tests/Servers/report_browser.py").path,
            "--report", page.path, "--screenshot", screenshot.path,
        ]
        if let hover { arguments += ["--hover", hover] }
        if let fuel { arguments += ["--fuel", fuel] }
        if zoom { arguments.append("--zoom") }
        for layer in toggle { arguments += ["--toggle", layer] }
        if clickOutlier { arguments.append("--click-outlier") }
        let result = try CapturedRun.run("python3", arguments, timeout: 180)
        try #require(
            result.status == 0,
            "report_browser.py exited \(result.status):\n\(result.stderr)\nstdout: \(result.stdout.suffix(2000))")
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        do {
            return try JSONDecoder().decode(Run.self, from: Data(line.utf8))
        } catch {
            Issue.record("report_browser.py printed no result (\(error)):\n\(result.stdout)\n\(result.stderr)")
            throw error
        }
    }
}
