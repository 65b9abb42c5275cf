import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// The countries a kind of reason names as its origin are the ones whose code raises it: each country's
/// ``FeedCountry/reasonKinds`` lists exactly the kinds its folder uses, validation's kinds are raised in FuelBuild
/// only, and `Reasons/` names no country.
@Suite struct ReasonOriginTests {
    static let root = RepositoryPaths.root()

    /// The Swift files under a folder, by path.
    static func sources(under folder: String) throws -> [(path: String, text: String)] {
        let base = Self.root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// Whether a declaration file declares kinds: the shared ones in `Reasons/`, a country's `<CC>Reasons.swift`.
    static func declares(_ path: String) -> Bool {
        path.hasPrefix("Reasons/") || path.hasSuffix("Reasons.swift")
    }

    /// The Swift name of every kind, by code: each `static let name = Self("code", …)` of the declaration files, and
    /// the kinds of a text field.
    static func names() throws -> [String: String] {
        let declaration = try Regex(#"static let (\w+) = Self\(\s*"([^"\\]+)""#)
        var names: [String: String] = [:]
        for file in try sources(under: "Sources/FuelFeeds") where declares(file.path) {
            for match in file.text.matches(of: declaration) {
                let name = try #require(match.output[1].substring)
                let code = try #require(match.output[2].substring)
                #expect(names.updateValue(String(name), forKey: String(code)) == nil, "\(code) declared twice")
            }
        }
        for field in Reason.TextField.allCases {
            names[Reason.Kind.controlCharactersRemoved(field).code] = "controlCharactersRemoved"
            names[Reason.Kind.textCut(field).code] = "textCut"
        }
        return names
    }

    /// Whether the text names the kind as `.name` (a use), not as part of a longer name.
    static func uses(_ text: String, _ name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: "." + name) {
            let next = rest[range.upperBound...].first
            if !(next.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func everyDeclaredKindIsInTheCatalog() throws {
        let names = try Self.names()
        #expect(names.count > 40)
        #expect(Set(names.keys) == Set(Reason.catalog.map(\.code)), "a kind no country lists, or one not found")
    }

    @Test func theCountriesThatCanRaiseAKindAreTheOnesWhoseCodeDoes() throws {
        let names = try Self.names()
        let countries = try Self.sources(under: "Sources/FuelFeeds/Countries").filter { !Self.declares($0.path) }
        let build = try Self.sources(under: "Sources/FuelBuild")
        for kind in Reason.catalog {
            let name = try #require(names[kind.code], "\(kind.code) has no declaration")
            let raising = Set(countries.filter { Self.uses($0.text, name) }.map { String($0.path.prefix(2)) })
            let inBuild = build.contains { Self.uses($0.text, name) }
            switch kind.origin {
            case .adapters(let declared):
                #expect(declared == declared.sorted())
                #expect(raising == Set(declared), "\(name): raised by \(raising.sorted())")
                #expect(!inBuild, "\(name) is raised in FuelBuild")
            case .validation, .carryForward:
                #expect(raising.isEmpty, "\(name): raised by \(raising.sorted())")
                #expect(inBuild, "\(name) is raised nowhere in FuelBuild")
            }
        }
    }

    @Test func theSharedReasonsNameNoCountry() throws {
        for file in try Self.sources(under: "Sources/FuelFeeds/Reasons") {
            for code in CountryRegistry.codes {
                #expect(!file.text.contains("\"\(code)\""), "\(file.path) names \(code)")
            }
        }
    }
}
