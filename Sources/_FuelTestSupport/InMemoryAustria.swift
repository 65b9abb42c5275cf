import Foundation
import FuelFeeds
import FuelHTTP
import Synchronization

/// E-Control's API held in memory, to answer a ``ScriptedTransport`` at ``base``: the region list and each political
/// district's `by-region` answer per fuel. Each district has one station, alone in its 0.5° tile, whose prices move
/// when ``changePrices(in:)`` bumps the district's version; a district not in the region list answers 404.
public final class InMemoryAustria: Sendable {
    /// The API base a plan asks.
    public static let base = "http://econtrol.test/sprit/1.0"
    /// Six districts: with 2, 3 or 6 slices (code modulo the count), every slice holds as many as the others.
    public static let districts = [101, 102, 103, 104, 105, 106]
    public static let fuels = ["DIE", "SUP", "GAS"]

    private struct State {
        var districts: [Int]
        var versions: [Int: Int] = [:]
    }

    private let state: Mutex<State>

    public init(districts: [Int] = InMemoryAustria.districts) {
        state = Mutex(State(districts: districts))
    }

    /// Writes `adapters/AT/source.json` asking ``base`` in `slices`, at once and without retry delays, plus `extra`.
    public static func writeSource(
        slices: Int, extra: [String: FetchSettingValue] = [:], into adapters: URL
    ) throws {
        var fetch: [String: FetchSettingValue] = [
            "url": .string(base), "slices": .number(Double(slices)), "retryBaseDelay": 0, "retryMaxDelay": 0,
            "requestsPerSecond": 1000,
        ]
        fetch.merge(extra) { $1 }
        try FetchHarness.writeSource(country: "AT", fetch: fetch, into: adapters)
    }

    /// A transport answered by this publisher.
    public func transport() -> ScriptedTransport {
        ScriptedTransport { [self] in reply(to: $0) }
    }

    /// The region list from now on.
    public func setDistricts(_ districts: [Int]) { state.withLock { $0.districts = districts } }

    /// Moves every price of these districts by a cent.
    public func changePrices(in districts: [Int]) {
        state.withLock { state in for district in districts { state.versions[district, default: 0] += 1 } }
    }

    /// The station id of a district's one station, as the build publishes it (`AT-<id>`).
    public static func stationID(_ district: Int) -> String { "AT-\(district * 100 + 1)" }

    /// Where the district's station stands: a column of 0.5° tiles of its own, inside Austria for codes x01 to x09.
    static func longitude(_ district: Int) -> Double { 9.8 + 0.8 * Double(district % 100) }

    /// The district's price of `fuel` at `version`.
    public static func price(district: Int, fuel: String, version: Int) -> Double {
        let base = ["DIE": 1.5, "SUP": 1.6, "GAS": 1.3][fuel] ?? 1.0
        return base + Double(district % 100) / 1000 + Double(version) / 100
    }

    /// The answer E-Control would give.
    public func reply(to request: HTTPRequest) -> ScriptedTransport.Reply {
        let components = URLComponents(string: request.url)
        let path = components?.path ?? ""
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let current = state.withLock { $0 }
        let json = ["Content-Type": "application/json"]
        if path.hasSuffix("/regions") {
            return .ok(Self.regions(current.districts), headers: json)
        }
        guard path.hasSuffix("/search/gas-stations/by-region"), query["type"] == "PB",
            let district = query["code"].flatMap({ Int($0) }), current.districts.contains(district),
            let fuel = query["fuelType"], Self.fuels.contains(fuel)
        else { return .status(404) }
        let price = Self.price(district: district, fuel: fuel, version: current.versions[district] ?? 0)
        let station = """
            [{"id":\(district * 100 + 1),"name":"Tankstelle \(district)","location":{"address":"Hauptstraße \
            \(district)","postalCode":"\(district)0","city":"Ort \(district)","latitude":47.2,"longitude":\
            \(String(format: "%.1f", Self.longitude(district)))},"prices":[{"fuelType":"\(fuel)","amount":\
            \(String(format: "%.3f", price)),"label":"\(fuel)"}],"open":true,"position":1}]
            """
        return .ok(Array(station.utf8), headers: json)
    }

    /// The region tree: one Bundesland holding the districts.
    private static func regions(_ districts: [Int]) -> [UInt8] {
        let children = districts.map { #"{"code":\#($0),"type":"PB","name":"Bezirk \#($0)","postalCodes":[]}"# }
        return Array(
            #"[{"code":1,"type":"BL","name":"Land","subRegions":[\#(children.joined(separator: ","))]}]"#.utf8)
    }
}
