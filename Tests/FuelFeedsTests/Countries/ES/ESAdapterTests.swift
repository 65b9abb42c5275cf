import Foundation
import FuelFeeds
import FuelFormat
import Testing
import _FuelTestSupport

@Suite struct ESAdapterTests {
    /// Stations of the real Barcelona sample; every expected value was read from the sample's bytes.
    struct SampleStation: Sendable, CustomTestStringConvertible {
        var id: String
        var name: String
        var brand: String?
        var latitude: Double
        var longitude: Double
        var diesel: Double?
        var address: String
        var postcode: String
        var city: String
        var hours: String
        var restricted: Bool?
        var testDescription: String { "\(id) \(name)" }
    }

    static let sampleStations: [SampleStation] = [
        SampleStation(
            id: "ES-1736", name: "NIEVES", brand: "Nieves", latitude: 41.507833, longitude: 1.902972, diesel: 1.339,
            address: "CALLE HOSTAL DEL PI S/N, S/N", postcode: "08630", city: "ENTITAT EST D'ABRERA",
            hours: "L-V: 07:00-22:00; S: 08:00-22:00; D: 10:00-22:00", restricted: nil),
        SampleStation(
            id: "ES-2849", name: "SHELL", brand: "Shell", latitude: 41.471528, longitude: 2.254028, diesel: 1.359,
            address: "C/ RIERA MONTEALEGRE, 12 km CENTRO COMERCIAL M", postcode: "08916", city: "BADALONA",
            hours: "L-S: 07:00-22:00; D: 09:00-14:00", restricted: nil),
        SampleStation(
            id: "ES-8329", name: "BP ALELLA", brand: "BP", latitude: 41.481083, longitude: 2.304528, diesel: 1.439,
            address: "CARRETERA ALELLA KM. 1", postcode: "08328", city: "ALELLA", hours: "L-D: 24H", restricted: nil),
        SampleStation(
            id: "ES-2248", name: "BP SANTIGA", brand: "BP", latitude: 41.518694, longitude: 2.148250, diesel: 1.449,
            address: "CR DE RIPOLLET A SANTIGA KM  2,4", postcode: "08210", city: "BARBERA DEL VALLES",
            hours: "L-D: 24H", restricted: nil),
        SampleStation(
            id: "ES-15643", name: "TRANSPORTES SOLAZO", brand: "Transportes Solazo", latitude: 41.509944,
            longitude: 1.897944, diesel: 1.279, address: "AVENIDA ENERGIA, 10", postcode: "08630", city: "ABRERA",
            hours: "L-V: 08:30-18:30", restricted: true),
        SampleStation(
            id: "ES-14790", name: "HAM", brand: "HAM", latitude: 41.514583, longitude: 1.897944, diesel: nil,
            address: "PASAJE TREBALL DEL, 1", postcode: "08630", city: "ABRERA", hours: "L-D: 24H", restricted: nil),
    ]

    static func sample() throws -> FeedParseResult {
        let folder = RepositoryPaths.feedFixtures().appendingPathComponent("ES")
        return try ESAdapter().parse(try FeedFixture.input(folder: folder, country: "ES"))
    }

    @Test(arguments: sampleStations)
    func readsRealStations(_ expected: SampleStation) throws {
        let station = try #require(try Self.sample().station(expected.id))
        #expect(station.country == "ES")
        #expect(station.name == expected.name)
        #expect(station.brand == expected.brand)
        #expect(station.latitude == expected.latitude)
        #expect(station.longitude == expected.longitude)
        #expect(station.price(.diesel)?.price == expected.diesel)
        #expect(station.address == expected.address)
        #expect(station.postcode == expected.postcode)
        #expect(station.city == expected.city)
        #expect(station.hours == expected.hours)
        #expect(station.restricted == expected.restricted)
        for price in station.prices {
            #expect(UTCTime.format(price.updated) == "2025-09-27T16:05:47Z")
        }
    }

    @Test func readsTheWholeSample() throws {
        let result = try Self.sample()
        #expect(ParseSummary(result) == ParseSummary(records: 40, stations: 40, referenceTime: "2025-09-27T16:05:47Z"))
        #expect(result.counters.isEmpty)
        #expect(result.stations.map(\.id) == result.stations.map(\.id).sorted())
        // 39 of the 40 stations sell Gasoleo A; the 40th (HAM, 14790) sells only natural gas.
        #expect(result.stations.filter { $0.price(.diesel) != nil }.count == 39)
    }

