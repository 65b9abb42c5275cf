import Foundation
import Testing

@testable import FuelFeeds

/// A `"fetch"` object keeps the types JSON gave its values, so a number written as a string stays a string.
@Suite struct FetchSettingValueTests {
    @Test func jsonTypesAreKept() throws {
        let json = #"{"s":"2","n":2,"b":true,"l":[1,"x"],"o":{"k":"v"},"z":null}"#
        let object = try JSONDecoder().decode([String: FetchSettingValue].self, from: Data(json.utf8))
        #expect(
            object == [
                "s": .string("2"), "n": .number(2), "b": .bool(true), "l": .list([.number(1), .string("x")]),
                "o": .object(["k": .string("v")]), "z": .null,
            ])
    }

    @Test func encodingGivesTheSameJSONBack() throws {
        let value: FetchSettingValue = ["n": 2.5, "l": [1, "x"], "o": ["k": "v"], "b": false, "z": .null]
        let decoded = try JSONDecoder().decode(FetchSettingValue.self, from: JSONEncoder().encode(value))
        #expect(decoded == value)
    }
}
