import Foundation
import FuelClient
import FuelCommandLine
import FuelFormat

/// `fuel-nearby`: the client lookup from the command line, against a published base URL or a local build folder.
@main
struct FuelNearby {
    static let usage = """
        usage: fuel-nearby --base URL|DIR (--lat DEG --lon DEG [--radius KM] | --route FILE [--buffer KM]
                                              | --id ID[@CELL]... | --history ID[@CELL] [--days N])
                           [--fuel CODE] [--sort distance|price] [--brand NAME]... [--exclude-brand NAME]...
                           [--limit N] [--open-now [--at TIME]] [--json] [--cache DIR] [--deadline S]
                           [--layout auto|v1|v2]

        Lists fuel stations near a point, along a route, or by id, from published tiles, nearest first or cheapest
        first.

          --base URL|DIR  where the files are: an http(s) base (reads URL/fuel/...) or a build folder (DIR/fuel/...)
          --layout L      which published format to read: auto (the default) reads format 2, BASE/fuel/v2/, when
                          its index.json exists, else format 1, BASE/fuel/; v1 or v2 reads that format alone
          --lat, --lon    the point, in decimal degrees (WGS84)
          --radius KM     search radius, default 10
          --route FILE    instead of a point: stations along a route, a GeoJSON LineString (bare, in a Feature,
                          or the one LineString of a FeatureCollection) or a GPX track (its trkpt points; a GPX
                          route's rtept without one). Each station comes with its distance along the route (ALONG)
                          and its detour, there and back (DETOUR); only the tiles of the route's corridor are read
          --history ID[@CELL]  instead of a point: the station's price history (R14), each of the --days N (1
                          to 7, default 7) UTC days before the index's build: per fuel its opening, lowest, highest
                          and closing price and how often it changed; a day not published, or unreadable, is
                          "missing" (exit 3, a partial answer). Goes with --base, --layout, --json, --cache,
                          --deadline only
          --id ID[@CELL]  instead of a point: these stations by id (repeat it for a watch list), in the order
                          given, each id once. With @CELL (the cell an earlier answer gave, 77_-19) only that
                          cell's tile is read; without it, or when the station is no longer there, the id table
                          says where it is now. An id that moved is shown, and a line after the table gives its
                          new cell; a closed one gets a line saying so. --sort, --limit, --brand, --exclude-brand
                          and --open-now do not go with --id
          --buffer KM     with --route, how far from the route a station may be, default 5, at most 50
          --fuel CODE     only stations selling this fuel, and show its price; one of:
        \(fuelList)
          --sort ORDER    distance (the default): nearest first, equal distances by station id (with --route:
                          along the route, first to last); price: cheapest first by the displayed price of --fuel
                          (which it needs), then nearest (along the route), then by id
          --brand NAME    only stations of this brand, compared trimmed and case-insensitively; repeat it for
                          several brands (a station of any of them is kept); a station without a brand never matches
          --exclude-brand NAME
                          leave out stations of this brand, compared the same way; repeatable; applied after
                          --brand, so a brand given to both is left out
          --limit N       at most N stations, the first in --sort's order, default 20
          --open-now      leave out stations whose opening hours say they are closed now, in the station's own
                          time zone; the OPEN column (and "open" in --json) says open (with staff), automat (card
                          payment at the automat only), or unknown where the station publishes no machine-readable
                          hours, has a public-holiday rule on a day the build's holiday list does not cover, or
                          hours the reader cannot read. Unknown stations are kept: their hours are not known to be
                          closed
          --at TIME       with --open-now, ask about this UTC instant (2026-12-03T18:30:00Z) instead of now
          --json          machine-readable output: the stations with distanceKm (with --route: from the route,
                          and alongKm and detourKm; with --id: 0, and "ids", what became of each id), the
                          format that answered, the stale and partial flags, stale reasons and missing cells
          --cache DIR     keep fetched files in DIR for later runs: a format-1 tile is trusted for 6 h, then
                          revalidated; a format-2 tile never changes and is never asked for again, only the index
          --deadline S    give up on the whole lookup after S seconds (default 30); one file may take 30 s,
                          go 20 s without a byte, and be at most 64 MB decoded

        When a refresh fails and a cached copy exists, that copy is used and a warning on stderr names the file and
        the reason. When a format-1 tile the index lists is missing (HTTP 404) and not cached, the stations found
        are shown, a warning on stderr names the missing cells, and the exit code is 3.

        Exit codes: 0 a complete answer; 3 a partial answer (the stations shown, cells missing); 1 no answer (a
        needed tile unavailable and not cached, a format-2 tile failing its hash check, no index); 64 bad flags.
        With --json, a failed lookup prints {"error":{"code":"tiles-unavailable","message":…,"failedTiles":[…]}}
        on stdout (the codes are FuelClient's NearbyError.Code, such as hash-mismatch); docs/format.md describes
        every key. --version prints the version.
        """

