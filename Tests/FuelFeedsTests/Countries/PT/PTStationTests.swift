import Foundation
import FuelFeeds
import FuelFormat
import Testing

/// Named PT stations compared as whole `Station` values: of the reconstructed test fixture (`Fixtures/PT`, source
/// `sample`), every expected value read from the raw rows (`page-000N.json`) and the rules of the adapter's docs (Lisbon
/// summer time is UTC+1); and of the real capture `dgeg-2026-06-10` (`PTRealCaptureTests`), read off the JSON by hand.
@Suite struct PTStationTests {
    typealias Case = StationCase

    static let portugal: [Case] = [
        Case(
            label: "PT-1011 Galp Lisboa República: five fuels, GPL updated days earlier",
            expected: Station(
                id: "PT-1011", country: "PT", name: "Galp Lisboa República", brand: "Galp",
                address: "Avenida da República, 45", postcode: "1050-187", city: "Lisboa", latitude: 38.739021,
                longitude: -9.145803,
                prices: [
                    FeedRun.price(.diesel, 1.659, "2025-09-26T07:15:00Z"),
                    FeedRun.price(.dieselPremium, 1.759, "2025-09-26T07:15:00Z"),
                    FeedRun.price(.gasoline95, 1.789, "2025-09-26T07:15:00Z"),
                    FeedRun.price(.gasoline95Premium, 1.869, "2025-09-26T07:15:00Z"),
                    FeedRun.price(.lpg, 0.899, "2025-09-22T18:40:00Z"),
                ])),
        Case(
            label: "PT-5102 Cepsa Évora: rows split across pages 1 and 2",
            expected: Station(
                id: "PT-5102", country: "PT", name: "Cepsa Évora", brand: "Cepsa", address: "Avenida Túlio Espanca, 30",
                postcode: "7005-840", city: "Évora", latitude: 38.565004, longitude: -7.905312,
                prices: [
                    FeedRun.price(.diesel, 1.629, "2025-09-26T17:20:00Z"),
                    FeedRun.price(.gasoline95, 1.769, "2025-09-26T17:20:00Z"),
                    FeedRun.price(.lpg, 0.889, "2025-09-26T17:20:00Z"),
                ])),
        Case(
            label: "PT-8001 Dourogás Matosinhos: CNG per kg and per m³, LNG per kg",
            expected: Station(
                id: "PT-8001", country: "PT", name: "Dourogás Matosinhos", brand: "Dourogás",
                address: "Rua Roberto Ivens, 1200", postcode: "4450-253", city: "Matosinhos", latitude: 41.186034,
                longitude: -8.690127,
                prices: [
                    FeedRun.price(.cng, 1.299, "2025-09-23T10:10:00Z", unit: .kilogram),
                    FeedRun.price(.cng, 0.995, "2025-09-23T10:10:00Z", unit: .cubicMetre),
                    FeedRun.price(.lng, 1.199, "2025-09-23T10:10:00Z", unit: .kilogram),
                ])),
        Case(
            label: "PT-3115 BP Taveiro: Gasolina especial 98 is a 98-octane petrol; the town is Localidade",
            expected: Station(
                id: "PT-3115", country: "PT", name: "BP Taveiro", brand: "BP", address: "Estrada Nacional 341, Km 4",
                postcode: "3045-504", city: "Taveiro", latitude: 40.185712, longitude: -8.477003,
                prices: [
                    FeedRun.price(.diesel, 1.649, "2025-09-26T11:00:00Z"),
                    FeedRun.price(.dieselPremium, 1.749, "2025-09-26T11:00:00Z"),
                    FeedRun.price(.gasoline95, 1.799, "2025-09-26T11:00:00Z"),
                    FeedRun.price(.gasoline98, 1.959, "2025-09-26T11:00:00Z"),
                ])),
        Case(
            label: "PT-9377 Ílhavo: no brand (Marca null), an unmapped fuel kept as other with its label",
            expected: Station(
                id: "PT-9377", country: "PT", name: "Posto de Abastecimento de Ílhavo", brand: nil,
                address: "Rua João de Deus, 5", postcode: "3830-181", city: "Ílhavo", latitude: 40.60051,
                longitude: -8.667009,
                prices: [
                    FeedRun.price(.diesel, 1.609, "2025-09-25T15:45:00Z"),
                    FeedRun.price(.other, 2.15, "2025-09-25T15:45:00Z", label: "Gasolina mistura"),
                ])),
        Case(
            label: "93086 Famões: Intermarché, five fuels at 13:15 Lisbon summer time",
            source: "dgeg-2026-06-10",
            expected: Station(
                id: "PT-93086", country: "PT", name: "Posto de Abastecimento - Intermarché de Famões",
                brand: "Intermarché", address: "Urb. Quinta do Segulim, Lote EA-01", postcode: "1675-351",
                city: "Famões", latitude: 38.792127, longitude: -9.214949,
                prices: [
                    FeedRun.price(.diesel, 1.819, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline95, 1.839, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline95Premium, 1.869, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.gasoline98, 1.959, "2026-06-08T12:15:00Z"),
                    FeedRun.price(.lpg, 0.949, "2026-06-08T12:15:00Z"),
                ])),
        Case(
            label: "94406 Pousada de Saramagos: PRIO, midnight local is the day before in UTC",
            source: "dgeg-2026-06-10",
            expected: Station(
                id: "PT-94406", country: "PT", name: "PRIO Pousada de Saramagos", brand: "Prio",
                address: "Av. Riopele 815", postcode: "4770-405", city: "Pousada de Saramagos", latitude: 41.42762,
                longitude: -8.43019,
                prices: [
                    FeedRun.price(.gasoline95, 1.954, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.gasoline95Premium, 1.889, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.gasoline98, 2.054, "2026-06-07T23:00:00Z"),
                    FeedRun.price(.lpg, 0.949, "2026-06-07T23:00:00Z"),
                ])),
    ]

    @Test(arguments: portugal)
    func station(_ testCase: Case) throws {
        let result = try testCase.source == "sample" ? PTAdapterTests.sample() : PTRealCaptureTests.portugal()
        let station = try #require(result.station(testCase.expected.id))
        #expect(station == testCase.expected)
    }
}
