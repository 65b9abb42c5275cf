import Foundation
import FuelFeeds
import FuelFormat
import FuelPublishing
import Testing
import _FuelTestSupport

@testable import FuelBuild

@Suite struct TileEncoderTests {
    static let updated = Date(timeIntervalSince1970: 1_758_989_147)

    static let lisbon = Station(
        id: "PT-123", country: "PT", name: "Posto \"Central\"", brand: "Galp", address: "Av. da Liberdade, 1/2",
        postcode: "1250-096", city: "Lisboa", latitude: 38.7200004, longitude: -9.1400004,
        prices: [
            FuelPrice(fuel: .diesel, price: 1.6489999, updated: updated),
            FuelPrice(fuel: .cng, price: 1.5, updated: updated, unit: .kilogram),
            FuelPrice(fuel: .other, price: 2.1, updated: updated, service: .fullService, label: "Gasóleo\tespecial"),
        ],
        unavailable: [.gasoline98], hours: "24/7", services: ["Loja"], motorway: true)

    @Test func writesTheContractKeyOrderAndFormats() {
        let json = String(
            decoding: TileEncoder.encode(Tile(key: TileKey(row: 77, column: -19), stations: [Self.lisbon])),
            as: UTF8.self)
        let expected =
            #"{"version":1,"key":"77_-19","stations":[{"id":"PT-123","country":"PT","name":"Posto \"Central\"","brand":"Galp","address":"Av. da Liberdade, 1/2","postcode":"1250-096","city":"Lisboa","lat":38.72,"lon":-9.14,"prices":[{"fuel":"diesel","price":1.649,"updated":"2025-09-27T16:05:47Z"},{"fuel":"cng","price":1.5,"updated":"2025-09-27T16:05:47Z","unit":"kg"},{"fuel":"other","price":2.1,"updated":"2025-09-27T16:05:47Z","service":"full","label":"Gasóleo\tespecial"}],"unavailable":["gasoline_98"],"hours":"24/7","services":["Loja"],"motorway":true}]}"#
        #expect(json == expected)
    }

    /// The build writes tiles by joining each country's cells in a writer reused from tile to tile; that is the
    /// plain encoding, and the country's size is its stations' own, the commas between them not counted.
    @Test func aJoinedTileInAReusedWriterMatchesThePlainOne() throws {
        let stations = [Self.lisbon, Station(id: "PT-9", country: "PT", latitude: 38.6, longitude: -9.2)]
        let key = TileKey(row: 77, column: -19)
        let country = CountryTiles(
            CountryDataset(config: .testing(country: "PT", boxes: []), stations: stations, referenceTime: Self.updated))
        // A reused writer that held another document first.
        var writer = JSONWriter()
        writer.beginArray()
        writer.string("left over")
        TileEncoder.joinTile(key: key.description, cells: [try #require(country.cells[key])], into: &writer)
        #expect(writer.bytes == TileEncoder.encode(Tile(key: key, stations: stations)))
        #expect(country.stationBytes == stations.map { TileEncoder.encode($0).count }.reduce(0, +))
    }

    @Test func nullsStayAndExtrasAreOmitted() {
        let bare = Station(id: "FR-1", country: "FR", latitude: 46.20114, longitude: 5.19791)
        let json = String(decoding: TileEncoder.encode(bare), as: UTF8.self)
        #expect(
            json
                == #"{"id":"FR-1","country":"FR","name":null,"brand":null,"address":null,"postcode":null,"city":null,"lat":46.20114,"lon":5.19791,"prices":[]}"#
        )
    }

    /// `openingHours` follows `hours`; the station above, which has none, is written exactly as before the field was
    /// added (``writesTheContractKeyOrderAndFormats()``).
    @Test func openingHoursFollowsHoursAndReadsBack() throws {
        var station = Station(id: "AT-1", country: "AT", latitude: 48.2, longitude: 16.37)
        station.hours = "Mo-Sa 07:00-19:00; Su closed; PH closed"
        station.openingHours = "Mo-Sa 07:00-19:00; Su off; PH off"
        let bytes = TileEncoder.encode(station)
        #expect(
            String(decoding: bytes, as: UTF8.self).hasSuffix(
                #""prices":[],"hours":"Mo-Sa 07:00-19:00; Su closed; PH closed","openingHours":"Mo-Sa 07:00-19:00; Su off; PH off"}"#
            ))
        #expect(try JSONDecoder().decode(Station.self, from: Data(bytes)) == station)
    }

