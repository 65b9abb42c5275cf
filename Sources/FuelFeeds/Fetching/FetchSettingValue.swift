import FuelFormat

/// One value of `source.json`'s `"fetch"` object as JSON typed it: a string, a number, a list, an object, true or
/// false, or null. ``FetchSettingsReader`` turns these into the typed settings and names the key of a wrong one.
public enum FetchSettingValue: Sendable, Equatable, Codable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([FetchSettingValue])
    case object([String: FetchSettingValue])
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([FetchSettingValue].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: FetchSettingValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// The value as a message shows it after "got": `the string "2"`, `2.5`, `a list`, `an object`, `true`, `null`.
    var shown: String {
        switch self {
        case .string(let value): "the string \"\(value)\""
        case .number(let value): NumberText.plain(value)
        case .bool(let value): String(value)
        case .list: "a list"
        case .object: "an object"
        case .null: "null"
        }
    }
}

extension FetchSettingValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: FetchSettingValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, FetchSettingValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
