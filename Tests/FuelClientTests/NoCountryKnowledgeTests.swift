import Foundation
import FuelFeeds
import RegexBuilder
import Testing

/// The readers know no country (issue 37): a station's time zone and holidays reach them only as data, in the
/// sources document, so a reader already shipped reads a new country like the others. No registered country code and
/// no IANA zone name may appear in the Swift client, the JavaScript reader or the Python reference reader, comments
/// and doc examples included (`XX` is the neutral example code).
@Suite struct NoCountryKnowledgeTests {
    /// One place a reader lives: a folder (every file in it) or a single file, relative to the repository.
    struct Place: Sendable, CustomTestStringConvertible {
        var path: String
        var testDescription: String { path }
    }

    static let places = [
        Place(path: "Sources/FuelClient"), Place(path: "clients/js/src"), Place(path: "scripts/conformance_reader.py"),
        Place(path: "scripts/conformance_roots.py"),
    ]

    /// A registered code as a word of its own (`"ES"`, `ES-1`, `(ES)`), case-sensitive.
    static var codes: [Regex<Substring>] {
        CountryRegistry.codes.map { code in
            Regex {
                Anchor.wordBoundary
                code
                Anchor.wordBoundary
            }
        }
    }
    /// An IANA zone name of a continent's area (`Europe/Madrid`, `Atlantic/Canary`).
    static var zone: Regex<(Substring, Substring)> {
        #/(Europe|Atlantic|Africa|America|Asia|Australia|Pacific|Indian|Antarctica|Arctic)/[A-Z]/#
    }

    /// The files of a place, each with its text.
    static func files(of place: Place) throws -> [(name: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appendingPathComponent(place.path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        let urls =
            isFolder.boolValue
            ? try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).sorted {
                $0.path < $1.path
            } : [url]
        return try urls.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The lines of `text` that name a registered country code or a zone.
    static func offences(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let named = codes.contains { line.contains($0) } || line.contains(zone)
            return named ? "\(number + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test(arguments: places)
    func aReaderNamesNoCountryAndNoZone(_ place: Place) throws {
        let files = try Self.files(of: place)
        #expect(!files.isEmpty)
        for file in files {
            let found = Self.offences(in: file.text)
            #expect(
                found.isEmpty, "\(place.path)/\(file.name) names a country or a zone:\n\(found.joined(separator: "\n"))"
            )
        }
    }

    /// The check finds what it looks for: a line with a code, a zone, or both fails; neutral wording passes.
    @Test func theCheckFindsCodesAndZones() throws {
        #expect(Self.codes.count == CountryRegistry.codes.count && !Self.codes.isEmpty)
        let code = try #require(CountryRegistry.codes.first)
        #expect(Self.offences(in: "case \"\(code)\": break").count == 1)
        #expect(Self.offences(in: "let zone = \"Atlantic/Azores\"").count == 1)
        #expect(Self.offences(in: "// the islands keep America/Havana\nfine\n\(code)-1").count == 2)
        #expect(Self.offences(in: "country (a code such as `XX`), every cell of Europe").isEmpty)
    }
}
