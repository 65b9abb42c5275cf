import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// ES `Horario` text into `openingHours`: the common patterns convert, anything else is left out and counted.
@Suite struct ESOpeningHoursTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var horario: String
        var openingHours: String?
        var testDescription: String { horario }
    }

    static let cases: [Case] = [
        Case(horario: "L-D: 24H", openingHours: "24/7"),
        Case(horario: "L-V: 06:00-22:00; S: 07:00-15:00", openingHours: "Mo-Fr 06:00-22:00; Sa 07:00-15:00"),
        Case(horario: "L-S: 07:00-13:00 y 16:00-20:00", openingHours: "Mo-Sa 07:00-13:00,16:00-20:00"),
        Case(horario: "L-D: 06:00-01:30", openingHours: "Mo-Su 06:00-01:30"),
        Case(horario: "L-D: 6:30-22:30", openingHours: "Mo-Su 06:30-22:30"),
        Case(horario: "L-V: 24H; S-D: 06:00-00:00", openingHours: "Mo-Fr 00:00-24:00; Sa-Su 06:00-00:00"),
        Case(horario: "L: 06:00-22:00; D: 06:00-22:00", openingHours: "Mo 06:00-22:00; Su 06:00-22:00"),
        Case(
            horario: "L-J: 08:30-21:30; V-S: 24H; D: 00:00-20:00",
            openingHours: "Mo-Th 08:30-21:30; Fr-Sa 00:00-24:00; Su 00:00-20:00"),
        Case(horario: "D: 24H", openingHours: "Su 00:00-24:00"),
        // Not converted: a day named twice, a stray space, a wrapping range, an empty span, other words.
        Case(horario: "L: 06:00-23:59; M-D: 24H; L-V: 08:00-20:00", openingHours: nil),
        Case(horario: "L-S: 8:00 -21:00; D: 08:00-14:00 y 16:00-21:00", openingHours: nil),
        Case(horario: "S-L: 08:00-20:00", openingHours: nil),
        Case(horario: "L-D: 08:00-08:00", openingHours: nil),
        Case(horario: "L-D: 25:00-26:00", openingHours: nil),
        Case(horario: "CACA", openingHours: nil),
        Case(horario: "L-D: de 7 a 22", openingHours: nil),
    ]

    @Test(arguments: cases)
    func aHorarioConvertsOnlyWhenItIsOneOfThePatterns(_ testCase: Case) {
        let value = ESOpeningHours.value(testCase.horario)
        #expect(value == testCase.openingHours)
        if let value { #expect(OpeningHours(parsing: value)?.text == value, "written in the subset") }
    }

    /// The share docs/feeds.md reports: of the 1,255 distinct `Horario` values of a national response, all but the
    /// junk `CACA` and one with a stray space convert; of the 40 real Barcelona stations, all.
    @Test func theShareOfTheRealValuesThatConvert() throws {
        let values = try RealCaptures.spanishHorarios()
        let unconverted = values.filter { ESOpeningHours.value($0) == nil }
        #expect(values.count == 1_255)
        #expect(unconverted == ["CACA", "L-S: 8:00 -21:00; D: 08:00-14:00 y 16:00-21:00"])
        let barcelona = try RealCaptures.stations().map(\.station).filter { $0.country == "ES" }
        #expect(barcelona.count == 40)
        #expect(barcelona.filter { $0.openingHours != nil }.count == 40)
        #expect(barcelona.allSatisfy { ($0.hours == nil) == ($0.openingHours == nil) })
    }

    @Test func aHorarioThatDoesNotConvertKeepsItsTextAndIsCounted() throws {
        let record = { (id: String, hours: String) in
            #"{"Horario":"\#(hours)","Latitud":"40,4","Longitud (WGS84)":"-3,7","Precio Gasoleo A":"1,4","IDEESS":"\#(id)"}"#
        }
        let text =
            #"{"Fecha":"27\/09\/2025 18:05:47","ListaEESSPrecio":["# + record("1", "L-D: de 7 a 22") + ","
            + record("2", "L-D: 24H") + "," + record("3", "CACA") + #"],"Nota":"","ResultadoConsulta":"OK"}"#
        let result = try ESAdapter().parse(try FeedFixture.input(country: "ES", texts: ["precios.json": text]))
        #expect(result.station("ES-1")?.hours == "L-D: de 7 a 22")
        #expect(result.station("ES-1")?.openingHours == nil)
        #expect(result.station("ES-2")?.openingHours == "24/7")
        #expect(result.stations.count == 3, "nothing is dropped")
        #expect(result.counters[.horarioNotConverted] == 1, "the junk is counted as junk only")
        #expect(result.counters[.junkHours] == 1)
    }
}