    /// The fuel codes, wrapped to fit the help text.
    static var fuelList: String {
        var lines: [String] = []
        var line = ""
        for code in FuelCode.all.map(\.rawValue) {
            if !line.isEmpty, line.count + code.count + 2 > 80 {
                lines.append(line + ",")
                line = ""
            }
            line += line.isEmpty ? code : ", " + code
        }
        lines.append(line)
        return lines.map { String(repeating: " ", count: 18) + $0 }.joined(separator: "\n")
    }

    static func main() async {
        await CommandMain.run(usage: usage) {
            if CommandMain.arguments.contains("--history") {
                return try await HistoryCommand.run(CommandMain.arguments)
            }
            let options = try NearbyOptions(CommandMain.arguments, usage: usage)
            let client = TileClient(
                base: options.base, cacheDirectory: options.cache,
                policy: TileCachePolicy(lookupDeadline: options.deadline), format: options.layout)
            let result: NearbyResult
            do throws(NearbyError) {
                let openAt = options.openNow ? options.at ?? Date() : nil
                switch options.place {
                case .point(let latitude, let longitude, let radiusKm):
                    result = try await client.stationsAround(
                        latitude: latitude, longitude: longitude, radiusKm: radiusKm, fuel: options.fuel,
                        includeBrands: options.brands, excludeBrands: options.excludedBrands, sort: options.sort,
                        limit: options.limit, openAt: openAt)
                case .route(let route, let bufferKm):
                    result = try await client.stationsAlong(
                        route: route, bufferKm: bufferKm, fuel: options.fuel, includeBrands: options.brands,
                        excludeBrands: options.excludedBrands, sort: options.sort, limit: options.limit,
                        openAt: openAt)
                case .ids(let references):
                    result = try await client.stations(ids: references, fuel: options.fuel)
                }
            } catch {
                throw try failure(error, json: options.json)
            }
            if options.json {
                Console.output(try json(result))
            } else {
                for (path, reason) in result.staleReasons {
                    Console.error("warning: \(path) could not be refreshed (\(reason)); showing the cached copy")
                }
                Console.output(NearbyTable(fuel: options.fuel, now: Date(), showsOpen: options.openNow).render(result))
            }
            if result.isPartial {
                Console.error(partialWarning(result.missingTiles))
                throw partialAnswer
            }
        }
    }
}

extension FuelNearby {
    /// The exit code of an answer that lacks the stations of cells the index lists: shown, but incomplete.
    static let partialAnswer = ExitCode(3)

    /// The stderr line of a partial answer, naming its missing cells.
    static func partialWarning(_ cells: [TileKey]) -> String {
        let names = cells.map(\.description).joined(separator: ", ")
        let (noun, pronoun) = cells.count == 1 ? ("cell \(names) is", "its") : ("cells \(names) are", "their")
        return "warning: partial answer: \(noun) listed in the index but \(pronoun) tile answered HTTP 404 and "
            + "no copy is cached, so \(pronoun) stations are not shown; if a newer build removed it, a lookup in 5 "
            + "minutes reads that build's index"
    }
}

