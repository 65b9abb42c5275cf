import Foundation
import Testing
import _FuelTestSupport

/// Attacks on the build found by an adversarial run, each reproduced with the built `fuel-publish build`: a price
/// dated 2099, a corrupt previous index, a real `OUT/fuel` folder, and a quarter of a country missing.
@Suite(.tags(.executable)) struct HostileBuildTests {
    static let esFile = "estaciones-terrestres-barcelona-2025-09-27-first40.json"

    /// A feeds folder with copies of the given sample countries.
    static func feeds(_ countries: [String]) throws -> (feeds: URL, out: URL) {
        let root = RepositoryPaths.temporaryDirectory("hostile")
        let feeds = root.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        for country in countries {
            try FileManager.default.copyItem(
                at: RepositoryPaths.samples().appendingPathComponent(country),
                to: feeds.appendingPathComponent(country))
            try? FileManager.default.removeItem(at: feeds.appendingPathComponent("\(country)/README.md"))
        }
        return (feeds, root.appendingPathComponent("out"))
    }

    static func build(_ feeds: URL, _ out: URL, countries: String, _ extra: [String] = []) throws -> Executable.Result {
        try Executable.run(
            "fuel-publish",
            ["build", "--feeds", feeds.path, "--out", out.path, "--countries", countries, "--json"] + extra)
    }

    static func report(_ result: Executable.Result, _ country: String) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let countries = try #require(object["countries"] as? [[String: Any]])
        return try #require(countries.first { $0["country"] as? String == country })
    }

    static func replace(_ old: String, with new: String, in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains(old), "\(file.lastPathComponent) lacks \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
    }

    // MARK: a price dated 2099

    @Test func aPortuguesePriceDated2099IsRejectedAloneInAnEmptyOut() throws {
        let (feeds, out) = try Self.feeds(["PT"])
        let page = feeds.appendingPathComponent("PT/page-0001.json")
        let text = try String(contentsOf: page, encoding: .utf8)
        let first = try #require(text.range(of: #""DataAtualizacao": "2026-06-08 13:15""#))
        try Data(text.replacingCharacters(in: first, with: #""DataAtualizacao": "2099-01-01 00:00""#).utf8).write(
            to: page)
        let result = try Self.build(feeds, out, countries: "PT")
        #expect(result.status == 0, "\(result.stderr)")
        let portugal = try Self.report(result, "PT")
        #expect(portugal["kept"] as? Int == 2)
        #expect((portugal["rejected"] as? [String: Int])?["price-dated-after-the-fetch"] == 1)
        #expect(portugal["updated"] as? String == "2026-06-08T12:15:00Z")
    }

    @Test func aFrenchPriceDated2099DoesNotAgeTheOthers() throws {
        let (feeds, out) = try Self.feeds([])
        let folder = feeds.appendingPathComponent("FR")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func station(_ id: Int, _ maj: String) -> String {
            #"<pdv id="\#(id)" latitude="4620114" longitude="519791" cp="01000" pop="R"><adresse>A</adresse>"#
                + #"<ville>B</ville><prix nom="Gazole" id="1" maj="\#(maj)" valeur="1.739"/></pdv>"#
        }
        let xml =
            #"<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?><pdv_liste>"#
            + station(1_000_001, "2024-05-08 12:30:00") + station(1_000_002, "2024-05-07 09:00:00")
            + station(1_000_003, "2099-01-01 00:00:00") + "</pdv_liste>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("instantane.xml"))
        let result = try Self.build(feeds, out, countries: "FR")
        #expect(result.status == 0, "\(result.stderr)")
        let france = try Self.report(result, "FR")
        #expect(france["kept"] as? Int == 2)
        #expect(france["updated"] as? String == "2024-05-08T10:30:00Z")
        let rejected = try #require(france["rejected"] as? [String: Int])
        #expect(rejected == ["price-dated-after-the-fetch": 1, "no-current-price": 1])
    }

    @Test func anItalianPriceDated2098IsNotPublished() throws {
        let (feeds, out) = try Self.feeds(["IT"])
        try Self.replace(
            "3464|Benzina|2.479|0|20/08/2026 20:30:14", with: "3464|Benzina|2.479|0|20/08/2098 20:30:14",
            in: feeds.appendingPathComponent("IT/prezzo_alle_8.csv"))
        let result = try Self.build(feeds, out, countries: "IT")
        #expect(result.status == 0, "\(result.stderr)")
        let italy = try Self.report(result, "IT")
        #expect(italy["kept"] as? Int == 59)
        #expect((italy["rejected"] as? [String: Int])?["price-dated-after-the-fetch"] == 1)
        let tile = try TileFixtures.gunzip(out.appendingPathComponent("fuel/tiles/89_23.json"))
        #expect(!String(decoding: tile, as: UTF8.self).contains("2098"))
    }

    // MARK: the previous build

    @Test func aCorruptPreviousIndexRefusesTheBuildUnlessShrinksAreAllowed() throws {
        let (feeds, out) = try Self.feeds(["ES"])
        #expect(try Self.build(feeds, out, countries: "ES").status == 0)
        let index = out.appendingPathComponent("fuel/index.json")
        try Data("not gzip".utf8).write(to: index)
        let before = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        let refused = try Self.build(feeds, out, countries: "ES", ["--built-at", "2026-12-01T00:00:00Z"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the published build's index cannot be read"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-shrink"))
        #expect(TreeSnapshot.take(out.appendingPathComponent("fuel")) == before)
        let allowed = try Self.build(feeds, out, countries: "ES", ["--allow-shrink"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func aRealOutFuelFolderIsNeverMovedOrDeleted() throws {
        let (feeds, out) = try Self.feeds(["ES"])
        let fuel = out.appendingPathComponent("fuel")
        try FileManager.default.createDirectory(at: fuel, withIntermediateDirectories: true)
        try Data("someone else's notes".utf8).write(to: fuel.appendingPathComponent("notes.txt"))
        let result = try Self.build(feeds, out, countries: "ES")
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(fuel.path): is a real folder or file, not the link"), "\(result.stderr)")
        #expect(
            try String(contentsOf: fuel.appendingPathComponent("notes.txt"), encoding: .utf8) == "someone else's notes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["fuel"])
    }

    @Test(arguments: [(30, false), (36, true)])
    func aCountryMayShrinkByItsMaxShrinkPercentAndNoMore(keeping: Int, accepted: Bool) throws {
        let (feeds, out) = try Self.feeds(["ES"])
        #expect(try Self.build(feeds, out, countries: "ES").status == 0)
        let file = feeds.appendingPathComponent("ES/" + Self.esFile)
        let text = try String(contentsOf: file, encoding: .utf8)
        let records = text.components(separatedBy: "},{\"C.P.\"")
        try Data(
            (records.prefix(keeping).joined(separator: "},{\"C.P.\"") + "}]," + text.components(separatedBy: "}],")
                .last!)
                .utf8
        ).write(to: file)
        let result = try Self.build(feeds, out, countries: "ES", ["--built-at", "2026-12-01T00:00:00Z"])
        #expect((result.status == 0) == accepted, "\(result.stderr)")
        if !accepted {
            #expect(
                result.stderr.contains(
                    "ES: 30 stations now against 40 published (down 25.0 %, more than the 10 % its maxShrinkPercent allows)"
                ), "\(result.stderr)")
        }
    }
}

/// The overlapping-entries ZIP bomb against the built binary: refused at once, in little memory, naming the
/// country, the file and the entry, with the previous build intact.
@Suite(.tags(.executable, .python)) struct ZipBombBuildTests {
    @Test func theBombIsRefusedInLittleMemory() throws {
        let (feeds, out) = try HostileBuildTests.feeds(["FR"])
        #expect(try HostileBuildTests.build(feeds, out, countries: "FR").status == 0)
        let before = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        // 4 records over one deflate stream of 150 MB of zeros (FR allows 4 entries): 150 KB on disk, 600 MB if each
        // were inflated.
        let bomb = try PythonZip.overlapping(copies: 4, zeros: 150_000_000)
        let zip = feeds.appendingPathComponent("FR/PrixCarburants_instantane.zip")
        try Data(bomb).write(to: zip)
        let measured = try PeakMemoryRun(
            "fuel-publish",
            [
                "build", "--feeds", feeds.path, "--out", out.path, "--countries", "FR", "--built-at",
                "2026-12-01T00:00:00Z",
            ])
        #expect(measured.result.status == 1)
        #expect(
            measured.result.stderr.contains("FR: \(zip.path), entry d000001.xml: its data overlaps"),
            "\(measured.result.stderr)")
        let kilobytes = try #require(measured.peakKilobytes, "\(measured.result.stderr)")
        #expect(kilobytes < 100_000, "peak RSS \(kilobytes) kB")
        #expect(TreeSnapshot.take(out.appendingPathComponent("fuel")) == before)
    }
}

/// Text attacks: a one-megabyte name, a NUL, and UTF-8 under the FR feed's ISO-8859-1 declaration.
@Suite(.tags(.executable)) struct HostileTextTests {
    @Test func aMegabyteNameIsCutAndANulRemoved() throws {
        let (feeds, out) = try HostileBuildTests.feeds(["ES", "IT"])
        let huge = String(repeating: "REPSOL ", count: 150_000)  // 1.05 MB
        try HostileBuildTests.replace(
            #""Rótulo":"NIEVES""#, with: #""Rótulo":"\#(huge)""#,
            in: feeds.appendingPathComponent("ES/" + HostileBuildTests.esFile))
        try HostileBuildTests.replace(
            "|PO EST|", with: "|PO\u{0}EST|", in: feeds.appendingPathComponent("IT/anagrafica_impianti_attivi.csv"))
        let result = try HostileBuildTests.build(feeds, out, countries: "ES,IT")
        #expect(result.status == 0, "\(result.stderr)")
        let spain = try HostileBuildTests.report(result, "ES")
        #expect((spain["repaired"] as? [String: Int])?["name-cut-to-limit"] == 1)
        let italy = try HostileBuildTests.report(result, "IT")
        #expect((italy["repaired"] as? [String: Int])?["control-characters-removed-from-name"] == 1)
        let tiles = TreeSnapshot.take(out.appendingPathComponent("fuel"))
        #expect(tiles.values.map(\.count).max() ?? 0 < 50_000)
        let spanish = try TileFixtures.gunzip(out.appendingPathComponent("fuel/tiles/83_3.json"))
        let text = String(decoding: spanish, as: UTF8.self)
        #expect(text.contains(#""name":"\#(String(huge.prefix(200)))""#))
        #expect(text.contains(#""brand":"Repsol""#))
        let po = try TileFixtures.gunzip(out.appendingPathComponent("fuel/tiles/89_23.json"))
        #expect(String(decoding: po, as: UTF8.self).contains(#""name":"POEST""#))
        #expect(!po.contains(0))
    }

    @Test func utf8UnderALatin1DeclarationIsReadAsUTF8AndCounted() throws {
        let (feeds, out) = try HostileBuildTests.feeds([])
        let folder = feeds.appendingPathComponent("FR")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // "Saint-Lô" written in UTF-8 (C3 B4) under the ISO-8859-1 declaration; "Évreux" in real ISO-8859-1 (C9).
        var xml = Array(#"<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?><pdv_liste>"#.utf8)
        xml += Array(
            #"<pdv id="50000001" latitude="4911600" longitude="-109000" cp="50000" pop="R"><adresse>A</adresse><ville>"#
                .utf8)
        xml += Array("Saint-Lô".utf8)
        xml += Array(#"</ville><prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/></pdv>"#.utf8)
        xml += Array(
            #"<pdv id="27000001" latitude="4902400" longitude="115100" cp="27000" pop="R"><adresse>B</adresse><ville>"#
                .utf8)
        xml += [0xC9] + Array("vreux".utf8)
        xml += Array(
            #"</ville><prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.749"/></pdv></pdv_liste>"#.utf8)
        try Data(xml).write(to: folder.appendingPathComponent("instantane.xml"))
        let result = try HostileBuildTests.build(feeds, out, countries: "FR")
        #expect(result.status == 0, "\(result.stderr)")
        let france = try HostileBuildTests.report(result, "FR")
        #expect(
            (france["counters"] as? [String: Int])?[
                "text-that-was-utf-8-under-the-iso-8859-1-declaration-read-as-utf-8"]
                == 1)
        let all = TreeSnapshot.take(out.appendingPathComponent("fuel")).keys.filter { $0.hasPrefix("tiles/") }
        let text = try all.map {
            String(decoding: try TileFixtures.gunzip(out.appendingPathComponent("fuel/" + $0)), as: UTF8.self)
        }
        .joined()
        #expect(text.contains(#""city":"Saint-Lô""#))
        #expect(text.contains(#""city":"Évreux""#))
        #expect(!text.contains("Ã"))
    }
}
