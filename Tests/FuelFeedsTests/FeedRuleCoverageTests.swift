import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

/// Rules of docs/feeds.md that the adapters handled but no test showed, one small case each.
@Suite struct FeedRuleCoverageTests {
    @Test func esGasoleoBIsAgriculturalDiesel() throws {
        // Real sample station 13318 (HAM, Abrera): "Precio Gasoleo A":"1,419", "Precio Gasoleo B":"1,289".
        let station = try #require(try ESAdapterTests.sample().station("ES-13318"))
        #expect(station.price(.diesel)?.price == 1.419)
        #expect(station.price(.dieselAgri)?.price == 1.289)
    }

    @Test func esARepeatedIDEESSInOneFileKeepsTheFirstAndIsCounted() throws {
        let record = { (diesel: String) in
            #"{"Latitud":"40,4","Longitud (WGS84)":"-3,7","Precio Gasoleo A":"\#(diesel)","IDEESS":"7"}"#
        }
        let text =
            #"{"Fecha":"27\/09\/2025 18:05:47","ListaEESSPrecio":["# + record("1,400") + "," + record("1,500")
            + #"],"Nota":"","ResultadoConsulta":"OK"}"#
        let result = try SpainAdapter().parse(try FeedFixture.input(country: "ES", texts: ["precios.json": text]))
        #expect(result.stations.map(\.id) == ["ES-7"])
        #expect(result.station("ES-7")?.price(.diesel)?.price == 1.4)
        #expect(result.rejects == ["duplicate IDEESS": 1])
    }

    @Test func ptTakesTheMunicipalityWhenLocalidadeIsMissing() throws {
        let row =
            #"{"Id":41,"Nome":"Posto","Marca":"GALP","Morada":"Rua A, 1","Municipio":"Sintra","#
            + #""CodPostal":"2710-001","Latitude":38.8,"Longitude":-9.38,"Combustivel":"Gasóleo simples","#
            + #""Preco":"1,649 €","DataAtualizacao":"2025-09-26 08:15"}"#
        let result = try PTAdapterTests.parse([PTAdapterTests.page([row])])
        #expect(result.station("PT-41")?.city == "Sintra")
    }

    @Test func atAnEmptyNameIsNoName() throws {
        let response =
            #"[{"id":9,"name":"","location":{"address":"Straße 1","postalCode":"1100","city":"Wien","#
            + #""latitude":48.17,"longitude":16.38},"prices":[{"fuelType":"DIE","amount":1.499,"label":"Diesel"}]}]"#
        let input = try FeedFixture.input(
            country: "AT", texts: ["by-region-PB-910-DIE.json": response],
            manifest: ATAdapterTests.manifest(["by-region-PB-910-DIE.json": "2025-09-27T10:00:00Z"]))
        let station = try #require(try AustriaAdapter().parse(input).station("AT-9"))
        #expect(station.name == nil)
        #expect(station.city == "Wien")
    }

    @Test func frAStationWithOnlyAShortageIsKeptWithoutPrices() throws {
        let body = #"<rupture id="1" nom="Gazole" debut="2024-05-07T08:00:00" fin="" type="temporaire"/>"#
        // A second, priced station: a feed with no price at all is refused as not the real feed.
        let result = try FRQuirkTests.parse(FRQuirkTests.pdv(id: 2, body) + FRQuirkTests.pdv(id: 3))
        let station = try #require(result.station("FR-2"))
        #expect(station.prices.isEmpty)
        #expect(station.unavailable == [.diesel])
    }

    @Test func frAnEmptyPostcodeIsNoPostcode() throws {
        let pdv = FRQuirkTests.pdv().replacingOccurrences(of: #"cp="01000""#, with: #"cp="""#)
        let station = try #require(try FRQuirkTests.parse(pdv).stations.first)
        #expect(station.postcode == nil)
        #expect(station.city == "BOURG")
    }
}
