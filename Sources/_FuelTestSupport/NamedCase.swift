import Testing

/// One case of a parameterized test: a name for the test report and the case's fields as a labelled tuple, read as
/// if they were the case's own properties (`testCase.json` for `NamedCase<(value: String, json: String)>`).
///
/// For tables whose cases are a few plain fields, instead of a hand-written `Sendable`, `CustomTestStringConvertible`
/// struct in every suite; a case with behaviour or many fields keeps its own type.
@dynamicMemberLookup
public struct NamedCase<Fields: Sendable>: Sendable, CustomTestStringConvertible {
    /// What the test report shows for the case.
    public let name: String
    /// The case's fields.
    public let fields: Fields

    public init(_ name: String, _ fields: Fields) {
        self.name = name
        self.fields = fields
    }

    public var testDescription: String { name }

    /// A field of the case, by its tuple label.
    public subscript<Field>(dynamicMember field: KeyPath<Fields, Field>) -> Field { fields[keyPath: field] }
}
