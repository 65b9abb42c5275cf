import Testing

@testable import FuelFeeds

/// ES's `"fetch"` object: a setting of the wrong type, an unknown one or one out of range is refused when the
/// metadata loads, naming the key.
@Suite struct ESFetchSettingsTests {
    typealias Case = FetchSettingCase

    static let refused: [Case] = [
        Case(
            country: "ES", name: "checkUrl a number", set: ["checkUrl": 52],
            reason: "fetch setting \"checkUrl\" must be a string, got 52"),
        Case(
            country: "ES", name: "checkUrl empty", set: ["checkUrl": ""],
            reason: "fetch setting \"checkUrl\" must not be empty"),
        Case.unknown("ES", "checkURL", own: ["checkUrl"], set: "https://example.org/"),
        Case(
            country: "ES", name: "requestsPerSecond as the old string", set: ["requestsPerSecond": "2"],
            reason: "fetch setting \"requestsPerSecond\" must be a number from 0 to 1000, got the string \"2\""),
        Case(
            country: "ES", name: "requestsPerSecond 5000", set: ["requestsPerSecond": 5000],
            reason: "fetch setting \"requestsPerSecond\" must be a number from 0 to 1000, got 5000"),
    ]

    @Test(arguments: refused)
    func refusedWhenLoaded(_ testCase: Case) throws {
        try testCase.expectRefused()
    }

    @Test func checkUrlIsDroppedWhenTheCommandLineOverridesTheURL() throws {
        let settings = ESFetchSettings(checkUrl: "https://example.org/check")
        let plain = try settings.plan(FetchSource(url: "https://example.org/doc", urlOverridden: false))
        let overridden = try settings.plan(FetchSource(url: "http://127.0.0.1:9/doc", urlOverridden: true))
        #expect((plain as? ESFetchPlan)?.checkURL == "https://example.org/check")
        #expect((overridden as? ESFetchPlan)?.checkURL == nil)
    }
}
