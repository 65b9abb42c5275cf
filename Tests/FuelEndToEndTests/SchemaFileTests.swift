import Foundation
import Testing
import _FuelTestSupport

/// The schemas themselves: `$id`s that are their file names under one base, so a validator given all of them resolves
/// every `$ref` by `$id` alone (Python's `referencing.Registry`, keyed by `$id`s only, in `scripts/check-format`).
@Suite struct SchemaFileTests {
    static let base = "https://fueltiles.invalid/schema/"
    static let folder = RepositoryPaths.root().appendingPathComponent("docs/schema")

    static func schemaNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".schema.json") }
            .sorted()
    }

    @Test func everySchemaIsIdentifiedByItsFileName() throws {
        let names = try Self.schemaNames()
        #expect(names.count == 12, "\(names)")
        for name in names {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(schema["$id"] as? String == Self.base + name)
        }
    }

    /// A copy of `docs/schema/`, broken by hand in one way.
    /// `file`: The file of the copy to change.
    /// `replace`: Text of that file, and what it becomes.
    /// `complaint`: Words the checker's complaint must hold.
    typealias Breakage = NamedCase<(file: String, replace: String, with: String, complaint: String)>

    static let breakages: [Breakage] = [
        Breakage(
            "format 2's index under its old $id, another file's name",
            (
                file: "index-v2.schema.json",
                replace: "schema/index-v2.schema.json", with: "schema/v2/index.schema.json",
                complaint: "index-v2.schema.json: $id 'https://fueltiles.invalid/schema/v2/index.schema.json' does not "
                    + "end with its file name"
            )),
        Breakage(
            "a tile schema copied with the brands schema's $id",
            (
                file: "tile.schema.json",
                replace: "schema/tile.schema.json", with: "schema/brands.schema.json",
                complaint: "tile.schema.json: $id 'https://fueltiles.invalid/schema/brands.schema.json' does not end"
            )),
        Breakage(
            "the shared definitions under another base",
            (
                file: "common.schema.json",
                replace: "schema/common.schema.json", with: "schema/v1/common.schema.json",
                complaint: "the $ids do not share one base, so a $ref by file name misses"
            )),
        Breakage(
            "a $ref to a definition that is not there",
            (
                file: "brands.schema.json",
                replace: "common.schema.json#/$defs/country", with: "common.schema.json#/$defs/nation",
                complaint: "brands.schema.json: $ref 'common.schema.json#/$defs/nation' resolves to no schema"
            )),
    ]

    static func copySchemas(to root: URL) throws -> URL {
        let copy = root.appendingPathComponent("schema")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.folder, to: copy)
        return copy
    }

    @Test(.tags(.executable, .python), arguments: breakages)
    func aBrokenSchemaIsRefused(_ breakage: Breakage) throws {
        let out = try FormatContractTests.buildSamples()
        defer { try? FileManager.default.removeItem(at: out) }
        let schemas = try Self.copySchemas(to: out.appendingPathComponent("schemas"))
        let file = schemas.appendingPathComponent(breakage.file)
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains(breakage.replace))
        try Data(text.replacingOccurrences(of: breakage.replace, with: breakage.with).utf8).write(to: file)

        let result = try FormatContractTests.check(out, ["--schemas", schemas.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(breakage.complaint), "\(result.stderr)")
        #expect(result.stderr.contains("the build was not checked"), "\(result.stderr)")
    }

    /// The control for the test above: an unbroken copy, found only by `--schemas`, passes the same build.
    @Test(.tags(.executable, .python)) func aCopyOfTheSchemasChecksTheBuild() throws {
        let out = try FormatContractTests.buildSamples(layout: "both")
        defer { try? FileManager.default.removeItem(at: out) }
        let schemas = try Self.copySchemas(to: out.appendingPathComponent("schemas"))
        let result = try FormatContractTests.check(out, ["--schemas", schemas.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("conforms to format 1 and format 2"), "\(result.stdout)")
    }
}
