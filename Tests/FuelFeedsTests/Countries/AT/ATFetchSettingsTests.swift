import Testing

@testable import FuelFeeds

/// AT's `"fetch"` object: a setting of the wrong type, an unknown one or one out of range is refused when the
/// metadata loads, naming the key.
@Suite struct ATFetchSettingsTests {
    typealias Case = FetchSettingCase

    static let refused: [Case] = [
        Case(
            country: "AT", name: "fuelTypes as the old comma-separated string", set: ["fuelTypes": "DIE,SUP,GAS"],
            reason: "fetch setting \"fuelTypes\" must be a list of strings, got the string \"DIE,SUP,GAS\""),
        Case(
            country: "AT", name: "fuelTypes empty", set: ["fuelTypes": []],
            reason: "fetch setting \"fuelTypes\" must be a list of strings, got an empty list"),
        Case(
            country: "AT", name: "fuelTypes holding a number", set: ["fuelTypes": ["DIE", 95]],
            reason: "fetch setting \"fuelTypes\" must be a list of strings, none empty, got a list holding 95"),
        Case.unknown("AT", "fuelType", own: ["fuelTypes", "slices"]),
        Case(
            country: "AT", name: "maxBytes 0", set: ["maxBytes": 0],
            reason: "fetch setting \"maxBytes\" must be a whole number from 1 to 1000000000000, got 0"),
        Case(
            country: "AT", name: "url missing", remove: ["url"], reason: "the \"fetch\" object has no \"url\""),
    ]

    /// `slices` out of 1–24, not whole, or a number written as a string, each shown as the message shows it.
    static let refusedSlices: [Case] = {
        let values: [(shown: String, value: FetchSettingValue)] = [
            ("0", 0), ("25", 25), ("1.5", 1.5), ("the string \"3\"", "3"),
        ]
        return values.map { shown, value in
            Case(
                country: "AT", name: "slices \(shown)", set: ["slices": value],
                reason: "fetch setting \"slices\" must be a whole number from 1 to 24, got \(shown)")
        }
    }()

    @Test(arguments: refused + refusedSlices)
    func refusedWhenLoaded(_ testCase: Case) throws {
        try testCase.expectRefused()
    }

    @Test func fuelTypesReachThePlan() throws {
        let fetch = try #require(try FeedRun.config("AT").fetch)
        #expect(fetch.own as? ATFetchSettings == ATFetchSettings(fuelTypes: ["DIE", "SUP", "GAS"]))
        let plan = try fetch.own.plan(FetchSource(url: fetch.transport.url, urlOverridden: false))
        #expect((plan as? ATFetchPlan)?.fuelTypes == ["DIE", "SUP", "GAS"])
        #expect((plan as? ATFetchPlan)?.slices == 1, "the whole crawl each fetch unless slices says otherwise")
    }

    @Test(arguments: [1, 3, 24])
    func slicesReachThePlan(_ slices: Int) throws {
        let settings = try ATFetchSettings(FetchSettingsReader(["slices": .number(Double(slices))]))
        #expect(settings.slices == slices)
        let plan = try settings.plan(FetchSource(url: "https://api.e-control.at/sprit/1.0", urlOverridden: false))
        #expect((plan as? ATFetchPlan)?.slices == slices)
    }
}
