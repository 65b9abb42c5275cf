import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// `RouteFile` reads the routes fuel-nearby's `--route` takes: GeoJSON and GPX, in their common shapes, and says
/// what is wrong with anything else.
@Suite struct RouteFileTests {
    static let expected = [(41.45, 1.85), (41.5, 2.0)]

    typealias Readable = NamedCase<String>

    static let readable: [Readable] = [
        Readable("a bare LineString", #"{"type":"LineString","coordinates":[[1.85,41.45],[2.0,41.5]]}"#),
        Readable(
            "a Feature, positions with an elevation",
            #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[1.85,41.45,120],[2,41.5,80]]}}"#
        ),
        Readable(
            "the one LineString of a FeatureCollection",
            #"""
            {"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]}},
             {"type":"Feature","geometry":{"type":"LineString","coordinates":[[1.85,41.45],[2.0,41.5]]}}]}
            """#),
        Readable(
            "a GPX track, attributes in either order and quotes",
            """
            \u{FEFF}<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="41.45" lon="1.85"><ele>3</ele></trkpt>
            <trkpt lon='2.0' lat='41.5'/></trkseg></trk></gpx>
            """),
        Readable(
            "a GPX route without a track",
            #"<gpx><rte><rtept lat="41.45" lon="1.85"/><rtept lat="41.5" lon="2.0"/></rte></gpx>"#),
        Readable(
            "a GPX track beside a route: the track",
            #"<gpx><rte><rtept lat="1" lon="1"/></rte><trk><trkseg><trkpt lat="41.45" lon="1.85"/><trkpt lat="41.5" lon="2.0"/></trkseg></trk></gpx>"#
        ),
    ]

    @Test(arguments: readable)
    func readsTheRoute(_ file: Readable) throws {
        let route = try RouteFile.read(Data(file.fields.utf8))
        #expect(route.points.map(\.latitude) == Self.expected.map(\.0))
        #expect(route.points.map(\.longitude) == Self.expected.map(\.1))
    }

    typealias Unreadable = NamedCase<(text: String, message: String)>

    static let unreadable: [Unreadable] = [
        Unreadable("plain text", ("41.45,1.85", "neither GeoJSON")),
        Unreadable("a GeoJSON point", (#"{"type":"Point","coordinates":[1,2]}"#, "not a LineString")),
        Unreadable(
            "two LineStrings in a collection",
            (
                #"{"type":"FeatureCollection","features":[{"geometry":{"type":"LineString","coordinates":[]}},{"geometry":{"type":"LineString","coordinates":[]}}]}"#,
                "has 2 LineStrings"
            )),
        Unreadable("a position of one number", (#"{"type":"LineString","coordinates":[[1.85]]}"#, "coordinate 1")),
        Unreadable("XML that is not GPX", ("<kml></kml>", "without a <gpx>")),
        Unreadable("a GPX without points", ("<gpx><trk></trk></gpx>", "no trkpt or rtept")),
        Unreadable("a track point without lon", (#"<gpx><trkpt lat="1"/></gpx>"#, "trkpt 1 has no lat and lon")),
    ]

    @Test(arguments: unreadable)
    func saysWhatIsWrong(_ file: Unreadable) {
        let error = #expect(throws: RouteFile.ReadError.self) { try RouteFile.read(Data(file.text.utf8)) }
        #expect(error?.message.contains(file.message) == true, "\(String(describing: error))")
    }

    /// The README's example routes are one route, in both formats.
    @Test func theDocumentedExamplesAgree() throws {
        let folder = RepositoryPaths.root().appendingPathComponent("docs/examples")
        let geoJSON = try RouteFile.read(
            Data(contentsOf: folder.appendingPathComponent("route-abrera-badalona.geojson")))
        let gpx = try RouteFile.read(Data(contentsOf: folder.appendingPathComponent("route-abrera-badalona.gpx")))
        #expect(geoJSON == gpx)
        #expect(geoJSON.points.count == 4)
    }
}