    @Test func readsAllPricesOfAStation() throws {
        let station = try #require(try Self.sample().station("ES-1736"))
        let prices = station.prices.map { "\($0.fuel)=\($0.price)" }
        #expect(
            prices == [
                "adblue=0.729", "diesel=1.339", "diesel_premium=1.359", "gasoline_95=1.369",
                "gasoline_95_premium=1.389",
            ])
    }

    @Test func pricesNaturalGasPerKilogram() throws {
        let station = try #require(try Self.sample().station("ES-14790"))
        #expect(station.prices.count == 2)
        #expect(station.price(.cng, unit: .kilogram)?.price == 1.179)
        #expect(station.price(.lng, unit: .kilogram)?.price == 1.129)
    }

    /// A small response with every quirk at once: a BOM, `\/` escapes, decimal commas, `""` for fuels not sold,
    /// a fuel that maps to `other`, a price key nobody knows yet, and records without id or coordinates.
    static func quirks() throws -> FeedParseResult {
        let station = { (id: String, latitude: String, longitude: String) in
            #"{"C.P.":"28001","Dirección":"C\/ ALCAL\u00c1, 1","Horario":"L-D: 24H","Latitud":"\#(latitude)","#
                + #""Localidad":"MADRID","Longitud (WGS84)":"\#(longitude)","Precio Gasoleo A":"1,459","#
                + #""Precio Gasolina 95 E5":"","Precio Amoniaco":"0,950","Precio Gasolina 99 Turbo":"2,100","#
                + #""Rótulo":"REPSOL","Tipo Venta":"P","IDEESS":"\#(id)"}"#
        }
        let text =
            #"{"Fecha":"01\/03\/2025 10:00:00","ListaEESSPrecio":["#
            + [station("1", "40,419", "-3,7038"), station("2", "", ""), station("", "40,4", "-3,7")]
            .joined(separator: ",")
            + #"],"Nota":"","ResultadoConsulta":"OK"}"#
        let input = try FeedFixture.input(
            country: "ES", files: ["precios.json": [0xEF, 0xBB, 0xBF] + Array(text.utf8)])
        return try ESAdapter().parse(input)
    }

    @Test func readsDecimalCommasAndEscapes() throws {
        let station = try #require(try Self.quirks().station("ES-1"))
        #expect(station.latitude == 40.419)
        #expect(station.longitude == -3.7038)
        #expect(station.price(.diesel)?.price == 1.459)
        #expect(station.address == "C/ ALCALÁ, 1")
        #expect(station.brand == "Repsol")
    }

    @Test func skipsFuelsNotSoldAndKeepsOtherLabels() throws {
        let station = try #require(try Self.quirks().station("ES-1"))
        #expect(station.price(.gasoline95) == nil)
        #expect(station.price(.other)?.label == "Amoniaco")
        #expect(station.price(.other)?.price == 0.95)
        #expect(station.prices.count == 2)
    }

    @Test func countsUnknownPriceKeysAndDropsUnusableRecords() throws {
        let result = try Self.quirks()
        #expect(result.records == 3)
        #expect(result.stations.map(\.id) == ["ES-1"])
        #expect(result.counters == [.unknownPriceKey(key: "Precio Gasolina 99 Turbo"): 3])
        #expect(result.rejects == [Reason(.emptyCoordinates): 1, Reason(.emptyIDEESS): 1])
        // 1 March is winter time in Madrid: UTC+1.
        #expect(UTCTime.format(result.referenceTime) == "2025-03-01T09:00:00Z")
    }

    @Test func keepsTheNewerRecordWhenFilesOverlap() throws {
        func response(_ fecha: String, _ stations: [(id: String, diesel: String)]) -> String {
            let records = stations.map {
                #"{"Latitud":"40,4","Longitud (WGS84)":"-3,7","Precio Gasoleo A":"\#($0.diesel)","IDEESS":"\#($0.id)"}"#
            }
            return #"{"Fecha":"\#(fecha)","ListaEESSPrecio":["# + records.joined(separator: ",")
                + #"],"Nota":"","ResultadoConsulta":"OK"}"#
        }
        let input = try FeedFixture.input(
            country: "ES",
            texts: [
                "a-newer.json": response("27/09/2025 18:05:47", [("1", "1,400"), ("2", "1,500")]),
                "b-older.json": response("26/09/2025 18:05:47", [("1", "1,300")]),
            ])
        let result = try ESAdapter().parse(input)
        #expect(result.records == 3)
        #expect(result.stations.map(\.id) == ["ES-1", "ES-2"])
        #expect(result.station("ES-1")?.price(.diesel)?.price == 1.4)
        #expect(result.rejects == [Reason(.duplicateIDEESS): 1])
        #expect(UTCTime.format(result.referenceTime) == "2025-09-27T16:05:47Z")
    }

    @Test func failsWhenTheServiceSaysKO() throws {
        let text = #"{"Fecha":"27\/09\/2025 18:05:47","ListaEESSPrecio":[],"Nota":"","ResultadoConsulta":"KO"}"#
        let input = try FeedFixture.input(country: "ES", texts: ["precios.json": text])
        let error = #expect(throws: FeedError.self) { try ESAdapter().parse(input) }
        #expect(error?.country == "ES")
        #expect(error?.file.hasSuffix("ES/precios.json") == true)
        #expect(error?.description.contains("ResultadoConsulta \"KO\"") == true)
    }

    // MARK: Rules of docs/feeds.md that no other test showed, one small case each

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
        let result = try ESAdapter().parse(try FeedFixture.input(country: "ES", texts: ["precios.json": text]))
        #expect(result.stations.map(\.id) == ["ES-7"])
        #expect(result.station("ES-7")?.price(.diesel)?.price == 1.4)
        #expect(result.rejects == [Reason(.duplicateIDEESS): 1])
    }
}
