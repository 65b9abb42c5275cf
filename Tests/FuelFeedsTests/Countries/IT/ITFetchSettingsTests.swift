import Testing

@testable import FuelFeeds

/// IT's `"fetch"` object: a setting of the wrong type, an unknown one or one out of range is refused when the
/// metadata loads, naming the key; so is half of the pair of file URLs.
@Suite struct ITFetchSettingsTests {
    typealias Case = FetchSettingCase

    static let refused: [Case] = [
        Case(
            country: "IT", name: "pricesUrl a number", set: ["pricesUrl": 8],
            reason: "fetch setting \"pricesUrl\" must be a string, got 8"),
        Case(
            country: "IT", name: "registryFile null", set: ["registryFile": .null],
            reason: "fetch setting \"registryFile\" must be a string, got null"),
        Case.unknown("IT", "priceUrl", own: ["registryFile", "pricesFile", "registryUrl", "pricesUrl"]),
        Case(
            country: "IT", name: "attempts 0", set: ["attempts": 0],
            reason: "fetch setting \"attempts\" must be a whole number from 1 to 20, got 0"),
        Case(
            country: "IT", name: "registryUrl without pricesUrl", remove: ["pricesUrl"],
            reason: "the \"fetch\" object needs both \"registryUrl\" and \"pricesUrl\", or a \"url\" folder"),
        Case(
            country: "IT", name: "neither the pair nor a folder", remove: ["registryUrl", "pricesUrl"],
            reason: "the \"fetch\" object has no \"url\""),
    ]

    @Test(arguments: refused)
    func refusedWhenLoaded(_ testCase: Case) throws {
        try testCase.expectRefused()
    }

    @Test func aFolderURLNamesBothFiles() throws {
        let settings = ITFetchSettings(pricesFile: "prices.csv")
        let plan = try #require(
            try settings.plan(FetchSource(url: "https://example.org/csv", urlOverridden: false)) as? ITFetchPlan)
        #expect(plan.registryURL == "https://example.org/csv/anagrafica_impianti_attivi.csv")
        #expect(plan.pricesURL == "https://example.org/csv/prices.csv")
    }
}
