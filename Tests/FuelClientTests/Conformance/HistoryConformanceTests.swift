import Foundation
import FuelClient
import FuelFormat
import Testing

/// The Swift client against every history lookup (R14, `"call": "history"`) of the conformance kit: the same cases
/// `clients/js` runs, whose answers the Python reference reader computed.
@Suite struct HistoryConformanceTests {
    /// One `history` case of `cases.json`.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Day: Decodable, Sendable, Equatable {
            var day: String
            var status: String
            var entries: [HistoryEntry]
        }
        struct Expected: Decodable, Sendable {
            var outcome: String
            var error: String?
            var cell: String?
            var status: String?
            var days: [Day]
            var missingDays: [String]
        }
        var name: String
        var format: ConformanceKit.Case.Format
        var call: String?
        var id: String?
        var cell: String?
        var days: Int?
        var server: [String: ConformanceKit.Case.Behaviour]?
        var expect: Expected?

        var testDescription: String { name }

        private enum CodingKeys: String, CodingKey { case name, format, call, id, cell, days, server, expect }

        /// Reads a `history` case whole, and of any other case only its name, format and call.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            format = try container.decode(ConformanceKit.Case.Format.self, forKey: .format)
            call = try container.decodeIfPresent(String.self, forKey: .call)
            guard call == "history" else { return }
            id = try container.decode(String.self, forKey: .id)
            cell = try container.decodeIfPresent(String.self, forKey: .cell)
            days = try container.decodeIfPresent(Int.self, forKey: .days)
            server = try container.decodeIfPresent([String: ConformanceKit.Case.Behaviour].self, forKey: .server)
            expect = try container.decode(Expected.self, forKey: .expect)
        }
    }

    static let cases = ConformanceKit.cases("history", as: Case.self, call: \.call)

    /// Issue 39, item 4: history in both formats, a day the index does not list, a listed day's file that answers
    /// 404, an unknown id and a file of a newer version.
    @Test func theKitCoversHistory() {
        let names = Set(Self.cases.map(\.name))
        for kind in ["two-days", "day-not-listed", "day-404", "unknown-id"] {
            #expect(names.isSuperset(of: ["history-\(kind)-v1", "history-\(kind)-v2"]), "\(kind)")
        }
        #expect(names.contains("history-version-99-v1"))
        let outcomes = Set(Self.cases.compactMap { $0.expect?.outcome })
        #expect(outcomes == ["ok", "partial", "empty", "failed"])
    }

    @Test(arguments: cases)
    func theClientAnswersEveryHistoryAsTheKitSays(_ kitCase: Case) async throws {
        let expect = try #require(kitCase.expect)
        let client = TileClient(
            base: ConformanceTransport.base, transport: ConformanceTransport(kitCase.server ?? [:]),
            policy: ConformanceTransport.policy, format: kitCase.format.readFormat)
        let reference = StationReference(id: kitCase.id ?? "", cell: kitCase.cell.flatMap { TileKey($0) })
        do {
            let history = try await client.history(of: reference, days: kitCase.days ?? TileClient.maxHistoryDays)
            #expect(history.outcome == expect.outcome)
            #expect(expect.error == nil)
            #expect(history.cell?.description == expect.cell)
            #expect(history.source.rawValue == expect.status)
            #expect(history.missingDays == expect.missingDays)
            #expect(
                history.days.map { Case.Day(day: $0.day, status: $0.isMissing ? "missing" : "ok", entries: $0.entries) }
                    == expect.days)
        } catch {
            #expect(expect.outcome == "failed")
            #expect(error.code.rawValue == expect.error)
        }
    }
}
