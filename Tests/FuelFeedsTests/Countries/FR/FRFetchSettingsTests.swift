import Testing

@testable import FuelFeeds

/// FR's `"fetch"` object, which holds transport keys only: a setting of the wrong type, an unknown one (another
/// country's included) or one out of range is refused when the metadata loads, naming the key.
@Suite struct FRFetchSettingsTests {
    typealias Case = FetchSettingCase

    static let refused: [Case] = [
        Case(
            country: "FR", name: "url a list", set: ["url": ["https://example.org/a.zip"]],
            reason: "fetch setting \"url\" must be a string, got a list"),
        Case.unknown("FR", "pageSize", own: [], set: 20000),
        Case(
            country: "FR", name: "connectTimeout 0", set: ["connectTimeout": 0],
            reason: "fetch setting \"connectTimeout\" must be a number from 0.1 to 600, got 0"),
        Case(
            country: "FR", name: "attempts 2.5", set: ["attempts": 2.5],
            reason: "fetch setting \"attempts\" must be a whole number from 1 to 20, got 2.5"),
        Case(
            country: "FR", name: "url missing", remove: ["url"], reason: "the \"fetch\" object has no \"url\""),
        Case(
            country: "FR", name: "fetch a string", whole: "https://example.org/a.zip",
            reason: "\"fetch\" must be an object, got the string \"https://example.org/a.zip\""),
    ]

    @Test(arguments: refused)
    func refusedWhenLoaded(_ testCase: Case) throws {
        try testCase.expectRefused()
    }
}
