import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// The daily job's promise, with the built `fuel-publish build`: a country never vanishes silently, and with
/// `--carry-forward HOURS` one failed feed republishes its country's last good stations instead of freezing all.
///
/// The workspace holds the real ES sample with station 1736 moved to La Jonquera, and one FR station at Le Perthus,
/// 5 km away across the border: both fall in cell `84_5`, a tile that mixes the two countries.
@Suite(.tags(.executable)) struct CarryForwardTests {
    static let day0 = "2026-11-30T05:00:00Z"
    static let esFile = "estaciones-terrestres-barcelona-2025-09-27-first40.json"
    static let borderTile = "tiles/84_5.json"

    struct Workspace {
        let feeds: URL
        let out: URL
        var fuel: URL { out.appendingPathComponent("fuel") }

        init() throws {
            let root = RepositoryPaths.temporaryDirectory("carry")
            feeds = root.appendingPathComponent("feeds")
            out = root.appendingPathComponent("out")
            let spain = feeds.appendingPathComponent("ES")
            try FileManager.default.createDirectory(at: spain, withIntermediateDirectories: true)
            let sample = try String(
                contentsOf: RepositoryPaths.samples().appendingPathComponent("ES/" + CarryForwardTests.esFile),
                encoding: .utf8)
            let moved = sample.replacingOccurrences(
                of: #""Latitud":"41,507833","Localidad":"ENTITAT EST D'ABRERA","Longitud (WGS84)":"1,902972""#,
                with: #""Latitud":"42,419700","Localidad":"LA JONQUERA","Longitud (WGS84)":"2,874700""#)
            try #require(moved != sample)
            try Data(moved.utf8).write(to: spain.appendingPathComponent("response.json"))
            try writeFrance(price: "1.799")
        }

        /// One FR station at Le Perthus, its diesel price as given, updated on 2025-09-27.
        func writeFrance(price: String) throws {
            let folder = feeds.appendingPathComponent("FR")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let xml = """
                <?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>
                <pdv_liste><pdv id="66480001" latitude="4246310" longitude="286330" cp="66480" pop="R">\
                <adresse>AVENUE DE FRANCE</adresse><ville>Le Perthus</ville>\
                <prix nom="Gazole" id="1" maj="2025-09-27 10:00:00" valeur="\(price)"/></pdv></pdv_liste>

                """
            try Data(xml.utf8).write(to: folder.appendingPathComponent("PrixCarburants_instantane.xml"))
        }

        /// ES's feed refused by its adapter: the service answered an error.
        func breakSpain() throws {
            let error = #"{"Fecha":"30\/11\/2026 6:00:00","ListaEESSPrecio":[],"Nota":"","ResultadoConsulta":"KO"}"#
            try Data(error.utf8).write(to: feeds.appendingPathComponent("ES/response.json"))
        }

        /// A fetch manifest in which `country`'s last fetch failed; the other countries have no entry (hand-placed).
        func writeManifest(failed country: String) throws {
            let manifest = FeedManifest(
                countries: [
                    country: FeedManifest.CountryEntry(
                        status: "failed", fetchedAt: "2026-12-01T04:50:00Z", error: "\(country)/response.json: HTTP 500"
                    )
                ])
            try JSONEncoder().encode(manifest).write(to: feeds.appendingPathComponent(FeedManifest.fileName))
        }

        func build(at builtAt: String, countries: String = "ES,FR", _ extra: [String] = []) throws
            -> Executable.Result
        {
            try Executable.run(
                "fuel-publish",
                [
                    "build", "--feeds", feeds.path, "--out", out.path, "--countries", countries, "--built-at",
                    builtAt, "--adapters", RepositoryPaths.adapters().path,
                ] + extra)
        }

        func index() throws -> [String: Any] {
            let data = try TileFixtures.gunzip(fuel.appendingPathComponent("index.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        func countries() throws -> [String: [String: Any]] {
            try #require(try index()["countries"] as? [String: [String: Any]])
        }

        /// The stations of a tile, by id.
        func stations(_ tile: String) throws -> [String: [String: Any]] {
            let data = try TileFixtures.gunzip(fuel.appendingPathComponent(tile))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let stations = try #require(object["stations"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: stations.map { ($0["id"] as? String ?? "", $0) })
        }
    }

    // MARK: no silent loss

    @Test func aSubsetBuildOverAFullerBuildIsRefusedNamingTheMissingCountry() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0).status == 0)
        let before = TreeSnapshot.take(workspace.fuel)
        let subset = try workspace.build(at: "2026-11-30T06:00:00Z", countries: "ES")
        #expect(subset.status == 1)
        #expect(subset.stderr.contains("FR: missing, against 1 stations published"), "\(subset.stderr)")
        #expect(subset.stderr.contains("--allow-shrink"))
        #expect(TreeSnapshot.take(workspace.fuel) == before)
        let allowed = try workspace.build(at: "2026-11-30T06:00:00Z", countries: "ES", ["--allow-shrink"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try workspace.countries().keys.sorted() == ["ES"])
    }

    @Test func everyShrinkingCountryIsNamed() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0).status == 0)
        let before = TreeSnapshot.take(workspace.fuel)
        // ES down to 1 station of 40, and FR gone: both named in one refusal.
        let text = try String(contentsOf: workspace.feeds.appendingPathComponent("ES/response.json"), encoding: .utf8)
        let first = text.components(separatedBy: "},{\"C.P.\"")[0]
        try Data((first + "}]," + text.components(separatedBy: "}],").last!).utf8).write(
            to: workspace.feeds.appendingPathComponent("ES/response.json"))
        let refused = try workspace.build(at: "2026-11-30T06:00:00Z", countries: "ES")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("2 countries would shrink"), "\(refused.stderr)")
        #expect(refused.stderr.contains("ES: 1 stations now against 40 published"))
        #expect(refused.stderr.contains("FR: missing, against 1 stations published"))
        #expect(TreeSnapshot.take(workspace.fuel) == before)
    }

    // MARK: carry-forward

    @Test func withoutTheFlagAFailedCountryRefusesTheBuild() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0).status == 0)
        let before = TreeSnapshot.take(workspace.fuel)
        try workspace.breakSpain()
        let refused = try workspace.build(at: "2026-12-01T05:00:00Z")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("ResultadoConsulta \"KO\""), "\(refused.stderr)")
        #expect(TreeSnapshot.take(workspace.fuel) == before)
    }

    @Test func aFailedCountryIsCarriedUnchangedWithinTheLimit() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0).status == 0)
        let before = TreeSnapshot.take(workspace.fuel)
        let spainBefore = try workspace.countries()["ES"]
        let borderBefore = try workspace.stations(Self.borderTile)
        #expect(borderBefore.keys.sorted() == ["ES-1736", "FR-66480001"])

        try workspace.breakSpain()
        try workspace.writeFrance(price: "1.849")
        let carried = try workspace.build(at: "2026-12-01T05:00:00Z", ["--carry-forward", "48"])
        #expect(carried.status == 0, "\(carried.stderr)")
        #expect(carried.stderr.contains("ES: CARRIED from the previous build, 40 stations unchanged"))
        #expect(carried.stderr.contains("carried because: ES:"))
        #expect(carried.stderr.contains("ResultadoConsulta \"KO\""))

        // The index keeps ES's count and feed time, and says since when it is carried.
        let spain = try #require(try workspace.countries()["ES"])
        #expect(spain["stations"] as? Int == 40)
        #expect(spain["updated"] as? String == spainBefore?["updated"] as? String)
        #expect(spain["carriedSince"] as? String == Self.day0)
        #expect(try workspace.countries()["FR"]?["carriedSince"] == nil)

        // Every file that holds only ES data is byte-identical; sources keeps ES's line.
        let after = TreeSnapshot.take(workspace.fuel)
        let spanishTiles = before.keys.filter { $0.hasPrefix("tiles/") && $0 != Self.borderTile }
        #expect(spanishTiles.count == 4)
        for path in spanishTiles + ["brands/ES.json"] { #expect(after[path] == before[path], "\(path)") }
        // The border tile: the ES station exactly as before, the FR station fresh.
        let border = try workspace.stations(Self.borderTile)
        #expect(NSDictionary(dictionary: border["ES-1736"] ?? [:]).isEqual(to: borderBefore["ES-1736"] ?? [:]))
        let prices = try #require(border["FR-66480001"]?["prices"] as? [[String: Any]])
        #expect(prices.first?["price"] as? Double == 1.849)

        // Carried again the next day: still since day 0.
        let again = try workspace.build(at: "2026-12-02T04:00:00Z", ["--carry-forward", "48"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try workspace.countries()["ES"]?["carriedSince"] as? String == Self.day0)
        let held = TreeSnapshot.take(workspace.fuel)

        // 49 hours after the last fresh build: refused as without the flag, naming the limit.
        let tooOld = try workspace.build(at: "2026-12-02T06:00:00Z", ["--carry-forward", "48"])
        #expect(tooOld.status == 1)
        #expect(tooOld.stderr.contains("not carried forward: its last fresh build, \(Self.day0), is 49.0 h old"))
        #expect(TreeSnapshot.take(workspace.fuel) == held)
    }

    /// A replay dated before the previous build (or a correct clock after a fast one) carries a country whose last
    /// fresh build lies after its own builtAt: it is published as carried since builtAt, with a warning that says
    /// so, never after the build.
    @Test func aReplayOlderThanThePreviousBuildNeverPublishesCarriedSinceAfterItsBuiltAt() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0).status == 0)
        try workspace.breakSpain()
        let replay = "2026-11-29T05:00:00Z"
        let carried = try workspace.build(at: replay, ["--carry-forward", "48"])
        #expect(carried.status == 0, "\(carried.stderr)")
        #expect(try workspace.index()["builtAt"] as? String == replay)
        #expect(try workspace.countries()["ES"]?["carriedSince"] as? String == replay)
        #expect(
            carried.stderr.contains(
                "warning: ES's last fresh build, \(Self.day0), is later than this build's builtAt \(replay)"),
            "\(carried.stderr)")
    }

    /// Tiles are written as soon as the countries whose boxes cover their cell are in (TileAssembler), so a carried
    /// station must lie in its country's boxes like a fresh one: one the boxes no longer cover is dropped and counted.
    @Test func aCarriedStationOutsideItsCountrysBoxesIsDroppedAndCounted() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0).status == 0)
        // The boxes shrink to end south of La Jonquera (42.42 N), where ES-1736 was published.
        let adapters = workspace.out.deletingLastPathComponent().appendingPathComponent("adapters")
        try FileManager.default.copyItem(at: RepositoryPaths.adapters(), to: adapters)
        let source = adapters.appendingPathComponent("ES/source.json")
        var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        config["boxes"] = [["name": "south of 42", "south": 35.9, "west": -9.5, "north": 42.0, "east": 3.5]]
        try JSONSerialization.data(withJSONObject: config).write(to: source)

        try workspace.breakSpain()
        let carried = try Executable.run(
            "fuel-publish",
            [
                "build", "--feeds", workspace.feeds.path, "--out", workspace.out.path, "--countries", "ES,FR",
                "--built-at", "2026-12-01T05:00:00Z", "--adapters", adapters.path, "--carry-forward", "48", "--json",
            ])
        #expect(carried.status == 0, "\(carried.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(carried.stdout.utf8)) as? [String: Any])
        let spain = try #require((report["countries"] as? [[String: Any]])?.first { $0["country"] as? String == "ES" })
        #expect(spain["kept"] as? Int == 39)
        #expect((spain["rejected"] as? [String: Int])?["carried-station-outside-the-country-s-boxes"] == 1)
        #expect(try workspace.stations(Self.borderTile).keys.sorted() == ["FR-66480001"])
        #expect(try workspace.countries()["ES"]?["stations"] as? Int == 39)
    }

    /// The log of a country carried because its fetch failed says it is carried, and does no parse arithmetic on
    /// a country that parsed nothing.
    @Test func aCountryWhoseFetchFailedIsLoggedAsCarried() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0).status == 0)
        try workspace.writeManifest(failed: "ES")
        let carried = try workspace.build(at: "2026-12-01T05:00:00Z", ["--carry-forward", "48"])
        #expect(carried.status == 0, "\(carried.stderr)")
        #expect(
            carried.stderr.contains(
                "ES: carried forward from the previous build, 40 stations as published there (last fresh build "
                    + "\(Self.day0))"), "\(carried.stderr)")
        #expect(carried.stderr.contains("its last fetch failed (ES/response.json: HTTP 500)"), "\(carried.stderr)")
        #expect(!carried.stderr.contains("refusing"), "\(carried.stderr)")
        #expect(!carried.stderr.contains("parsed − kept"), "\(carried.stderr)")
        #expect(!carried.stderr.contains("counts:"), "\(carried.stderr)")
    }

    @Test func aCountryTheLastBuildLacksCannotBeCarried() throws {
        let workspace = try Workspace()
        #expect(try workspace.build(at: Self.day0, countries: "FR").status == 0)
        try workspace.breakSpain()
        let refused = try workspace.build(at: "2026-12-01T05:00:00Z", ["--carry-forward", "48"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not carried forward: the previous build"), "\(refused.stderr)")
    }
}
