import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// ES `Horario` is free text: kept as it is, except junk with no time in it.
@Suite struct ESHoursTests {
    @Test func onlyTheJunkAmongTheNationalValuesIsDropped() throws {
        let text = String(decoding: try FeedRun.fixture("ES", "horario-distinct-values.txt"), as: UTF8.self)
        let values = text.split(separator: "\n").map(String.init)
        #expect(values.count == 1_255)
        #expect(values.filter(ESAdapter.isJunkHours) == ["CACA"])
    }

    @Test func aJunkHorarioIsDroppedAndCounted() throws {
        let record = { (id: String, hours: String) in
            #"{"Horario":"\#(hours)","Latitud":"40,4","Longitud (WGS84)":"-3,7","Precio Gasoleo A":"1,4","IDEESS":"\#(id)"}"#
        }
        let text =
            #"{"Fecha":"27\/09\/2025 18:05:47","ListaEESSPrecio":["# + record("1", "CACA") + ","
            + record("2", "L-D: 24H") + #"],"Nota":"","ResultadoConsulta":"OK"}"#
        let result = try ESAdapter().parse(try FeedFixture.input(country: "ES", texts: ["precios.json": text]))
        #expect(result.station("ES-1")?.hours == nil)
        #expect(result.station("ES-2")?.hours == "L-D: 24H")
        #expect(result.counters[.junkHours] == 1)
    }
}
