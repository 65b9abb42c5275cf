import Foundation

/// BENCHMARKS.md's section of the report, between its markers, and its lines for the terminal.
extension PhoneReport: BenchSection {
    public static let marker = "phone"
    public static let heading = "## What the phone reads: the first read, a route and a watch list (issue 39)\n\n"

    /// The section, markers included.
    public func section() -> String {
        Self.wrap([
            run.measuredBy + " One build of both formats at scale \(BenchMarkdown.scaleText(scale)); every lookup "
                + "by `TileClient` with a new client (nothing cached), its files served from the disk as a static "
                + "host would, every answer and body byte counted. The floor of a lookup is its answer alone: `[` "
                + "the stations found, as published, `]`, gzipped as the build gzips.",
            "**The first read**: \(lookups) lookups of \(BenchText.count(radiusKm)) km at published stations. "
                + "Targets of issue 39 for format 2: at most 4 × the floor (median), at most 4 requests (median) "
                + "and 6 (p95). Format 2 is read twice: through `index.json` and whole tiles, as a reader released "
                + "before roots reads it (`root.json` answering 404: the figure before R15), and through `root.json`, "
                + "one leaf and the parts of split cells (R15, after).",
            BenchText.table(
                [
                    "format", "reads first", "bytes ÷ floor: median", "p95", "requests: median", "p95",
                    "bytes read: median",
                    "floor: median",
                ],
                firstRead.map { format in
                    [
                        "\(format.format)", format.readsFirst.map { "`\($0)`" } ?? "`index.json`",
                        BenchText.ratio(format.ratio.median, decimals: 1),
                        BenchText.ratio(format.ratio.p95, decimals: 1), BenchText.count(format.requests.median),
                        BenchText.count(format.requests.p95), BenchText.kilobytes(format.bytes.median),
                        BenchText.kilobytes(format.floor.median),
                    ]
                }),
            "**Along a route**: \(routes) routes between two published stations, "
                + "\(BenchText.count(routeLengthKm.median)) km long (median; at most "
                + "\(BenchText.count(routeLengthKm.max)) km), each a straight track with a point every kilometre, "
                + "with a \(BenchText.count(bufferKm)) km buffer (`stationsAlong`).",
            BenchText.table(
                [
                    "format", "corridor cells: median", "tiles read: median", "p95", "requests: median", "p95",
                    "bytes: median", "p95", "time: median", "p95", "stations: median",
                ],
                alongRoutes.map { format in
                    [
                        "\(format.format)", BenchText.count(format.cells.median), BenchText.count(format.tiles.median),
                        BenchText.count(format.tiles.p95), BenchText.count(format.requests.median),
                        BenchText.count(format.requests.p95), BenchText.kilobytes(format.bytes.median),
                        BenchText.kilobytes(format.bytes.p95), BenchText.milliseconds(format.seconds.median),
                        BenchText.milliseconds(format.seconds.p95), BenchText.count(format.stations.median),
                    ]
                }),
            "**A watch list**: \(watchLists) lists of \(watchListSize) published stations each, looked up by id with "
                + "the cells the app stored beside the ids (`stations(ids:)`, R13): cold, with a new client, then warm, "
                + "the same client again once every trust period has passed, so that it asks about each file it holds "
                + "(the index, format 2's root, and in format 1 each tile with its ETag). Format 2 reads through its "
                + "root (R15): a leaf for each block of 4 × 4 cells the list's stations lie in, then their tiles.",
            BenchText.table(
                [
                    "format", "tiles: median", "cold requests: median", "cold bytes: median", "p95",
                    "warm requests: median", "of them 304", "warm bytes: median", "p95",
                ],
                watched.map { format in
                    [
                        "\(format.format)", BenchText.count(format.tiles.median),
                        BenchText.count(format.coldRequests.median), BenchText.kilobytes(format.coldBytes.median),
                        BenchText.kilobytes(format.coldBytes.p95), BenchText.count(format.warmRequests.median),
                        BenchText.count(format.warmNotModified.median), BenchText.kilobytes(format.warmBytes.median),
                        BenchText.kilobytes(format.warmBytes.p95),
                    ]
                }),
        ])
    }

    /// Two lines per format for the terminal.
    public func summary() -> String {
        var lines: [String] = []
        for read in firstRead {
            let ratio = BenchText.ratio(read.ratio.median, decimals: 1)
            let ratioP95 = BenchText.ratio(read.ratio.p95, decimals: 1)
            let requests = "\(BenchText.count(read.requests.median)) (p95 \(BenchText.count(read.requests.p95)))"
            let through = read.readsFirst.map { " through \($0)" } ?? ""
            lines.append(
                "format \(read.format)\(through): first read \(ratio) the floor (p95 \(ratioP95)), \(requests) requests"
            )
        }
        for (along, watch) in zip(alongRoutes, watched) {
            let route = "\(BenchText.count(along.tiles.median)) tiles, \(BenchText.kilobytes(along.bytes.median))"
            lines.append(
                "format \(along.format): a route \(route), \(BenchText.milliseconds(along.seconds.median)) "
                    + "(median of \(routes))")
            lines.append(
                "format \(watch.format): a watch list of \(watchListSize), cold "
                    + "\(BenchText.kilobytes(watch.coldBytes.median)) in \(BenchText.count(watch.coldRequests.median)) "
                    + "requests, warm \(BenchText.kilobytes(watch.warmBytes.median)) in "
                    + "\(BenchText.count(watch.warmRequests.median))")
        }
        return lines.joined(separator: "\n")
    }
}
