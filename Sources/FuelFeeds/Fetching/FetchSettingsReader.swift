import FuelFormat

/// Reads the typed settings out of a `"fetch"` object, one key at a time: each accessor returns nil for an absent
/// key and throws, naming the key, what it must be and what it is, for a value of the wrong type or out of range.
public struct FetchSettingsReader: Sendable {
    /// The `"fetch"` object as JSON typed it.
    public var values: [String: FetchSettingValue]

    public init(_ values: [String: FetchSettingValue]) { self.values = values }

    /// A string, never empty.
    /// - Throws: ``FetchSettingError`` when the value is not a string or is empty.
    public func string(_ key: String) throws(FetchSettingError) -> String? {
        guard let value = values[key] else { return nil }
        guard case .string(let text) = value else { throw wrong(key, "a string", value) }
        guard !text.isEmpty else { throw FetchSettingError("fetch setting \"\(key)\" must not be empty") }
        return text
    }

    /// A number within `range`.
    /// - Throws: ``FetchSettingError`` when the value is not a number or lies outside `range`.
    public func number(_ key: String, in range: ClosedRange<Double>) throws(FetchSettingError) -> Double? {
        guard let value = values[key] else { return nil }
        guard case .number(let number) = value, range.contains(number) else {
            throw wrong(key, "a number from \(Self.shown(range))", value)
        }
        return number
    }

    /// A whole number within `range`.
    /// - Throws: ``FetchSettingError`` when the value is not a whole number or lies outside `range`.
    public func wholeNumber(_ key: String, in range: ClosedRange<Int>) throws(FetchSettingError) -> Int? {
        guard let value = values[key] else { return nil }
        guard let number = Self.whole(value, in: range) else {
            throw wrong(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value)
        }
        return number
    }

    /// A list of strings, at least one, none empty.
    /// - Throws: ``FetchSettingError`` when the value is not such a list.
    public func strings(_ key: String) throws(FetchSettingError) -> [String]? {
        guard let value = values[key] else { return nil }
        guard case .list(let items) = value, !items.isEmpty else { throw wrong(key, "a list of strings", value) }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item, !text.isEmpty else {
                throw wrong(key, "a list of strings, none empty", item, inList: true)
            }
            texts.append(text)
        }
        return texts
    }

    /// A list of whole numbers within `range`, at least one.
    /// - Throws: ``FetchSettingError`` when the value is not such a list.
    public func wholeNumbers(_ key: String, in range: ClosedRange<Int>) throws(FetchSettingError) -> [Int]? {
        guard let value = values[key] else { return nil }
        let what = "a list of whole numbers from \(range.lowerBound) to \(range.upperBound)"
        guard case .list(let items) = value, !items.isEmpty else { throw wrong(key, what, value) }
        var numbers: [Int] = []
        for item in items {
            guard let number = Self.whole(item, in: range) else { throw wrong(key, what, item, inList: true) }
            numbers.append(number)
        }
        return numbers
    }

    /// An object whose values are all strings.
    /// - Throws: ``FetchSettingError`` when the value is not such an object.
    public func stringMap(_ key: String) throws(FetchSettingError) -> [String: String]? {
        guard let value = values[key] else { return nil }
        guard case .object(let members) = value else { throw wrong(key, "an object of strings", value) }
        var texts: [String: String] = [:]
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            guard case .string(let text) = member else {
                throw FetchSettingError(
                    "fetch setting \"\(key)\" must be an object of strings, got \(member.shown) for \"\(name)\"")
            }
            texts[name] = text
        }
        return texts
    }

    private func wrong(
        _ key: String, _ what: String, _ value: FetchSettingValue, inList: Bool = false
    ) -> FetchSettingError {
        let got = value == .list([]) ? "an empty list" : value.shown
        return FetchSettingError(
            "fetch setting \"\(key)\" must be \(what), got \(inList ? "a list holding " : "")\(got)")
    }

    private static func whole(_ value: FetchSettingValue, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let number) = value, number == number.rounded(),
            number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else { return nil }
        return Int(number)
    }

    private static func shown(_ range: ClosedRange<Double>) -> String {
        "\(NumberText.plain(range.lowerBound)) to \(NumberText.plain(range.upperBound))"
    }
}
