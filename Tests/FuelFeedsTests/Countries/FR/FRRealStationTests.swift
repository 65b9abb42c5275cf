import Foundation
import FuelFormat
import Testing

@testable import FuelFeeds

/// Real FR stations, with every expected value read by hand from the raw bytes of the committed sample ZIP
/// (converted from the real data.economie.gouv.fr export), of the two real XML excerpts and of the whole national
/// instantané ZIP of 2022-05-03 (`FRNationalFileTests`).
@Suite struct FRRealStationTests {
    /// `source`: `sample`, or the name of a fixture under `Fixtures/FR/`.
    typealias Case = StationCase

    static let cases: [Case] = [
        Case(
            label: "12270001 La Fouillade: decimal coordinates, definitive shortages, no hours",
            source: "sample",
            expected: Station(
                id: "FR-12270001", country: "FR", address: "ZA LE LAC", postcode: "12270", city: "La Fouillade",
                latitude: 44.240241, longitude: 2.032832,
                prices: [
                    FeedRun.price(.diesel, 1.669, "2026-02-02T16:25:02Z"),
                    FeedRun.price(.gasoline95E10, 1.689, "2026-02-02T16:25:03Z"),
                    FeedRun.price(.gasoline98, 1.789, "2026-02-02T16:25:03Z"),
                ],
                services: [
                    "DAB (Distributeur automatique de billets)", "Lavage automatique", "Laverie",
                    "Piste poids lourds", "Station de gonflage",
                ])),
        Case(
            label: "28310010 A10 Plaines de Beauce: motorway, temporary SP95 shortage, 24/7 automat",
            source: "sample",
            expected: Station(
                id: "FR-28310010", country: "FR", address: "A10 AIRE DES PLAINES DE BEAUCE", postcode: "28310",
                city: "Fresnay-l'Évêque", latitude: 48.275, longitude: 1.856,
                prices: [
                    FeedRun.price(.diesel, 2.075, "2026-02-07T08:30:00Z"),
                    FeedRun.price(.gasoline95E10, 2.112, "2026-02-07T08:30:00Z"),
                    FeedRun.price(.gasoline98, 2.262, "2026-02-07T08:30:00Z"),
                ],
                unavailable: [.gasoline95], hours: "24/7", openingHours: "24/7", automatHours: "24/7",
                services: [
                    "Aire de camping-cars", "Automate CB 24/24", "Bornes électriques", "Boutique alimentaire",
                    "Boutique non alimentaire", "Carburant additivé", "DAB (Distributeur automatique de billets)",
                    "Douches", "Espace bébé", "Piste poids lourds", "Restauration sur place",
                    "Restauration à emporter", "Station de gonflage", "Toilettes publiques",
                    "Vente d'additifs carburants", "Wifi",
                ],
                motorway: true)),
        Case(
            label: "75014008 Paris Raspail: summer time prices, two temporary shortages, E10 no longer sold",
            source: "sample",
            expected: Station(
                id: "FR-75014008", country: "FR", address: "253 Boulevard Raspail", postcode: "75014", city: "Paris",
                latitude: 48.838, longitude: 2.331,
                prices: [
                    FeedRun.price(.diesel, 2.15, "2025-05-14T12:56:10Z"),
                    FeedRun.price(.gasoline95, 2.45, "2025-05-14T12:56:10Z"),
                    FeedRun.price(.gasoline98, 2.47, "2025-05-14T12:56:11Z"),
                ],
                unavailable: [.e85, .lpg], hours: "Mo-Fr 07:00-20:00; Sa 09:00-18:00; Su 09:00-17:00",
                openingHours: "Mo-Fr 07:00-20:00; Sa 09:00-18:00; Su 09:00-17:00",
                services: [
                    "Boutique non alimentaire", "Carburant additivé", "Lavage manuel",
                    "Services réparation / entretien", "Station de gonflage",
                ])),
        Case(
            label: "20600003 Furiani: Corsica",
            source: "sample",
            expected: Station(
                id: "FR-20600003", country: "FR", address: "RN 193", postcode: "20600", city: "Furiani",
                latitude: 42.658, longitude: 9.416,
                prices: [
                    FeedRun.price(.diesel, 1.81, "2026-02-02T05:00:00Z"),
                    FeedRun.price(.gasoline95, 1.86, "2026-02-02T05:00:00Z"),
                ],
                hours: "24/7 automat; Mo-Su 06:00-20:00", openingHours: "Mo-Su 06:00-20:00",
                automatHours: "24/7",
                services: [
                    "Automate CB 24/24", "Boutique alimentaire", "Boutique non alimentaire",
                    "DAB (Distributeur automatique de billets)", "Lavage automatique", "Lavage manuel",
                    "Piste poids lourds", "Restauration sur place", "Restauration à emporter",
                    "Services réparation / entretien", "Station de gonflage", "Toilettes publiques",
                    "Vente de fioul domestique", "Vente de gaz domestique (Butane, Propane)", "Wifi",
                ])),
        Case(
            label: "2460003 La Ferté-Milon: decimal coordinates, 01.00-01.00 every day means 24/7, E85 in summer time",
            source: "sample",
            expected: Station(
                id: "FR-2460003", country: "FR", address: "12 rue de villers", postcode: "02460",
                city: "La Ferté-Milon", latitude: 49.184987, longitude: 3.121379,
                prices: [
                    FeedRun.price(.diesel, 1.719, "2026-02-03T13:20:56Z"),
                    FeedRun.price(.e85, 0.79, "2025-10-23T07:58:14Z"),
                    FeedRun.price(.gasoline95, 1.779, "2026-01-06T10:05:13Z"),
                    FeedRun.price(.gasoline98, 1.819, "2026-01-06T10:05:13Z"),
                ],
                unavailable: [.gasoline95E10], hours: "24/7", openingHours: "24/7", automatHours: "24/7",
                services: ["Automate CB 24/24", "Relais colis", "Vente de gaz domestique (Butane, Propane)"])),
        Case(
            label: "91190012 Gif-sur-Yvette (2024 excerpt): euros, space dates, typed shortage, é from 0xE9",
            source: "instantane-2024-05-excerpt.xml",
            expected: Station(
                id: "FR-91190012", country: "FR", address: "27 AV DU GENERAL LECLERC", postcode: "91190",
                city: "Gif-sur-Yvette", latitude: 48.703, longitude: 2.128,
                prices: [
                    FeedRun.price(.diesel, 1.739, "2024-05-08T10:30:00Z"),
                    FeedRun.price(.gasoline98, 1.999, "2024-05-11T11:15:00Z"),
                ],
                // All seven days ferme="1" beside current prices: the closed week is not believed, the automat is.
                unavailable: [.gasoline95E10], hours: "24/7 automat", automatHours: "24/7",
                services: ["Automate CB 24/24", "Carburant additivé", "Station de gonflage"])),
        Case(
            label: "1000001 Saint-Denis-lès-Bourg (2021 excerpt): thousandths, T dates, untyped open shortages",
            source: "quotidien-2021-01-09-excerpt.xml",
            expected: Station(
                id: "FR-1000001", country: "FR", address: "596 AVENUE DE TREVOUX", postcode: "01000",
                city: "SAINT-DENIS-LÈS-BOURG", latitude: 46.20114, longitude: 5.19791,
                prices: [
                    FeedRun.price(.diesel, 1.274, "2021-01-08T09:20:52Z"),
                    FeedRun.price(.gasoline95, 1.388, "2021-01-08T09:20:52Z"),
                    FeedRun.price(.gasoline98, 1.405, "2021-01-09T08:25:53Z"),
                ],
                unavailable: [.e85, .gasoline95E10, .lpg],
                services: [
                    "DAB (Distributeur automatique de billets)", "Station de gonflage",
                    "Vente de gaz domestique (Butane, Propane)",
                ])),
        Case(
            label: "1000004 Bourg-en-Bresse (2021 excerpt): no prices, hours for two days",
            source: "quotidien-2021-01-09-excerpt.xml",
            expected: Station(
                id: "FR-1000004", country: "FR", address: "20 Avenue du Maréchal Juin", postcode: "01000",
                city: "Bourg-en-Bresse", latitude: 46.188, longitude: 5.245, prices: [],
                hours: "24/7 automat; Mo-Tu 06:30-20:00", automatHours: "24/7")),
        Case(
            label: "59780003 Camphin-en-Pévèle: closed all week with 01.00-01.00 and current prices, automat",
            source: "PrixCarburants_instantane-2022-05-03.zip",
            expected: Station(
                id: "FR-59780003", country: "FR", address: "RD 93 GRANDE RUE", postcode: "59780",
                city: "Camphin-en-Pévèle", latitude: 50.594775, longitude: 3.257818,
                prices: [
                    FeedRun.price(.diesel, 1.956, "2022-05-03T05:26:29Z"),
                    FeedRun.price(.e85, 0.729, "2022-04-08T09:42:16Z"),
                    FeedRun.price(.gasoline95E10, 1.832, "2022-05-03T05:26:29Z"),
                    FeedRun.price(.gasoline98, 1.903, "2022-05-03T05:26:30Z"),
                ],
                hours: "24/7 automat", automatHours: "24/7",
                services: ["Automate CB 24/24", "Lavage automatique", "Laverie", "Station de gonflage"])),
        Case(
            label: "34920001 Le Crès: closed all week with current prices, no automat: hours unknown",
            source: "PrixCarburants_instantane-2022-05-03.zip",
            expected: Station(
                id: "FR-34920001", country: "FR", address: "Route de Jacou", postcode: "34920", city: "LE CRèS",
                latitude: 43.659613, longitude: 3.93617,
                prices: [
                    FeedRun.price(.diesel, 1.9, "2022-05-02T05:21:21Z"),
                    FeedRun.price(.e85, 0.676, "2022-05-02T05:21:21Z"),
                    FeedRun.price(.gasoline95, 1.83, "2022-05-02T05:21:21Z"),
                    FeedRun.price(.gasoline98, 1.842, "2022-05-02T05:21:22Z"),
                ],
                hours: nil,
                services: [
                    "Boutique alimentaire", "DAB (Distributeur automatique de billets)", "Lavage automatique",
                    "Location de véhicule", "Piste poids lourds", "Restauration à emporter", "Station de gonflage",
                    "Vente de gaz domestique (Butane, Propane)",
                ])),
        Case(
            label: "20220006 Algajola (Corsica): automat, days that say nothing",
            source: "PrixCarburants_instantane-2022-05-03.zip",
            expected: Station(
                id: "FR-20220006", country: "FR", address: "RN 197", postcode: "20220", city: "ALGAJOLA",
                latitude: 42.609, longitude: 8.875,
                prices: [
                    FeedRun.price(.diesel, 1.88, "2022-04-17T06:30:00Z"),
                    FeedRun.price(.gasoline95, 1.85, "2022-04-17T06:30:00Z"),
                ],
                hours: "24/7 automat", automatHours: "24/7",
                services: [
                    "Automate CB 24/24", "Boutique alimentaire", "Boutique non alimentaire", "Carburant additivé",
                    "DAB (Distributeur automatique de billets)", "Lavage automatique", "Lavage manuel",
                    "Piste poids lourds", "Restauration sur place", "Restauration à emporter", "Station de gonflage",
                    "Vente d'additifs carburants", "Vente de fioul domestique",
                    "Vente de gaz domestique (Butane, Propane)",
                ])),
        Case(
            label: "69190001 Saint-Fons: the same hours every day, empty services",
            source: "PrixCarburants_instantane-2022-05-03.zip",
            expected: Station(
                id: "FR-69190001", country: "FR", address: "2 place des 4 chemins", postcode: "69190",
                city: "SAINT-FONS", latitude: 45.708, longitude: 4.855,
                prices: [
                    FeedRun.price(.diesel, 1.908, "2022-04-29T16:38:58Z"),
                    FeedRun.price(.gasoline95E10, 1.76, "2022-04-29T16:38:58Z"),
                    FeedRun.price(.gasoline98, 1.85, "2022-04-29T16:38:59Z"),
                ],
                hours: "Mo-Su 05:00-22:00", openingHours: "Mo-Su 05:00-22:00")),
    ]

