import Foundation
import FuelFormat

/// Reads a route from the file a driver's app or a route planner writes: a GeoJSON LineString (bare, in a Feature, or
/// the one LineString of a FeatureCollection) or a GPX track (its `trkpt` points in order; a GPX route's `rtept` when
/// it has no track).
public enum RouteFile {
    /// Why a file is not a route.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, for people.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The route in `data`, GeoJSON when it starts with `{`, GPX when it starts with `<`.
    /// - Throws: ``ReadError`` naming what is missing or malformed.
    public static func read(_ data: Data) throws(ReadError) -> Route {
        let text = String(decoding: data, as: UTF8.self)
        switch text.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) {
        case "{": return try geoJSON(data)
        case "<": return try gpx(text)
        default: throw ReadError(message: "not a route: neither GeoJSON (starting with {) nor GPX (starting with <)")
        }
    }

    private static func geoJSON(_ data: Data) throws(ReadError) -> Route {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ReadError(message: "not a route: the GeoJSON is not a JSON object")
        }
        let lines: [[String: Any]]
        switch object["type"] as? String {
        case "LineString":
            lines = [object]
        case "Feature":
            lines = [(object["geometry"] as? [String: Any]) ?? [:]]
        case "FeatureCollection":
            let features = object["features"] as? [[String: Any]] ?? []
            lines = features.compactMap { $0["geometry"] as? [String: Any] }.filter {
                $0["type"] as? String == "LineString"
            }
            guard lines.count == 1 else {
                throw ReadError(
                    message: "not a route: the FeatureCollection has \(lines.count) LineStrings; give the one to follow"
                )
            }
        default:
            throw ReadError(message: "not a route: GeoJSON of type \(object["type"] ?? "none"), not a LineString")
        }
        guard let line = lines.first, line["type"] as? String == "LineString",
            let coordinates = line["coordinates"] as? [[Any]]
        else { throw ReadError(message: "not a route: the GeoJSON has no LineString with coordinates") }
        var points: [Route.Point] = []
        for (offset, position) in coordinates.enumerated() {
            // GeoJSON positions are [longitude, latitude] (an elevation may follow).
            guard position.count >= 2, let lon = (position[0] as? NSNumber)?.doubleValue,
                let lat = (position[1] as? NSNumber)?.doubleValue
            else { throw ReadError(message: "not a route: coordinate \(offset + 1) is not [longitude, latitude]") }
            points.append(Route.Point(latitude: lat, longitude: lon))
        }
        return Route(points: points)
    }

    private static func gpx(_ text: String) throws(ReadError) -> Route {
        guard text.contains("<gpx") else { throw ReadError(message: "not a route: XML without a <gpx> element") }
        // Every trkpt and rtept tag (with or without a namespace prefix), in order.
        var found: [String: [Route.Point]] = [:]
        for match in text.matches(of: #/<(?:[A-Za-z_][\w.-]*:)?(trkpt|rtept)\b([^>]*)>/#) {
            let element = String(match.output.1)
            let attributes = String(match.output.2)
            let lat = attributes.firstMatch(of: #/(?:^|\s)lat\s*=\s*["']([^"']*)["']/#).map { String($0.output.1) }
            let lon = attributes.firstMatch(of: #/(?:^|\s)lon\s*=\s*["']([^"']*)["']/#).map { String($0.output.1) }
            guard let latitude = lat.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
                let longitude = lon.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
            else {
                let number = (found[element]?.count ?? 0) + 1
                throw ReadError(message: "not a route: GPX \(element) \(number) has no lat and lon numbers")
            }
            found[element, default: []].append(Route.Point(latitude: latitude, longitude: longitude))
        }
        guard let points = found["trkpt"] ?? found["rtept"] else {
            throw ReadError(message: "not a route: the GPX has no trkpt or rtept points")
        }
        return Route(points: points)
    }
}
