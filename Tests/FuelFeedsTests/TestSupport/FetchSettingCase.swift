import Foundation
import Testing
import _FuelTestSupport

@testable import FuelFeeds

/// A `"fetch"` object that loading the metadata must refuse: the repository's `adapters/<CC>/source.json` with
/// some settings set or removed, and the whole message the refusal must give after `CC: <path>: `.
struct FetchSettingCase: Sendable, CustomTestStringConvertible {
    var country: String
    var name: String
    /// Settings added or replaced in the country's `"fetch"` object.
    var set: [String: FetchSettingValue] = [:]
    /// Settings removed from it.
    var remove: [String] = []
    /// Replaces the whole `"fetch"` value instead.
    var whole: FetchSettingValue?
    /// The reason the error must give.
    var reason: String
    var testDescription: String { "\(country): \(name)" }

    /// The refusal of a key no country reads: it lists every key the country knows, its own included.
    static func unknown(_ country: String, _ key: String, own: [String], set value: FetchSettingValue = 1) -> Self {
        let known = (TransportSettings.keys + own).sorted().joined(separator: ", ")
        let hint = key.hasPrefix("header.") ? "; request headers go in the \"headers\" object" : ""
        return Self(
            country: country, name: "unknown key \(key)", set: [key: value],
            reason: "unknown fetch setting \"\(key)\" (known: \(known))\(hint)")
    }

    /// Writes the changed `source.json` into a fresh adapters folder and expects loading it to fail with the
    /// country, that file's path and ``reason``.
    func expectRefused() throws {
        let original = RepositoryPaths.adapters().appendingPathComponent(country).appendingPathComponent("source.json")
        var source = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: original)) as? [String: Any])
        if let whole {
            source["fetch"] = try Self.jsonObject(whole)
        } else {
            var fetch = try #require(source["fetch"] as? [String: Any])
            for key in remove { fetch[key] = nil }
            for (key, value) in set { fetch[key] = try Self.jsonObject(value) }
            source["fetch"] = fetch
        }
        let adapters = RepositoryPaths.temporaryDirectory("fetch-settings-\(country)")
        let file = adapters.appendingPathComponent(country).appendingPathComponent("source.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: source).write(to: file)
        let error = #expect(throws: FeedError.self) {
            try CountryConfig.load(country: country, adaptersDirectory: adapters)
        }
        #expect(error?.description == "\(country): \(file.path): \(reason)")
    }

    private static func jsonObject(_ value: FetchSettingValue) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: .fragmentsAllowed)
    }
}