extension FuelNearby {
    /// Maps a failed lookup to the exit: a query the client refused is a usage error (64), anything else exit 1
    /// with the message on stderr; with `--json`, stdout also gets `{"error":{"code":…,"message":…,"failedTiles":…}}`,
    /// so a script can branch on the stable ``NearbyError/Code`` rather than on the wording.
    static func failure(_ error: NearbyError, json: Bool) throws -> any Error {
        if json { Console.output(try Self.json(ErrorOutput(error))) }
        if error.code == .invalidQuery { return UsageError(error.message) }
        return error
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `--json` output of a failed lookup: `{"error":{"code":…,"message":…,"failedTiles":[…]}}`.
    struct ErrorOutput: Encodable {
        struct Body: Encodable {
            var code: String
            var message: String
            var failedTiles: [FailedTile]
        }
        /// One tile that could not be used, with its own code (`hash-mismatch` or `tiles-unavailable`).
        struct FailedTile: Encodable {
            var key: String
            var code: String
            var url: String
            var reason: String
        }
        var error: Body

        init(_ error: NearbyError) {
            let tiles = error.failedTiles.map {
                FailedTile(key: $0.key.description, code: $0.code.rawValue, url: $0.url, reason: $0.reason)
            }
            self.error = Body(code: error.code.rawValue, message: error.message, failedTiles: tiles)
        }
    }
}

/// The parsed command line.
struct NearbyOptions {
    var base: URL
    /// Where to look: around a point, or along a route.
    enum Place {
        case point(latitude: Double, longitude: Double, radiusKm: Double)
        case route(Route, bufferKm: Double)
        /// Stations by id, each with the cell the caller gave, if any.
        case ids([StationReference])
    }
    var place: Place
    var fuel: FuelCode?
    var brands: [String] = []
    var excludedBrands: [String] = []
    var sort = NearbySort.standard
    var sortGiven = false
    var limit = 20
    var limitGiven = false
    var json = false
    var cache: URL?
    var deadline = 30.0
    var layout = ReadFormat.standard
    var openNow = false
    var at: Date?

