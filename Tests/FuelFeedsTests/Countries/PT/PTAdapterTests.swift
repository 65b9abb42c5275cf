import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@Suite struct PTAdapterTests {
    static func sample() throws -> FeedParseResult {
        let folder = RepositoryPaths.feedFixtures().appendingPathComponent("PT")
        return try PTAdapter().parse(try FeedFixture.input(folder: folder, country: "PT"))
    }

    /// One row in the PesquisarPostos shape, with the fields a test wants to change.
    static func row(
        id: String = "501", fuel: String = "Gasóleo simples", price: String = "\"1,749 €\"",
        time: String = "2025-09-26 08:15", latitude: String = "38.7", longitude: String = "-9.1",
        morada: String = "\"Rua A, 1\"", extra: String = ""
    ) -> String {
        #"{"Id":\#(id),"Nome":"Posto","Marca":"GALP","Morada":\#(morada),"Localidade":"Lisboa","#
            + #""CodPostal":"1000-001","Latitude":\#(latitude),"Longitude":\#(longitude),"Combustivel":"\#(fuel)","#
            + #""Preco":\#(price),"DataAtualizacao":"\#(time)"\#(extra)}"#
    }

    static func page(_ rows: [String]) -> String {
        #"{"status":true,"mensagem":"sucesso","resultado":["# + rows.joined(separator: ",") + "]}"
    }

    static func parse(_ pages: [String]) throws -> FeedParseResult {
        var texts: [String: String] = [:]
        for (index, page) in pages.enumerated() { texts["page-\(index + 1).json"] = page }
        return try PTAdapter().parse(try FeedFixture.input(country: "PT", texts: texts))
    }

    @Test func readsTheSamplePages() throws {
        let result = try Self.sample()
        // Newest price: 2025-09-27 07:02 in Lisbon, summer time (UTC+1).
        #expect(ParseSummary(result) == ParseSummary(records: 35, stations: 12, referenceTime: "2025-09-27T06:02:00Z"))
        #expect(result.counters.isEmpty)
    }

    @Test func groupsRowsIntoStations() throws {
        let station = try #require(try Self.sample().station("PT-1011"))
        #expect(station.name == "Galp Lisboa República")
        #expect(station.brand == "Galp")
        #expect(station.address == "Avenida da República, 45")
        #expect(station.postcode == "1050-187")
        #expect(station.city == "Lisboa")
        #expect(station.latitude == 38.739021)
        #expect(station.longitude == -9.145803)
        #expect(station.prices.map(\.fuel) == [.diesel, .dieselPremium, .gasoline95, .gasoline95Premium, .lpg])
        #expect(station.price(.diesel)?.price == 1.659)
        #expect(station.price(.diesel).map { UTCTime.format($0.updated) } == "2025-09-26T07:15:00Z")
        #expect(station.price(.lpg).map { UTCTime.format($0.updated) } == "2025-09-22T18:40:00Z")
    }

    @Test func joinsAStationSplitAcrossPages() throws {
        let station = try #require(try Self.sample().station("PT-5102"))
        #expect(station.prices.map(\.fuel) == [.diesel, .gasoline95, .lpg])
        #expect(station.price(.lpg)?.price == 0.889)
    }

    @Test func keepsCNGPerKilogramAndPerCubicMetre() throws {
        let station = try #require(try Self.sample().station("PT-8001"))
        #expect(station.price(.cng, unit: .kilogram)?.price == 1.299)
        #expect(station.price(.cng, unit: .cubicMetre)?.price == 0.995)
        #expect(station.price(.lng, unit: .kilogram)?.price == 1.199)
        #expect(station.prices.count == 3)
    }

    @Test func keepsLabelsOfOtherFuelsAndMissingBrands() throws {
        let station = try #require(try Self.sample().station("PT-9377"))
        #expect(station.brand == nil)
        #expect(station.price(.other)?.label == "Gasolina mistura")
        #expect(station.price(.other)?.price == 2.15)
    }

    typealias CoordinateCase = NamedCase<(latitude: String, longitude: String)>

    static let coordinateCases: [CoordinateCase] = [
        CoordinateCase("numbers", (latitude: "38.739021", longitude: "-9.145803")),
        CoordinateCase("strings with a point", (latitude: "\"38.739021\"", longitude: "\"-9.145803\"")),
        CoordinateCase("strings with a comma", (latitude: "\"38,739021\"", longitude: "\"-9,145803\"")),
        CoordinateCase(
            "inside a Morada object", (latitude: "null", longitude: "null")),
    ]

    @Test(arguments: coordinateCases)
    func readsCoordinatesInEveryShape(_ testCase: CoordinateCase) throws {
        let row: String
        if testCase.name == "inside a Morada object" {
            row =
                #"{"Id":77,"Nome":"Posto","Marca":"PRIO","Morada":{"Morada":"Rua B, 2","Localidade":"Lisboa","#
                + #""CodPostal":"1000-002","Latitude":"38.739021","Longitude":"-9.145803"},"#
                + #""Combustivel":"Gasóleo simples","Preco":"1,649 €/litro","DataAtualizacao":"2025-09-26 08:15"}"#
        } else {
            row = Self.row(id: "77", latitude: testCase.latitude, longitude: testCase.longitude)
        }
        let station = try #require(try Self.parse([Self.page([row])]).station("PT-77"))
        #expect(station.latitude == 38.739021)
        #expect(station.longitude == -9.145803)
        if testCase.name == "inside a Morada object" {
            #expect(station.address == "Rua B, 2")
            #expect(station.postcode == "1000-002")
            #expect(station.price(.diesel)?.price == 1.649)
        }
    }

    @Test func readsPriceSuffixesAndSecondsInTimes() throws {
        let result = try Self.parse([
            Self.page([
                Self.row(fuel: "Gasóleo simples", price: "\"1,749 €/litro\""),
                Self.row(fuel: "Gasolina simples 95", price: "1.899", time: "2025-09-26 08:15:30"),
                Self.row(fuel: "GNC (gás natural comprimido) - €/m3", price: "\"0,995 €/m3\""),
            ])
        ])
        let station = try #require(result.station("PT-501"))
        #expect(station.price(.diesel)?.price == 1.749)
        #expect(station.price(.gasoline95)?.price == 1.899)
        #expect(station.price(.gasoline95).map { UTCTime.format($0.updated) } == "2025-09-26T07:15:30Z")
        #expect(station.price(.cng, unit: .cubicMetre)?.price == 0.995)
    }

    @Test func readsTheGetDadosPostoShape() throws {
        let row =
            #"{"Id":88,"Nome":"Posto","Marca":"REPSOL","Morada":{"Morada":"Rua C","Localidade":"Porto","#
            + #""CodPostal":"4000-001","Latitude":41.15,"Longitude":-8.61},"Combustiveis":["#
            + #"{"TipoCombustivel":"Gasóleo simples","Preco":"1,639 €/litro","DataAtualizacao":"2025-09-27 07:02"},"#
            + #"{"TipoCombustivel":"GPL Auto","Preco":"0,899 €/litro","DataAtualizacao":"2025-09-20 10:00"}]}"#
        let station = try #require(try Self.parse([Self.page([row])]).station("PT-88"))
        #expect(station.prices.map(\.fuel) == [.diesel, .lpg])
        #expect(station.city == "Porto")
    }

    /// Names real DGEG clients list that the first fuel table lacked.
    @Test func readsTheTwoStrokeMixAdBlueAndHydrogen() throws {
        let result = try Self.parse([
            Self.page([
                Self.row(fuel: "Gasolina de mistura (motores a 2 tempos)", price: "\"2,100 €\""),
                Self.row(fuel: "AdBlue", price: "\"0,990 €\""),
                Self.row(fuel: "Hidrogénio", price: "\"15,000 €\""),
            ])
        ])
        let station = try #require(result.station("PT-501"))
        #expect(station.price(.adblue)?.price == 0.99)
        #expect(station.price(.hydrogen, unit: .kilogram)?.price == 15)
        #expect(station.price(.other, label: "Gasolina de mistura (motores a 2 tempos)")?.price == 2.1)
        #expect(result.counters.isEmpty)
    }

    @Test func countsUnknownFuelsAndKeepsTheNewerOfRepeatedPrices() throws {
        let result = try Self.parse([
            Self.page([Self.row(price: "\"1,700 €\"", time: "2025-09-25 08:00"), Self.row(fuel: "Querosene")]),
            Self.page([Self.row(price: "\"1,750 €\"", time: "2025-09-26 08:00")]),
            Self.page([]),
        ])
        #expect(result.records == 3)
        #expect(result.counters == [.unknownFuel(name: "Querosene"): 1, Reason(.repeatedPrice): 1])
        #expect(result.station("PT-501")?.price(.diesel)?.price == 1.75)
    }

    @Test func dropsStationsWithoutCoordinates() throws {
        let result = try Self.parse([
            Self.page([Self.row(), Self.row(id: "502", latitude: "null", longitude: "\"\"")])
        ])
        #expect(result.stations.map(\.id) == ["PT-501"])
        #expect(result.rejects == [Reason(.emptyCoordinates): 1])
    }

    @Test func failsWhenTheServiceSaysStatusFalse() throws {
        let page = #"{"status":false,"mensagem":"Erro interno","resultado":null}"#
        let error = #expect(throws: FeedError.self) { try Self.parse([page]) }
        #expect(error?.country == "PT")
        #expect(error?.file.hasSuffix("PT/page-1.json") == true)
        #expect(error?.description.contains("status false (mensagem: \"Erro interno\")") == true)
    }

    @Test func failsWhenNoPageHoldsAPrice() throws {
        let error = #expect(throws: FeedError.self) { try Self.parse([Self.page([])]) }
        #expect(error?.description.contains("no price") == true)
    }

    // MARK: Rules of docs/feeds.md that no other test showed, one small case each

    @Test func ptTakesTheMunicipalityWhenLocalidadeIsMissing() throws {
        let row =
            #"{"Id":41,"Nome":"Posto","Marca":"GALP","Morada":"Rua A, 1","Municipio":"Sintra","#
            + #""CodPostal":"2710-001","Latitude":38.8,"Longitude":-9.38,"Combustivel":"Gasóleo simples","#
            + #""Preco":"1,649 €","DataAtualizacao":"2025-09-26 08:15"}"#
        let result = try PTAdapterTests.parse([PTAdapterTests.page([row])])
        #expect(result.station("PT-41")?.city == "Sintra")
    }
}
