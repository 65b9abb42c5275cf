import Foundation
import FuelClient
import FuelFormat
import Synchronization
import Testing
import _FuelTestSupport

/// `conformance/` at the repository root: the published build, the altered documents, the cases and the grid table
/// that every reader (this client, `clients/js`, the Python reference) is held to.
struct ConformanceKit {
    /// One case of `cases.json`.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Query: Decodable, Sendable {
            var lat: Double
            var lon: Double
            var radiusKm: Double
            var fuel: String?
            var brand: String?
            var limit: Int?
        }
        /// What the server does for one path below `fuel/`.
        struct Behaviour: Decodable, Sendable {
            var status: Int
            var file: String?
        }
        struct Expected: Decodable, Sendable {
            struct Station: Decodable, Sendable, Equatable {
                struct Price: Decodable, Sendable, Equatable {
                    var price: Double
                    var service: String?
                    var unit: String?
                    /// The last change (docs/format.md): the previous value and when the new one was first seen.
                    var was: Double?
                    var changed: String?
                }
                var id: String
                var distanceM: Int
                var price: Price?
            }
            var outcome: String
            var error: String?
            var missingTiles: [String]
            var stations: [Station]
        }
        var name: String
        var rule: String
        var format: Int
        var query: Query
        var server: [String: Behaviour]
        var expect: Expected

        var testDescription: String { "\(name) (\(rule))" }
    }

    /// A point of `grid.json` and its cell.
    struct Point: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var lat: Double
        var lon: Double
        var key: String
        var testDescription: String { name }
    }

    /// A circle of `grid.json` and every candidate cell of it.
    struct Circle: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var lat: Double
        var lon: Double
        var radiusKm: Double
        var cells: [String]
        var testDescription: String { name }
    }

    private struct CaseFile: Decodable {
        var version: Int
        var cases: [Case]
    }

    private struct GridFile: Decodable {
        var version: Int
        var gridDegrees: Double
        var points: [Point]
        var circles: [Circle]
    }

    static let folder = RepositoryPaths.root().appendingPathComponent("conformance")

    /// Every case; a missing or unreadable kit fails the test that asks, it is never skipped.
    static func cases() throws -> [Case] {
        try JSONDecoder().decode(CaseFile.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json")))
            .cases
    }

    /// The grid table's cell size, points and circles.
    static func grid() throws -> (degrees: Double, points: [Point], circles: [Circle]) {
        let file = try JSONDecoder().decode(
            GridFile.self, from: Data(contentsOf: folder.appendingPathComponent("grid.json")))
        return (file.gridDegrees, file.points, file.circles)
    }

    /// The cases for parameterized tests; empty when the kit is unreadable, which `theKitIsComplete` reports.
    static let loadedCases: [Case] = (try? cases()) ?? []
    /// The grid table's points and circles; empty when the kit is unreadable, which `theKitIsComplete` reports.
    static let loadedPoints: [Point] = loadedGrid?.points ?? []
    static let loadedCircles: [Circle] = loadedGrid?.circles ?? []
    private static let loadedGrid = try? grid()
}

/// Serves the kit's build the way R2 serves a bucket: every file gzipped with `Content-Encoding: gzip`, except the
/// paths a case overrides. Counts requests, so a test can say none was made.
final class ConformanceTransport: TileTransport {
    static let base = URL(string: "https://kit.invalid")!

    private let build = ConformanceKit.folder.appendingPathComponent("build/fuel")
    private let server: [String: ConformanceKit.Case.Behaviour]
    private let requests = Mutex(0)

    init(_ server: [String: ConformanceKit.Case.Behaviour]) { self.server = server }

    var requestCount: Int { requests.withLock { $0 } }

    func send(_ request: TileRequest) async throws -> TileResponse {
        requests.withLock { $0 += 1 }
        let path = String(request.url.path.dropFirst("/fuel/".count))
        if let behaviour = server[path] {
            guard behaviour.status == 200, let file = behaviour.file else {
                return TileResponse(status: behaviour.status)
            }
            return try Self.gzipped(ConformanceKit.folder.appendingPathComponent(file))
        }
        let file = build.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: file.path) else { return TileResponse(status: 404) }
        return try Self.gzipped(file)
    }

    private static func gzipped(_ file: URL) throws -> TileResponse {
        TileResponse(
            status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"],
            body: try Data(contentsOf: file))
    }
}