    init(_ arguments: [String], usage: String) throws {
        var reader = Arguments(arguments)
        if reader.wantsHelp { throw CleanExit(usage) }
        guard let baseText = try reader.option("--base") else { throw UsageError("--base is required") }
        base = try Self.base(baseText)
        place = try Self.place(&reader)
        if let code = try reader.option("--fuel") {
            let fuel = FuelCode(rawValue: code.lowercased())
            guard fuel.isCanonical else {
                throw UsageError("--fuel \(code) is not a fuel code; use one of \(FuelCode.all.map(\.rawValue))")
            }
            self.fuel = fuel
        }
        brands = try Self.brands(reader.repeatedOption("--brand"), option: "--brand")
        excludedBrands = try Self.brands(reader.repeatedOption("--exclude-brand"), option: "--exclude-brand")
        if let order = try reader.option("--sort") {
            sortGiven = true
            guard let sort = NearbySort(rawValue: order) else {
                throw UsageError("--sort \(order) is not an order; use one of \(NearbySort.choices)")
            }
            guard sort != .price || fuel != nil else {
                throw UsageError("--sort price needs --fuel CODE: the displayed price of that fuel orders the stations")
            }
            self.sort = sort
        }
        if let limit = try reader.option("--limit", as: Int.init, expected: "a whole number") {
            limitGiven = true
            guard limit > 0 else { throw UsageError("--limit must be at least 1") }
            self.limit = limit
        }
        openNow = try reader.flag("--open-now")
        if let text = try reader.option("--at") {
            guard openNow else { throw UsageError("--at needs --open-now") }
            guard let seconds = UTCTime.parse(text) else {
                throw UsageError("--at \(text) is not a UTC time like 2026-12-03T18:30:00Z")
            }
            at = Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        json = try reader.flag("--json")
        cache = try reader.option("--cache").map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let seconds = try reader.option("--deadline", as: Double.init, expected: "seconds") {
            guard seconds > 0, seconds <= 600 else { throw UsageError("--deadline must be above 0 and at most 600") }
            deadline = seconds
        }
        layout =
            try reader.option("--layout", as: ReadFormat.init(rawValue:), expected: ReadFormat.choices) ?? .standard
        try reader.finish()
        if case .ids = place {
            let given = [
                ("--brand", !brands.isEmpty), ("--exclude-brand", !excludedBrands.isEmpty),
                ("--sort", sortGiven), ("--limit", limitGiven), ("--open-now", openNow),
            ]
            if let (option, _) = given.first(where: \.1) {
                throw UsageError("\(option) does not go with --id: a lookup by id answers the stations asked for")
            }
        }
    }

    /// `--id ID[@CELL]`, repeatable, alone: no point, radius or route with it.
    private static func ids(_ reader: inout Arguments) throws -> Place? {
        let values = try reader.repeatedOption("--id")
        guard !values.isEmpty else { return nil }
        for option in ["--lat", "--lon", "--radius", "--route", "--buffer"] where try reader.option(option) != nil {
            throw UsageError("\(option) does not go with --id: a lookup by id has no point or route")
        }
        guard values.count <= TileClient.maxIds else {
            throw UsageError("--id: at most \(TileClient.maxIds) ids, got \(values.count)")
        }
        return .ids(
            try values.map { value in
                guard let reference = StationReference(parsing: value) else {
                    throw UsageError("--id \(value) is not ID or ID@CELL (a cell such as 77_-19)")
                }
                return reference
            })
    }

    /// `--lat`, `--lon` and `--radius`, `--route` and `--buffer`, or `--id`.
    private static func place(_ reader: inout Arguments) throws -> Place {
        if let ids = try ids(&reader) { return ids }
        if let path = try reader.option("--route") {
            for option in ["--lat", "--lon", "--radius"] where try reader.option(option) != nil {
                throw UsageError("\(option) does not go with --route: a route lookup has --buffer instead")
            }
            var bufferKm = 5.0
            if let buffer = try reader.option("--buffer", as: Double.init, expected: "kilometres") {
                guard buffer > 0, buffer <= TileClient.maxBufferKm else {
                    throw UsageError("--buffer must be more than 0 and at most \(Int(TileClient.maxBufferKm))")
                }
                bufferKm = buffer
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError("--route \(path) cannot be read")
            }
            let route: Route
            do throws(RouteFile.ReadError) {
                route = try RouteFile.read(data)
            } catch {
                throw UsageError("--route \(path): \(error.message)")
            }
            guard route.points.count >= 2 else {
                throw UsageError("--route \(path): a route needs at least 2 points, it has \(route.points.count)")
            }
            return .route(route, bufferKm: bufferKm)
        }
        if try reader.option("--buffer") != nil { throw UsageError("--buffer needs --route") }
        guard let latitude = try reader.option("--lat", as: Double.init, expected: "decimal degrees") else {
            throw UsageError("--lat is required (or --route)")
        }
        guard let longitude = try reader.option("--lon", as: Double.init, expected: "decimal degrees") else {
            throw UsageError("--lon is required")
        }
        guard (-90...90).contains(latitude) else { throw UsageError("--lat must be between -90 and 90") }
        guard (-180...180).contains(longitude) else { throw UsageError("--lon must be between -180 and 180") }
        var radiusKm = 10.0
        if let radius = try reader.option("--radius", as: Double.init, expected: "kilometres") {
            guard radius > 0, radius <= 500 else { throw UsageError("--radius must be more than 0 and at most 500") }
            radiusKm = radius
        }
        return .point(latitude: latitude, longitude: longitude, radiusKm: radiusKm)
    }

    /// The values of a brand option, each with some text: a blank one matches no station, so it is a mistake.
    private static func brands(_ values: [String], option: String) throws -> [String] {
        for value in values where value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw UsageError("\(option) needs a brand name, got '\(value)'")
        }
        return values
    }

    static func base(_ text: String) throws -> URL {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            guard let url = URL(string: text), url.host != nil else { throw UsageError("--base \(text) is not a URL") }
            return url
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("--base \(text) is neither an http(s) URL nor an existing folder")
        }
        return URL(fileURLWithPath: text, isDirectory: true)
    }
}
