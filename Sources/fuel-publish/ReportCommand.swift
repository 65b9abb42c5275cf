import Foundation
import FuelCommandLine
import FuelFormat
import FuelReport

/// `fuel-publish report`: one self-contained HTML page showing a build, and the build's verdict.
enum ReportCommand {
    static let usage = """
        usage: fuel-publish report --html FILE [--out OUT] [--previous DIR] [--fuel diesel] [--json]
               fuel-publish report --json [--out OUT] [--previous DIR]      the verdict alone, no page

        Writes one HTML file that shows the build in OUT with no network at all: the build's verdict (OK, CHECK
        with its reasons, see docs/operators.md, "The verdict"), a map of every published station coloured by the
        chosen fuel's price on each country's p5-p95 scale (grey without one), its outliers marked and listed, each
        country's coverage boxes (hatched while carried), the grid's cells, and a table per country (stations, change,
        rejects by reason, feed time and age, carried, tiles, bytes). With --previous, layers show the stations
        removed and added, prices moved by more than 5 %, and cells emptied and filled (tile bytes changed: off at
        first), and the change column is filled. The verdict is printed first, appended to the job's step summary
        in GitHub Actions, and a CHECK raises a ::warning:: there.

          --html FILE       the file to write: a new path, or a regular file (replaced atomically); a device,
                            FIFO, socket, folder or symbolic link is refused and left as it is (exit 1)
          --out OUT         the build to show (default: out)
          --previous DIR    an earlier build to compare with: an output folder, or a copy of its fuel/ folder
          --fuel CODE       the fuel the map colours by when it opens (default: diesel); the page can switch. Any
                            fuel code priced in the build, or a common name: e5 (gasoline_95), e10
                            (gasoline_95_e10), sp95, sp95-e10, sp98, b7, gazole, gasoil (diesel), gpl, autogas
                            (lpg), gnc (cng)
          --json            print {"verdict": {"status": …, "reasons": [{"code": …, "country": …, …}]}} on stdout;
                            without --html, that is all it does
        """

    static func run(_ arguments: inout Arguments) async throws {
        let (html, out, previous, fuelName, json) = try arguments.parse(usage: usage) { arguments in
            let file = try arguments.option("--html")
            let json = try arguments.flag("--json")
            guard file != nil || json else {
                throw UsageError("--html FILE is required (or --json for the verdict alone)")
            }
            return (
                file.map { URL(fileURLWithPath: $0) }, URL(fileURLWithPath: try arguments.option("--out") ?? "out"),
                try arguments.option("--previous").map { URL(fileURLWithPath: $0) }, try arguments.option("--fuel"),
                json
            )
        }
        // Refused before any work, and again as it is written.
        if let html { try ReportFile.check(html) }
        let build = try PublishedBuild.load(out)
        let fuel = try chosenFuel(fuelName, build: build)
        let earlier = try previous.map { try PublishedBuild.load($0) }
        let verdict = BuildVerdict.of(build, previous: earlier)
        guard let html else {
            Console.output(verdict.json())
            GitHubActions.appendSummary(verdict.markdown())
            if let title = verdict.warningTitle {
                GitHubActions.warning(title: title, verdict.reasons.map(\.text).joined(separator: "\n"))
            }
            return
        }
        var input = ReportInput.of(
            build, previous: earlier, fuel: fuel,
            title: "FuelTiles build \(UTCTime.format(build.index.builtAt)) (\(out.path))")
        input.verdict = verdict
        let page = Data(ReportPage.html(input).utf8)
        try ReportFile.write(page, to: html)
        Console.output(json ? verdict.json() : verdict.text())
        let wrote =
            "wrote \(html.path): \(build.stations.count) stations, \(build.index.tiles.count) cells, "
            + "\(ByteCount.format(page.count))"
            + (earlier.map { ", compared with the build of \(UTCTime.format($0.index.builtAt))" } ?? "")
        if json { Console.error(wrote) } else { Console.output(wrote) }
        GitHubActions.appendSummary(verdict.markdown())
        if let title = verdict.warningTitle {
            GitHubActions.warning(title: title, verdict.reasons.map(\.text).joined(separator: "\n"))
        }
    }

    /// `--fuel`: diesel when not given; else a code priced in the build, or an alias of one.
    /// - Throws: ``UsageError`` (64) listing the codes the build prices.
    static func chosenFuel(_ name: String?, build: PublishedBuild) throws -> FuelCode {
        guard let name else { return .diesel }
        let present = FuelName.present(in: build)
        if let code = FuelName.resolve(name, present: present) { return code }
        throw UsageError(
            "--fuel \(name): not a fuel priced in this build; use one of "
                + present.map(\.rawValue).joined(separator: ", ") + " (or e5, e10, sp95, sp98, b7, gpl)",
            usage: usage)
    }
}
