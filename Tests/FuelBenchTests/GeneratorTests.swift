import Foundation
import FuelBench
import FuelBuild
import Testing
import _FuelTestSupport

@Suite struct GeneratorTests {
    /// Every registered country: the generator writes each one's feed through its bench hook.
    static let countries = RegisteredCountries.codes

    func generate(scale: Double = 0.01, seed: UInt64 = 7, change: Double = 0, into folder: URL) throws
        -> GenerationReport
    {
        try FeedGenerator.generate(GeneratorOptions(scale: scale, seed: seed, output: folder, changedFraction: change))
    }

    @Test func sameSeedGivesSameBytesAndAnotherSeedDoesNot() throws {
        let first = RepositoryPaths.temporaryDirectory("gen-a")
        let second = RepositoryPaths.temporaryDirectory("gen-b")
        let third = RepositoryPaths.temporaryDirectory("gen-c")
        defer { for folder in [first, second, third] { try? FileManager.default.removeItem(at: folder) } }
        let report = try generate(into: first)
        #expect(try generate(into: second) == report)
        let snapshot = TreeSnapshot.take(first)
        #expect(snapshot.count > 280)  // AT alone writes 3 responses for each of its 93 districts
        #expect(TreeSnapshot.take(second) == snapshot)
        _ = try generate(seed: 8, into: third)
        let other = TreeSnapshot.take(third)
        #expect(other["ES/EstacionesTerrestres.json"] != snapshot["ES/EstacionesTerrestres.json"])
        #expect(other["IT/prezzo_alle_8.csv"] != snapshot["IT/prezzo_alle_8.csv"])
    }

    @Test func scaleOneHasTheRealCountryMix() throws {
        let folder = RepositoryPaths.temporaryDirectory("gen-mix")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only the registry-sized countries are cheap enough to write whole in a unit test; the others scale alike.
        let report = try FeedGenerator.generate(
            GeneratorOptions(scale: 1, seed: 1, output: folder, countries: ["AT", "PT"]))
        let stations = Dictionary(uniqueKeysWithValues: report.countries.map { ($0.country, $0.stations) })
        #expect(stations == ["AT": 2_800, "PT": 3_100])
        for country in report.countries {
            #expect(country.expectedValid < country.stations, "\(country.country) writes some invalid stations")
            #expect(Double(country.expectedValid) > 0.95 * Double(country.stations))
        }
    }

    @Test func aPriceChangeTouchesOnlyPrices() throws {
        let base = RepositoryPaths.temporaryDirectory("gen-base")
        let moved = RepositoryPaths.temporaryDirectory("gen-moved")
        defer { for folder in [base, moved] { try? FileManager.default.removeItem(at: folder) } }
        let before = try generate(scale: 0.05, into: base)
        let after = try generate(scale: 0.05, change: 0.05, into: moved)
        for (old, new) in zip(before.countries, after.countries) {
            #expect(old.stations == new.stations)
            #expect(old.expectedValid == new.expectedValid)
            #expect(old.quirks == new.quirks)
            #expect(new.changed > 0, "\(new.country) changed some prices")
            #expect(Double(new.changed) < 0.1 * Double(new.expectedValid))
        }
        let oldFiles = TreeSnapshot.take(base)
        let newFiles = TreeSnapshot.take(moved)
        #expect(oldFiles["IT/anagrafica_impianti_attivi.csv"] == newFiles["IT/anagrafica_impianti_attivi.csv"])
        #expect(oldFiles["IT/prezzo_alle_8.csv"] != newFiles["IT/prezzo_alle_8.csv"])
        #expect(oldFiles["ES/EstacionesTerrestres.json"] != newFiles["ES/EstacionesTerrestres.json"])
    }

    @Test func filesLookLikeTheRealFeeds() throws {
        let folder = RepositoryPaths.temporaryDirectory("gen-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try generate(into: folder)
        func text(_ path: String) -> String {
            String(
                decoding: FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data(),
                as: UTF8.self)
        }
        let spain = text("ES/EstacionesTerrestres.json")
        #expect(spain.hasPrefix(#"{"Fecha":"30\/11\/2026 08:00:00","ListaEESSPrecio":[{"C.P.":""#))
        #expect(spain.hasSuffix(#""ResultadoConsulta":"OK"}"#))
        let registry = text("IT/anagrafica_impianti_attivi.csv")
        let lines = registry.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Estrazione del 2026-11-30")
        #expect(lines.dropFirst().first?.hasPrefix("idImpianto|Gestore|Bandiera|") == true)
        #expect(!registry.hasSuffix("\n") && !text("IT/prezzo_alle_8.csv").hasSuffix("\n"))
        let pt = report.countries.first { $0.country == "PT" }
        let lastPage = try #require(pt?.files.last)
        #expect(text(lastPage) == #"{"status":true,"mensagem":"sucesso","resultado":[]}"#)
        #expect(text("PT/page-0001.json").contains(#" €","DataAtualizacao":"2026-11-"#))
        let zip = try #require(
            FileManager.default.contents(atPath: folder.appendingPathComponent("FR/PrixCarburants_instantane.zip").path)
        )
        #expect(Array(zip.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        let manifest = text("manifest.json")
        for country in Self.countries { #expect(manifest.contains("\"\(country)\" : {")) }
    }

    /// The generator's promise, checked by the real build: every country builds, and each publishes exactly the
    /// stations the generator wrote as valid.
    @Test func theBuildPublishesExactlyTheStationsWrittenValid() async throws {
        let feeds = RepositoryPaths.temporaryDirectory("gen-feeds")
        let out = RepositoryPaths.temporaryDirectory("gen-out")
        defer { for folder in [feeds, out] { try? FileManager.default.removeItem(at: folder) } }
        let generated = try generate(into: feeds)
        let options = BuildOptions(
            feedsDirectory: feeds, outputDirectory: out, adaptersDirectory: RepositoryPaths.adapters(),
            countries: Self.countries, builtAt: Date(timeIntervalSince1970: 1_796_025_600))
        let (report, files) = try await Builder(options: options).run()
        let kept = Dictionary(uniqueKeysWithValues: report.countries.map { ($0.country, $0.kept) })
        let expected = Dictionary(uniqueKeysWithValues: generated.countries.map { ($0.country, $0.expectedValid) })
        #expect(kept == expected)
        #expect(files.contains { $0.path == "index.json" })
    }
}
