import Foundation
import FuelFormat
import Testing

@testable import FuelBuild

/// The kept state's line format: what a build writes it reads back exactly, and anything else it refuses.
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

    @Test func whatABuildWritesReadsBackAsPublished() throws {
        let state = KeptState(stations: Self.stations)
        let read = try KeptState(
            parsing: state.encoded(country: "ES", build: Self.build), country: "ES", build: Self.build)
        #expect(read == state)
        #expect(read.stations == 2)
        let first = try #require(read.prices.first)
        #expect(first.station == Self.stations[0].id)
        #expect(first.thousandths == 1500 && first.updated == 1_796_022_000)
        #expect(first.slot.label == "" && first.slot.service == .selfService)
        #expect(first.was == 1510 && first.changed == 1_796_000_000)
        #expect(read.prices[1].slot.label == nil && read.prices[1].was == nil)
        #expect(read.prices[2].slot.label == "=Premium-")
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
            Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "state 1\n", with: "state 2\n").utf8)
        },
        Damage(testDescription: "empty") { _ in [] },
        Damage(testDescription: "without its station count") { bytes in
            Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "stations 2\n", with: "").utf8)
        },
    ]

    @Test(arguments: damages)
    func aDamagedOrForeignStateIsRefused(_ damage: Damage) {
        let bytes = damage.edit(KeptState(stations: Self.stations).encoded(country: "ES", build: Self.build))
        #expect(throws: KeptState.Unusable.self) {
            try KeptState(parsing: bytes, country: damage.country, build: damage.build)
        }
    }
}
