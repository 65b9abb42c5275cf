import Foundation
import FuelFormat
import FuelReport
import Testing

/// The page's packed station data (`ReportData`), decoded here independently: every station comes back with its
/// coordinates, texts, cell, and each fuel's price and time; strings are stored once.
@Suite struct ReportDataTests {
    static let day = Date(timeIntervalSince1970: 1_764_460_800)  // 2025-11-30T00:00:00Z

    static func price(
        _ fuel: FuelCode, _ price: Double, minutes: Double = 0, unit: PriceUnit = .litre,
        service: ServiceKind? = nil
    ) -> FuelPrice {
        FuelPrice(fuel: fuel, price: price, updated: day.addingTimeInterval(minutes * 60), unit: unit, service: service)
    }

    static let stations: [Station] = [
        Station(
            id: "ES-1", country: "ES", name: "Repsol Sol", brand: "Repsol", address: "Calle Mayor 1", postcode: "28013",
            city: "Madrid", latitude: 40.416_775, longitude: -3.703_790,
            prices: [
                price(.diesel, 1.459, minutes: 5, service: .fullService),
                price(.diesel, 1.399, minutes: 7, service: .selfService), price(.cng, 1.299, unit: .kilogram),
            ]),
        Station(
            id: "PT-2", country: "PT", name: nil, brand: nil, address: nil, postcode: nil, city: "Lisboa",
            latitude: 38.722_252, longitude: -9.139_337,
            prices: [price(.lpg, 0.899, minutes: 90), price(.cng, 1.2, unit: .cubicMetre)]),
        Station(
            id: "IT-3", country: "IT", name: "Repsol Sol", brand: "Repsol", latitude: -0.1, longitude: -0.1,
            prices: [price(.diesel, 1.7, minutes: 60 * 24 * 3), price(.cng, 1.15, unit: .cubicMetre)]),
        Station(
            id: "AT-4", country: "AT", name: "Hydrogen", latitude: 48.2, longitude: 16.37,
            prices: [price(.hydrogen, 70.5, unit: .kilogram), price(.other, 2.001)]),
    ]

    static func input(_ stations: [Station] = stations, fuel: FuelCode = .diesel) -> ReportInput {
        ReportInput(
            builtAt: day, gridDegrees: 0.5, stations: stations, cells: ["77_-19", "81_-8"], cellChanges: [:],
            hasPrevious: false, countries: [], fuel: fuel, title: "data")
    }

    @Test func everyStationComesBackFromThePackedColumns() throws {
        let input = Self.input()
        let page = try PageDataReader(ReportPage.html(input))
        #expect(page.data["count"] as? Int == 4)
        #expect(page.strings["ids"] == input.stations.map(\.id))
        #expect(try page.column(page.data["latitude"]) == input.stations.map { Double(Float($0.latitude)) })
        #expect(try page.column(page.data["longitude"]) == input.stations.map { Double(Float($0.longitude)) })
        #expect(try page.strings("name") == ["Repsol Sol", "", "Repsol Sol", "Hydrogen"])
        #expect(try page.strings("brand") == ["Repsol", "", "Repsol", ""])
        #expect(try page.strings("address") == ["Calle Mayor 1, 28013 Madrid", "Lisboa", "", ""])
        #expect(try page.strings("cell") == input.stations.map(input.tileKey(of:)))
        #expect(page.data["cells"] as? [String] == input.cells)
    }

    @Test func eachFuelHasItsPricesInThousandthsAndItsTimes() throws {
        let page = try PageDataReader(ReportPage.html(Self.input()))
        let fuels = try page.fuels()
        // Canonical order, then `other`; a fuel priced in two units is two choices.
        #expect(fuels.map(\.value) == ["diesel", "lpg", "cng/kg", "cng/m3", "hydrogen", "other"])
        #expect(fuels.map(\.unit) == ["€/l", "€/l", "€/kg", "€/m³", "€/kg", "€/l"])
        let base = try #require(page.data["timeBase"] as? Int)
        #expect(base == Int(Self.day.timeIntervalSince1970))
        let diesel = fuels[0]
        // Self service where a station has both; 0 where it has none; times only for priced stations.
        #expect(diesel.prices == [1399, 0, 1700, 0])
        #expect(diesel.updated == [7 * 60, 3 * 24 * 3600])
        #expect(fuels[1].prices == [0, 899, 0, 0])
        #expect(fuels[1].updated == [90 * 60])
        #expect(fuels[2].prices == [1299, 0, 0, 0])
        #expect(fuels[3].prices == [0, 1200, 1150, 0])
        #expect(fuels[4].prices == [0, 0, 0, 70_500])
        #expect(fuels[5].prices == [0, 0, 0, 2001])
        #expect(page.data["fuel"] as? String == "diesel")
    }

    @Test func aPriceAboveWhatSixteenBitsHoldWidensItsColumn() throws {
        let page = try PageDataReader(ReportPage.html(Self.input()))
        let hydrogen = try #require(
            (page.data["fuels"] as? [[String: Any]])?.first { $0["value"] as? String == "hydrogen" })
        #expect((hydrogen["price"] as? [String: Any])?["type"] as? String == "u32")
        let diesel = try #require(
            (page.data["fuels"] as? [[String: Any]])?.first { $0["value"] as? String == "diesel" })
        #expect((diesel["price"] as? [String: Any])?["type"] as? String == "u16")
    }

    @Test func repeatedStringsAreStoredOnceAndIndexedNarrowly() throws {
        let stations = (0..<3000).map { number in
            Station(
                id: "FR-\(number)", country: "FR", name: number.isMultiple(of: 2) ? "Total Access" : "Esso",
                brand: "TotalEnergies", latitude: 45 + Double(number) / 1000, longitude: 2,
                prices: [Self.price(.gasoline95E10, 1.7)])
        }
        let page = try PageDataReader(ReportPage.html(Self.input(stations)))
        #expect(page.table("brand") == ["", "TotalEnergies"])
        #expect(page.table("name") == ["", "Total Access", "Esso"])
        #expect(page.columnType(page.data["latitude"]) == "f32")
        #expect(page.columnType(page.data["name"]) == "u8")
        // Not one object per station: the header is a handful of JSON values whatever the count.
        #expect(page.headerText.components(separatedBy: "{").count < 30)
    }

    @Test func theMapOpensOnTheInputsFuelOrElseTheFirst() throws {
        #expect(try PageDataReader(ReportPage.html(Self.input(fuel: .lpg))).data["fuel"] as? String == "lpg")
        #expect(try PageDataReader(ReportPage.html(Self.input(fuel: .e85))).data["fuel"] as? String == "diesel")
        // A fuel in two units opens in the unit more stations price it in.
        #expect(try PageDataReader(ReportPage.html(Self.input(fuel: .cng))).data["fuel"] as? String == "cng/m3")
        #expect(try PageDataReader(ReportPage.html(Self.input([]))).data["fuel"] as? String == "")
    }
}
