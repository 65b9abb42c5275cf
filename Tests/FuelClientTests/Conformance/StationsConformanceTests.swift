import Foundation
import FuelClient
import FuelFormat
import Testing

/// The Swift client against every lookup by id (R13, `"call": "stations"`) of the conformance kit: the same cases
/// `clients/js` runs, whose answers the Python reference reader computed.
@Suite struct StationsConformanceTests {
    /// One `stations` case of `cases.json`.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        /// An id, or an id with the cell the app stored.
        struct Entry: Decodable, Sendable {
            var id: String
            var cell: String?

            init(from decoder: any Decoder) throws {
                if let id = try? decoder.singleValueContainer().decode(String.self) {
                    self.id = id
                    return
                }
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decode(String.self, forKey: .id)
                cell = try container.decodeIfPresent(String.self, forKey: .cell)
            }

            private enum CodingKeys: String, CodingKey { case id, cell }
        }
        struct Outcome: Decodable, Sendable, Equatable {
            var id: String
            var status: String
            var cell: String?
        }
        struct Expected: Decodable, Sendable {
            var outcome: String
            var error: String?
            var missingTiles: [String]
            var stations: [ConformanceKit.Case.Expected.Station]
            var ids: [Outcome]
            var reads: [String]
        }
        var name: String
        var format: ConformanceKit.Case.Format
        var call: String?
        var ids: [Entry]?
        var fuel: String?
        var server: [String: ConformanceKit.Case.Behaviour]?
        var expect: Expected?

        var testDescription: String { name }

        private enum CodingKeys: String, CodingKey { case name, format, call, ids, fuel, server, expect }

        /// Reads a `stations` case whole, and of any other case only its name, format and call.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            format = try container.decode(ConformanceKit.Case.Format.self, forKey: .format)
            call = try container.decodeIfPresent(String.self, forKey: .call)
            guard call == "stations" else { return }
            ids = try container.decode([Entry].self, forKey: .ids)
            fuel = try container.decodeIfPresent(String.self, forKey: .fuel)
            server = try container.decodeIfPresent([String: ConformanceKit.Case.Behaviour].self, forKey: .server)
            expect = try container.decode(Expected.self, forKey: .expect)
        }
    }

    static let cases = ConformanceKit.cases("stations", as: Case.self, call: \.call)

    /// Issue 39, items 1 and 6: found, moved, closed, a mix and no cell given, in both formats, an index without the
    /// table, and a watch list with cells that reads no shard.
    @Test func theKitCoversLookupsById() {
        let names = Set(Self.cases.map(\.name))
        for kind in ["found-with-cells", "no-cell", "moved", "closed", "mix", "index-without-table"] {
            #expect(names.isSuperset(of: ["ids-\(kind)-v1", "ids-\(kind)-v2"]), "\(kind)")
        }
        let statuses = Set(Self.cases.flatMap { $0.expect?.ids.map(\.status) ?? [] })
        #expect(statuses == ["found", "moved", "closed", "unknown"])
    }

    @Test(arguments: cases)
    func theClientAnswersEveryLookupByIdAsTheKitSays(_ kitCase: Case) async throws {
        let expect = try #require(kitCase.expect)
        let transport = ConformanceTransport(kitCase.server ?? [:])
        let client = TileClient(
            base: ConformanceTransport.base, transport: transport, policy: ConformanceTransport.policy,
            format: kitCase.format.readFormat)
        let references = (kitCase.ids ?? []).map { entry in
            StationReference(id: entry.id, cell: entry.cell.flatMap { TileKey($0) })
        }
        let fuel = kitCase.fuel.map { FuelCode(rawValue: $0) }
        do {
            let result = try await client.stations(ids: references, fuel: fuel)
            let stations = result.stations.map { nearby in
                ConformanceKit.Case.Expected.Station(
                    id: nearby.station.id, distanceM: Int((nearby.distanceKm * 1000).rounded()),
                    price: nearby.displayed.map {
                        .init(
                            price: $0.price.price, service: $0.price.service?.rawValue,
                            unit: $0.price.unit == .litre ? nil : $0.price.unit.rawValue, was: $0.price.was,
                            changed: $0.price.changed.map(UTCTime.format))
                    })
            }
            #expect((result.isPartial ? "partial" : stations.isEmpty ? "empty" : "ok") == expect.outcome)
            #expect(expect.error == nil)
            #expect(result.missingTiles.map(\.description) == expect.missingTiles)
            #expect(stations == expect.stations)
            #expect(
                (result.ids ?? []).map {
                    Case.Outcome(id: $0.id, status: $0.status.rawValue, cell: $0.cell?.description)
                }
                    == expect.ids)
        } catch {
            #expect(expect.outcome == "failed")
            #expect(error.code.rawValue == expect.error)
        }
        let reads = transport.log.map(\.path).filter {
            $0.hasPrefix("tiles/") || $0.hasPrefix("v2/tiles/") || $0.hasPrefix("ids/") || $0.hasPrefix("v2/ids/")
        }
        #expect(reads.sorted() == expect.reads)
    }
}