    static func parse(_ source: String) throws -> FeedParseResult {
        if source == "sample" { return try FeedRun.sample("FR") }
        return try FeedRun.files("FR", [source: try FeedRun.fixture("FR", source)])
    }

    @Test(arguments: cases)
    func station(_ testCase: Case) throws {
        let result = try Self.parse(testCase.source)
        let station = try #require(result.stations.first { $0.id == testCase.expected.id })
        #expect(station == testCase.expected)
    }

    @Test func sampleAsAWhole() throws {
        let result = try FeedRun.sample("FR")
        // The newest maj in the sample is 2026-02-08 09:48:35, Paris winter time.
        #expect(
            ParseSummary(result) == ParseSummary(records: 200, stations: 200, referenceTime: "2026-02-08T08:48:35Z"))
        #expect(result.stations.map(\.id) == result.stations.map(\.id).sorted())
        #expect(result.stations.allSatisfy { $0.name == nil && $0.brand == nil })
        #expect(result.stations.filter { $0.motorway == true }.count == 12)
        #expect(result.stations.allSatisfy { $0.motorway != false })
        let config = try FeedRun.config("FR")
        for station in result.stations {
            #expect(
                config.contains(latitude: station.latitude, longitude: station.longitude),
                "\(station.id) at \(station.latitude), \(station.longitude) is outside every FR box")
        }
    }

    @Test func excerptReferenceTimes() throws {
        #expect(
            try Self.parse("instantane-2024-05-excerpt.xml").referenceTime == FeedRun.utc("2024-05-11T11:15:00Z"))
        let old = try Self.parse("quotidien-2021-01-09-excerpt.xml")
        #expect(old.referenceTime == FeedRun.utc("2021-01-09T08:25:53Z"))
        #expect(old.stations.map(\.id) == ["FR-1000001", "FR-1000002", "FR-1000004"])
    }
}
