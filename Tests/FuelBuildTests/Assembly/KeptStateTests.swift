import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// The kept state's file: what a build writes it reads back exactly (prices, cells, brands and figures), and anything
/// else it refuses.
@Suite struct KeptStateTests {
    static let build = ".build-20261130T080000Z-1-2"

    static let stations = [
        Station(
            id: "ES-1\twith\\tab\nand newline", country: "ES", latitude: 41.5, longitude: 1.9,
            prices: [
                FuelPrice(
                    fuel: .diesel, price: 1.4995, updated: Date(timeIntervalSince1970: 1_796_022_000.7),
                    service: .selfService, label: "", was: 1.51, changed: Date(timeIntervalSince1970: 1_796_000_000)),
                FuelPrice(fuel: FuelCode(rawValue: "lpg"), price: 0.899, updated: Date(timeIntervalSince1970: 5)),
            ]),
        Station(
            id: "ES-2", country: "ES", latitude: 41.6, longitude: 1.8,
            prices: [
                FuelPrice(fuel: .diesel, price: 1.6, updated: Date(timeIntervalSince1970: 9), label: "=Premium-")
            ]),
    ]

    static let tiles = CountryTiles(
        CountryDataset(
            config: .testing(country: "ES", boxes: []), stations: stations,
            referenceTime: Date(timeIntervalSince1970: 9)))
    static var state: KeptState { KeptState(stations: stations, tiles: tiles) }

    @Test func whatABuildWritesReadsBackAsPublished() throws {
        let state = Self.state
        let read = try KeptState(
            parsing: state.encoded(country: "ES", build: Self.build), country: "ES", build: Self.build)
        #expect(read == state)
        #expect(read.stations == 2)
        #expect(read.cells == Self.tiles.cells && !read.cells.isEmpty, "the cells, byte for byte")
        #expect(read.trendFigures == Self.tiles.trendFigures && read.trendFigures.count == 2)
        #expect(read.brandCounts == Self.tiles.brandCounts)
        #expect(read.earliestChange == 1_796_000_000)
        let prices = try read.prices()
        let first = try #require(prices.first)
        #expect(first.station == Self.stations[0].id)
        #expect(first.thousandths == 1500 && first.updated == 1_796_022_000)
        #expect(first.slot.label == "" && first.slot.service == .selfService)
        #expect(first.was == 1510 && first.changed == 1_796_000_000)
        #expect(prices[1].slot.label == nil && prices[1].was == nil)
        #expect(prices[2].slot.label == "=Premium-")
    }

    /// The cells are taken whole only while no last change has aged out of its window.
    @Test(arguments: [(0.0, true), (LastChanges.window, true), (LastChanges.window + 1, false)])
    func cellsHoldUntilALastChangeExpires(after seconds: TimeInterval, hold: Bool) {
        let changed = Date(timeIntervalSince1970: 1_796_000_000)
        #expect(Self.state.cellsHold(at: changed.addingTimeInterval(seconds)) == hold)
        var without = Self.state
        without.earliestChange = nil
        #expect(without.cellsHold(at: changed.addingTimeInterval(seconds)))
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var country = "ES"
        var build = KeptStateTests.build
        var edit: @Sendable ([UInt8]) -> [UInt8] = { $0 }
    }

    static let damages = [
        Damage(testDescription: "another build's", build: ".build-other"),
        Damage(testDescription: "another country's", country: "PT"),
        Damage(testDescription: "a changed byte") { bytes in
            var bytes = bytes
            bytes[bytes.count - 2] ^= 1
            return bytes
        },
        Damage(testDescription: "cut short") { Array($0.dropLast(5)) },
        Damage(testDescription: "another version") { bytes in
            Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "state 2\n", with: "state 1\n").utf8)
        },
        Damage(testDescription: "empty") { _ in [] },
        Damage(testDescription: "without its station count") { bytes in
            Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "stations 2\n", with: "").utf8)
        },
    ]

    @Test(arguments: damages)
    func aDamagedOrForeignStateIsRefused(_ damage: Damage) {
        let bytes = damage.edit(Self.state.encoded(country: "ES", build: Self.build))
        #expect(throws: KeptState.Unusable.self) {
            try KeptState(parsing: bytes, country: damage.country, build: damage.build)
        }
    }
}
