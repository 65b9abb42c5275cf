import Foundation
import FuelFormat
import Testing

@Suite struct ErrorTextTests {
    struct Pair: Decodable {
        var a: [Int]
        var b: String
    }

    struct OwnError: Error, CustomStringConvertible {
        var description: String { "our own words" }
    }

    static func decodingError(_ json: String) -> any Error {
        do {
            _ = try JSONDecoder().decode(Pair.self, from: Data(json.utf8))
        } catch {
            return error
        }
        return OwnError()
    }

    @Test(arguments: [
        (#"{"a":[1]}"#, #"missing key "b" at $"#),
        (#"{"a":[1,"x"],"b":"y"}"#, "expected a number at $.a[1]"),
        (#"{"a":[1],"b":null}"#, "null where a string belongs at $.b"),
    ])
    func decodingErrorsNameTheKeyAndPath(_ json: String, _ text: String) {
        #expect(ErrorText.describe(Self.decodingError(json)) == text)
    }

    @Test func malformedJSONSaysSoWithoutAFoundationDump() {
        let text = ErrorText.describe(Self.decodingError("{"))
        #expect(text.contains("not valid JSON"), "\(text)")
        #expect(!text.contains("Domain="), "\(text)")
    }

    @Test func fileErrorsReadLikeTheSystemsOwn() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("errortext-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // A folder below a regular file.
        do {
            try FileManager.default.createDirectory(
                at: file.appendingPathComponent("out"), withIntermediateDirectories: true)
            Issue.record("creating a folder below a file succeeded")
        } catch {
            #expect(ErrorText.describe(error) == "Not a directory", "\(error)")
        }
        do {
            _ = try Data(contentsOf: file.appendingPathExtension("missing"))
            Issue.record("reading a missing file succeeded")
        } catch {
            #expect(ErrorText.describe(error) == "No such file or directory", "\(error)")
        }
    }

    @Test func otherErrorsKeepTheirDescription() {
        #expect(ErrorText.describe(OwnError()) == "our own words")
    }
}
