import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// `conformance/` at the repository root: the published build, the altered documents, the cases and the grid table
/// that every reader (this client, `clients/js`, the Python reference) is held to.
struct ConformanceKit {
    /// One case of `cases.json`: a lookup, a lookup in steps that share one cache and one clock, or a `trend` call; a
    /// `stations` call (R13) has no steps here (``StationsConformanceTests`` reads it).
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        /// Which format the reader reads: 1, 2, or `"auto"`.
        enum Format: Decodable, Sendable, Equatable, Hashable {
            case number(Int)
            case auto

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int.self) {
                    self = .number(number)
                } else if try container.decode(String.self) == "auto" {
                    self = .auto
                } else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "format: 1, 2 or auto")
                }
            }

            var readFormat: ReadFormat {
                switch self {
                case .auto: .automatic
                case .number(let number): number == 2 ? .v2 : .v1
                }
            }
        }
        struct Query: Decodable, Sendable {
            /// Around a point: the point and the radius; nil along a route.
            var lat: Double?
            var lon: Double?
            var radiusKm: Double?
            /// Along a route (R12): a GeoJSON LineString and the buffer; nil around a point.
            var route: LineString?
            var bufferKm: Double?
            var fuel: String?
            var brand: String?
            /// R5's brand lists: an include list (with `brand`) and an exclude list; absent for none.
            var includeBrands: [String]?
            var excludeBrands: [String]?
            /// R4's order, `distance` or `price`; absent for distance.
            var sort: NearbySort?
            var limit: Int?
            /// Keep only stations not closed at this UTC instant (R11); each answered station says `open`.
            var openAt: String?
        }
        /// A GeoJSON LineString: positions of [longitude, latitude].
        struct LineString: Decodable, Sendable {
            var type: String
            var coordinates: [[Double]]

            /// The route, each position read as [longitude, latitude].
            var route: Route {
                Route(points: coordinates.map { Route.Point(latitude: $0.count > 1 ? $0[1] : .nan, longitude: $0[0]) })
            }
        }
        /// What the server does for one path below `fuel/`.
        struct Behaviour: Decodable, Sendable {
            var status: Int
            var file: String?
        }
        /// One tile request of a step, and whether it carried `If-None-Match`.
        struct Request: Decodable, Sendable, Equatable {
            var path: String
            var ifNoneMatch: Bool
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
                /// Along a route (R12): the distance along it and the detour, in metres.
                var alongM: Int?
                var detourM: Int?
                var price: Price?
                /// With `openAt`: `open` or `unknown`.
                var open: String?
            }
            var outcome: String
            var error: String?
            var missingTiles: [String]
            var stations: [Station]
            /// With format `"auto"`: the format that answered (nil when failed).
            var format: Int?
            /// In steps: whether an older cached copy stood in, the stale files' paths, the step's tile requests.
            var stale: Bool?
            var staleReasons: [String]?
            var requests: [Request]?
        }
        /// One lookup of a case; a case without `steps` is one step.
        struct Step: Decodable, Sendable {
            var advanceSeconds: Double
            var server: [String: Behaviour]
            var query: Query
            var expect: Expected
        }
        /// A `trend` call's answer: `ok` with the trend, `none` (the index lists none) or `failed` with its code.
        struct TrendExpected: Decodable, Sendable, Equatable {
            struct Trend: Decodable, Sendable, Equatable {
                var country: String
                var since: String
                var days: [TrendFile.Day]
            }
            var outcome: String
            var error: String?
            var trend: Trend?
        }
        var name: String
        var rule: String
        var format: Format
        /// `gzip-without-content-encoding`: every file arrives gzipped with no `Content-Encoding`.
        var transport: String?
        /// `trend` for a ``TileClient/trend(of:)`` call of ``country``, `stations` for a lookup by id; nil for lookups.
        var call: String?
        var country: String?
        var server: [String: Behaviour]
        var steps: [Step]
        var trendExpect: TrendExpected?

        var testDescription: String { "\(name) (\(rule))" }

        private enum CodingKeys: String, CodingKey {
            case name, rule, format, transport, call, country, server, query, expect, steps
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            rule = try container.decode(String.self, forKey: .rule)
            format = try container.decode(Format.self, forKey: .format)
            transport = try container.decodeIfPresent(String.self, forKey: .transport)
            call = try container.decodeIfPresent(String.self, forKey: .call)
            country = try container.decodeIfPresent(String.self, forKey: .country)
            server = try container.decodeIfPresent([String: Behaviour].self, forKey: .server) ?? [:]
            if call == "trend" {
                steps = []
                trendExpect = try container.decode(TrendExpected.self, forKey: .expect)
            } else if call == "stations" || call == "history" {
                // A lookup by id (R13) or a history (R14): StationsConformanceTests and HistoryConformanceTests read
                // these cases.
                steps = []
            } else if let steps = try container.decodeIfPresent([Step].self, forKey: .steps) {
                self.steps = steps
            } else {
                steps = [
                    Step(
                        advanceSeconds: 0, server: server, query: try container.decode(Query.self, forKey: .query),
                        expect: try container.decode(Expected.self, forKey: .expect))
                ]
            }
        }
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

    /// A route of `grid.json`, its buffer and every cell of its corridor (R12).
    struct RouteCells: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var route: Case.LineString
        var bufferKm: Double
        var cells: [String]
        var testDescription: String { name }
    }

    private struct GridFile: Decodable {
        var version: Int
        var gridDegrees: Double
        var points: [Point]
        var circles: [Circle]
        var routes: [RouteCells]
    }

    static let folder = RepositoryPaths.root().appendingPathComponent("conformance")

    /// Every case; a missing or unreadable kit fails the test that asks, it is never skipped.
    static func cases() throws -> [Case] {
        try JSONDecoder().decode(CaseFile.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json")))
            .cases
    }

    private struct CallFile<Kind: Decodable>: Decodable { var cases: [Kind] }

    /// The cases of one `call` (`stations`, `history`), each read as `Kind`, whose `call` gives its call; none when
    /// the kit cannot be read (the suite's own coverage test then fails).
    static func cases<Kind: Decodable>(_ call: String, as kind: Kind.Type, call path: KeyPath<Kind, String?>) -> [Kind]
    {
        let url = folder.appendingPathComponent("cases.json")
        let file = try? JSONDecoder().decode(CallFile<Kind>.self, from: Data(contentsOf: url))
        return (file?.cases ?? []).filter { $0[keyPath: path] == call }
    }

    /// The grid table's cell size, points and circles.
    static func grid() throws -> (degrees: Double, points: [Point], circles: [Circle], routes: [RouteCells]) {
        let file = try JSONDecoder().decode(
            GridFile.self, from: Data(contentsOf: folder.appendingPathComponent("grid.json")))
        return (file.gridDegrees, file.points, file.circles, file.routes)
    }

    /// The cases for parameterized tests; empty when the kit is unreadable, which `theKitIsComplete` reports.
    static let loadedCases: [Case] = (try? cases()) ?? []
    /// The lookup cases and the `trend` cases, for their parameterized tests.
    static let loadedLookups = loadedCases.filter { $0.call == nil }
    static let loadedTrends = loadedCases.filter { $0.call == "trend" }
    /// The grid table's points and circles; empty when the kit is unreadable, which `theKitIsComplete` reports.
    static let loadedPoints: [Point] = loadedGrid?.points ?? []
    static let loadedCircles: [Circle] = loadedGrid?.circles ?? []
    static let loadedRoutes: [RouteCells] = loadedGrid?.routes ?? []
    private static let loadedGrid = try? grid()
}
