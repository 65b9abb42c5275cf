import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// Every adapter rounds coordinates to 6 places and prices to 3 on the digits of the feed's text (``PublishedPlaces``),
/// half away from zero. Each feed here writes the same three numbers its own way: a latitude of 41.858087499999996
/// (rounding the double gives 41.858088), a longitude on an exact tie, 8.0219525 (the double gives 8.021952), and a
/// price of 1.74949999999999995 (the double gives 1.750).
@Suite struct PublishedPlacesTests {
    struct Feed: Sendable, CustomTestStringConvertible {
        var country: String
        var how: String
        var testDescription: String { "\(country): \(how)" }
    }

    @Test(arguments: [
        Feed(country: "ES", how: "decimal-comma strings"),
        Feed(country: "PT", how: "a JSON number, a string and a price with its unit"),
        Feed(country: "AT", how: "JSON numbers"),
        Feed(country: "FR", how: "degrees × 100000 and euros in XML attributes"),
        Feed(country: "FR", how: "thousandths of a euro"),
        Feed(country: "IT", how: "pipe CSV"),
    ])
    func roundsOnTheText(_ feed: Feed) throws {
        let result = try Self.parse(feed)
        let station = try #require(result.stations.first)
        #expect(station.latitude == 41.858087)
        #expect(station.longitude == 8.021953)
        #expect(station.prices.map(\.price) == [1.749])
    }

    static func parse(_ feed: Feed) throws -> FeedParseResult {
        switch (feed.country, feed.how) {
        case ("ES", _):
            return try run(
                "ES", "precios.json",
                #"{"Fecha":"27\/09\/2025 18:05:47","ListaEESSPrecio":[{"C.P.":"08630","Dirección":"C\/ A","#
                    + #""Horario":"L-D: 24H","Latitud":"41,858087499999996","Localidad":"ABRERA","#
                    + #""Longitud (WGS84)":"8,0219525","Precio Gasoleo A":"1,74949999999999995","Rótulo":"REPSOL","#
                    + #""Tipo Venta":"P","IDEESS":"1"}],"Nota":"","ResultadoConsulta":"OK"}"#)
        case ("PT", _):
            return try run(
                "PT", "page-0001.json",
                #"{"status":true,"mensagem":"sucesso","resultado":[{"Id":501,"Nome":"Posto","Marca":"GALP","#
                    + #""Morada":"Rua A","Localidade":"Lisboa","CodPostal":"1000-001","Latitude":41.858087499999996,"#
                    + #""Longitude":"8,0219525","Combustivel":"Gasóleo simples","Preco":"1,74949999999999995 €","#
                    + #""DataAtualizacao":"2025-09-26 08:15"}]}"#)
        case ("AT", _):
            return try run(
                "AT", "by-region-PB-601-DIE.json",
                #"[{"id":1,"name":"OMV","location":{"address":"Wiener Straße 1","postalCode":"8051","#
                    + #""city":"Graz","latitude":41.858087499999996,"longitude":8.0219525},"#
                    + #""prices":[{"fuelType":"DIE","amount":1.74949999999999995,"label":"Diesel"}]}]"#)
        case ("FR", let how):
            let valeur = how.hasPrefix("thousandths") ? "1749.4999999999999" : "1.74949999999999995"
            let price = #"<prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="\#(valeur)"/>"#
            return try FeedRun.files(
                "FR",
                [
                    "PrixCarburants_instantane.xml": FRQuirkTests.document(
                        FRQuirkTests.pdv(latitude: "4185808.7499999996", longitude: "802195.25", price))
                ])
        default:
            return try ITQuirkTests.parse(
                registry: ITQuirkTests.registryHeader
                    + "1|G|Esso|Stradale|N|VIA X|ROMA|RM|41.858087499999996|8.0219525\n",
                prices: ITQuirkTests.pricesHeader + "1|Benzina|1.74949999999999995|1|18/08/2026 19:25:02\n")
        }
    }

    static func run(_ country: String, _ file: String, _ text: String) throws -> FeedParseResult {
        let adapter = try #require(CountryRegistry.country(country))
        return try adapter.parse(try FeedFixture.input(country: country, texts: [file: text]))
    }
}
