import Foundation
import FuelFormat
import FuelReport
import Testing

/// ``ReportPage``'s text, read without a browser: nothing outside the data can make a request, and text from the
/// feeds is escaped in the markup and in the data, however hostile.
@Suite struct ReportPageTests {
    static let input: ReportInput = {
        let countries = [
            ReportInput.Country(
                country: "ES", stations: 1, previousStations: 2, rejected: ["no current price": 4],
                feedTime: ReportDataTests.day, feedAgeHours: 3, carriedSince: nil, tiles: 1, bytes: 900)
        ]
        let input = ReportInput(
            builtAt: ReportDataTests.day, gridDegrees: 0.5, stations: ReportDataTests.stations,
            cells: ["80_-8", HostileStations.cell], cellChanges: ["80_-8": .changed], hasPrevious: true,
            countries: countries,
            fuel: .diesel, title: "report")
        return HostileStations.added(to: input)
    }()

    @Test func nothingButTheDataMentionsTheNetwork() throws {
        let page = try PageDataReader(ReportPage.html(Self.input))
        for scheme in ["http:", "https:", "ftp:", "ws:", "wss:", "file:", "://"] {
            #expect(!page.markup.lowercased().contains(scheme), "\(scheme) in the page outside its data")
        }
        for loader in [
            "src=", "url(", "@import", "<iframe", "<img", "<object", "<embed", "<base", "fetch(", "XMLHttpRequest",
        ] {
            #expect(!page.markup.contains(loader), "\(loader) in the page outside its data")
        }
        // The one link is the empty inline icon, so the browser does not ask for /favicon.ico.
        #expect(page.markup.components(separatedBy: "href=").count == 2)
        #expect(page.markup.contains(#"<link rel="icon" href="data:,">"#))
        #expect(page.markup.contains("default-src 'none'"))
        // The hostile addresses are in the data, as text.
        #expect(page.table("address").contains { $0.contains("http://127.0.0.1:9/leak.png") })
    }

    @Test func hostileTextIsEscapedInTheMarkupAndTheData() throws {
        let html = ReportPage.html(Self.input)
        let page = try PageDataReader(html)
        // Only the page's own three scripts (the data's header and blob, the code), and no element or comment from
        // the feeds.
        #expect(html.components(separatedBy: "<script").count == 4)
        #expect(html.components(separatedBy: "</script").count == 4)
        #expect(html.components(separatedBy: "<!--").count == 1)
        #expect(html.components(separatedBy: "</title>").count == 2)
        for hostile in [
            HostileStations.name, HostileStations.brand, HostileStations.address, HostileStations.id,
            HostileStations.reason, HostileStations.cell, "<iframe", "</textarea>", "\u{2028}", "\u{2029}",
        ] {
            #expect(!html.contains(hostile), "\(hostile) stands unescaped in the page")
        }
        #expect(!page.headerText.contains("<") && !page.headerText.contains(">") && !page.headerText.contains("&"))
        #expect(page.blobText.allSatisfy { $0.isLetter || $0.isNumber || "+/=".contains($0) })
        // The markup shows them as text.
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;</title>"))
        #expect(html.contains("3 &lt;b onmouseover=alert(&#39;reason&#39;)&gt;bad&lt;/b&gt;"))
        // The data gives the script the exact strings back.
        #expect(page.table("name").contains(HostileStations.name))
        #expect(page.table("brand").contains(HostileStations.brand))
        #expect(try page.strings("address").last == "</textarea>")
        #expect(
            page.table("address").contains(
                "\(HostileStations.address), </title> \(HostileStations.city)"))
        #expect(page.strings["ids"]?.contains(HostileStations.id) == true)
    }

    @Test func theChangeLayersShowOnlyAgainstAPreviousBuild() {
        var input = Self.input
        #expect(ReportPage.html(input).contains(#"<input type="checkbox" data-layer="stations-removed" checked>"#))
        // Changed tile bytes start off.
        #expect(ReportPage.html(input).contains(#"<input type="checkbox" data-layer="cells-changed"><canvas"#))
        #expect(ReportPage.html(input).contains("cells since the previous build: 1 changed, 0 added, 0 removed"))
        input.hasPrevious = false
        input.cellChanges = [:]
        #expect(!ReportPage.html(input).contains("data-layer=\"stations-removed\""))
        #expect(ReportPage.html(input).contains(#"<input type="checkbox" data-layer="coverage" checked>"#))
        #expect(ReportPage.html(input).contains("no previous build compared"))
    }
}