    @Test func roundTripsThroughTheClientDecoder() throws {
        var station = Self.lisbon
        station.latitude = 38.72
        station.longitude = -9.14
        station.prices[0].price = 1.649
        let tile = Tile(key: TileKey(row: 77, column: -19), stations: [station])
        let decoded = try JSONDecoder().decode(Tile.self, from: Data(TileEncoder.encode(tile)))
        #expect(decoded == tile)
    }

    @Test(arguments: [
        (1.339, 3, "1.339"), (1.3395, 3, "1.34"), (2.0, 3, "2.0"), (-0.0000001, 6, "0.0"), (38.7199996, 6, "38.72"),
        (0.000001, 6, "1e-06"), (-9.14, 6, "-9.14"),
    ])
    func numbersAreRoundedAndShortest(_ value: Double, _ decimals: Int, _ text: String) {
        #expect(JSONWriter.format(value, decimals: decimals) == text)
    }

    @Test func controlCharactersAreEscaped() {
        var writer = JSONWriter()
        writer.string("a\u{01}b\\c\"d\ne/é")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\u0001b\\c\"d\ne/é""#)
    }

    @Test func indexAndBrandsAndSourcesDecode() throws {
        let index = TileIndex(
            gridDegrees: 0.5, builtAt: Self.updated, tiles: ["77_-19", "80_-8"],
            countries: [
                "PT": CountrySummary(stations: 2, updated: Self.updated),
                "ES": CountrySummary(stations: 1, updated: Self.updated),
            ])
        let indexJSON = String(decoding: TileEncoder.encode(index), as: UTF8.self)
        #expect(
            indexJSON
                == #"{"version":1,"gridDegrees":0.5,"builtAt":"2025-09-27T16:05:47Z","tiles":["77_-19","80_-8"],"countries":{"ES":{"stations":1,"updated":"2025-09-27T16:05:47Z"},"PT":{"stations":2,"updated":"2025-09-27T16:05:47Z"}}}"#
        )
        #expect(try JSONDecoder().decode(TileIndex.self, from: Data(indexJSON.utf8)) == index)
        let brands = BrandsFile(
            country: "ES", brands: [.init(brand: "Repsol", stations: 3), .init(brand: nil, stations: 1)])
        #expect(
            String(decoding: TileEncoder.encode(brands), as: UTF8.self)
                == #"{"version":1,"country":"ES","brands":[{"brand":"Repsol","stations":3},{"brand":null,"stations":1}]}"#
        )
        #expect(try JSONDecoder().decode(BrandsFile.self, from: Data(TileEncoder.encode(brands))) == brands)
    }

    /// A country's zone, its areas and its currency are written after its holidays and read back as written; a
    /// source without them writes none of their keys.
    @Test func sourcesCarryTheZoneTheAreasAndTheCurrency() throws {
        let canary = TimeZoneArea(
            timeZone: "Atlantic/Canary", box: .init(south: -90, west: -180, north: 90, east: -12))
        let spain = SourcesFile.Source(
            country: "ES", publisher: "P", url: "https://p.test/", licence: "L", licenceUrl: "https://p.test/l",
            attribution: "A", coverage: "C", updated: Self.updated, stations: 1, timeZone: "Europe/Madrid",
            timeZoneAreas: [canary], currency: "EUR")
        var plain = spain
        plain.country = "PT"
        plain.timeZone = nil
        plain.timeZoneAreas = nil
        plain.currency = nil
        let sources = SourcesFile(sources: [spain, plain])
        let json = String(decoding: TileEncoder.encode(sources), as: UTF8.self)
        #expect(
            json.contains(
                #""stations":1,"timeZone":"Europe/Madrid","timeZoneAreas":[{"timeZone":"Atlantic/Canary","box":{"south":-90.0,"west":-180.0,"north":90.0,"east":-12.0}}],"currency":"EUR"},"#
            ))
        #expect(json.hasSuffix(#""updated":"2025-09-27T16:05:47Z","stations":1}]}"#), "\(json)")
        let decoded = try JSONDecoder().decode(SourcesFile.self, from: Data(json.utf8))
        #expect(decoded == sources)
        #expect(decoded.sources[0].timeZone(latitude: 28.1, longitude: -15.4) == "Atlantic/Canary")
        #expect(decoded.sources[0].timeZone(latitude: 40.4, longitude: -3.7) == "Europe/Madrid")
        #expect(decoded.sources[1].timeZone(latitude: 38.7, longitude: -9.1) == nil)
    }

    @Test func newerVersionsAreRejected() {
        let json = #"{"version":2,"key":"77_-19","stations":[]}"#
        #expect(throws: UnsupportedFormatError.self) { try JSONDecoder().decode(Tile.self, from: Data(json.utf8)) }
    }
}
