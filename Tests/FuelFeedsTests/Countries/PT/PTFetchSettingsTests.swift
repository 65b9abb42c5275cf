import Testing

@testable import FuelFeeds

/// PT's `"fetch"` object: a setting of the wrong type, an unknown one or one out of range is refused when the
/// metadata loads, naming the key; so is a header that cannot be sent.
@Suite struct PTFetchSettingsTests {
    typealias Case = FetchSettingCase

    static let own = ["pageSize", "fuelTypeIds"]

    static let refused: [Case] = [
        Case(
            country: "PT", name: "pageSize as the old string", set: ["pageSize": "20000"],
            reason: "fetch setting \"pageSize\" must be a whole number from 1 to 10000000, got the string \"20000\""),
        Case(
            country: "PT", name: "fuelTypeIds as the old comma-separated string", set: ["fuelTypeIds": "1120,1141"],
            reason: "fetch setting \"fuelTypeIds\" must be a list of whole numbers from 0 to 2147483647, got the "
                + "string \"1120,1141\""),
        Case(
            country: "PT", name: "fuelTypeIds holding a string", set: ["fuelTypeIds": [1120, "1141"]],
            reason: "fetch setting \"fuelTypeIds\" must be a list of whole numbers from 0 to 2147483647, got a list "
                + "holding the string \"1141\""),
        Case(
            country: "PT", name: "headers a list", set: ["headers": ["Referer"]],
            reason: "fetch setting \"headers\" must be an object of strings, got a list"),
        Case(
            country: "PT", name: "a header value a number", set: ["headers": ["Referer": 1]],
            reason: "fetch setting \"headers\" must be an object of strings, got 1 for \"Referer\""),
        Case(
            country: "PT", name: "a header name with a space", set: ["headers": ["Bad Name": "x"]],
            reason: "fetch setting \"headers\": \"Bad Name\" is not a usable header"),
        Case.unknown("PT", "fuelTypeIDs", own: own, set: [1120]),
        Case.unknown("PT", "header.Referer", own: own, set: "https://precoscombustiveis.dgeg.gov.pt/"),
        Case(
            country: "PT", name: "pageSize 0", set: ["pageSize": 0],
            reason: "fetch setting \"pageSize\" must be a whole number from 1 to 10000000, got 0"),
        Case(
            country: "PT", name: "fuelTypeIds -1", set: ["fuelTypeIds": [-1]],
            reason: "fetch setting \"fuelTypeIds\" must be a list of whole numbers from 0 to 2147483647, got a list "
                + "holding -1"),
    ]

    @Test(arguments: refused)
    func refusedWhenLoaded(_ testCase: Case) throws {
        try testCase.expectRefused()
    }

    @Test func theRepositorysSettingsReachThePlan() throws {
        let fetch = try #require(try FeedRun.config("PT").fetch)
        #expect(fetch.transport.headers?["X-Requested-With"] == "XMLHttpRequest")
        let plan = try #require(
            try fetch.own.plan(FetchSource(url: fetch.transport.url, urlOverridden: false)) as? PTFetchPlan)
        #expect(plan.pageSize == 20000)
        #expect(plan.page(1, size: 1).contains("idsTiposComb=1120,1141,1142,1143,2101,"))
    }
}
