import Foundation

/// __NAME__'s station list, in one GET of `url`, as `__CC__/stations.csv`.
public struct __CC__FetchPlan: FeedFetchPlan {
    /// The station list.
    public var url: String

    public var endpoints: [String] { [url] }

    public var probes: [FeedProbe] { [FeedProbe(url: url, read: Self.countStations)] }

    /// A file that starts with the adapter's header line.
    static let shape = FeedShape(name: "a ;-separated station list") { head, _ in
        head.starts(with: Array("id;".utf8)) ? nil : "does not start with the header id;name;…"
    }

    public func fetch(_ session: any FeedSession) async throws {
        _ = try await session.download(url, as: "__CC__/stations.csv", shape: Self.shape)
    }

    /// The lines after the header, counted.
    static func countStations(_ file: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw FeedShapeProblem("cannot be read back")
        }
        if let problem = shape.problem(with: file) { throw FeedShapeProblem(problem) }
        let lines = data.split(separator: UInt8(ascii: "\n")).count
        return "\(max(0, lines - 1)) stations"
    }
}

extension __CC__Adapter: FeedCountry {
    public typealias OwnFetchSettings = __CC__FetchSettings
}

/// __CC__'s own keys of the `"fetch"` object: none; `url` is the station list.
public struct __CC__FetchSettings: CountryFetchSettings {
    public static let keys: [String] = []

    public init() {}

    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {}

    public func plan(_ source: FetchSource) throws(FetchSettingError) -> any FeedFetchPlan {
        __CC__FetchPlan(url: try source.requiredURL())
    }
}
