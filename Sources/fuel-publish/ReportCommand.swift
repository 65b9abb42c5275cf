import Foundation
import FuelCommandLine
import FuelFormat
import FuelReport

/// `fuel-publish report`: one self-contained HTML page showing a build.
enum ReportCommand {
    static let usage = """
        usage: fuel-publish report --html FILE [--out OUT] [--previous DIR] [--fuel diesel]

        Writes one HTML file that shows the build in OUT with no network at all: a map of every published
        station coloured by the chosen fuel's price (grey without one), the grid's cells, and a table per
        country (stations, change, rejects by reason, feed time and age, carried, tiles, bytes). With --previous,
        the cells whose tile changed, was added or was removed are outlined, and the change column filled.

          --html FILE       the file to write (replaced atomically)
          --out OUT         the build to show (default: out)
          --previous DIR    an earlier build to compare with: an output folder, or a copy of its fuel/ folder
          --fuel CODE       the fuel the map colours by when it opens (default: diesel); the page can switch
        """

    static func run(_ arguments: inout Arguments) async throws {
        if arguments.wantsHelp { throw CleanExit(usage) }
        let html: URL
        let out: URL
        let previous: URL?
        let fuel: FuelCode
        do {
            guard let file = try arguments.option("--html") else { throw UsageError("--html FILE is required") }
            html = URL(fileURLWithPath: file)
            out = URL(fileURLWithPath: try arguments.option("--out") ?? "out")
            previous = try arguments.option("--previous").map { URL(fileURLWithPath: $0) }
            fuel = FuelCode(rawValue: try arguments.option("--fuel") ?? FuelCode.diesel.rawValue)
            try arguments.finish()
        } catch let error as UsageError {
            throw UsageError(error.message, usage: usage)
        }
        let build = try PublishedBuild.load(out)
        let earlier = try previous.map { try PublishedBuild.load($0) }
        let input = ReportInput.of(
            build, previous: earlier, fuel: fuel,
            title: "FuelTiles build \(UTCTime.format(build.index.builtAt)) (\(out.path))")
        let page = Data(ReportPage.html(input).utf8)
        do {
            try page.write(to: html, options: .atomic)
        } catch {
            throw ReportError("\(html.path): cannot write the report: \(error.localizedDescription)")
        }
        Console.output(
            "wrote \(html.path): \(build.stations.count) stations, \(build.index.tiles.count) cells, "
                + "\(ByteCount.format(page.count))"
                + (earlier.map { ", compared with the build of \(UTCTime.format($0.index.builtAt))" } ?? ""))
    }
}
