import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// ``Reason/catalog`` lists every kind once, each kind's code is the one the previous release reported (or names it
/// as its alias), and the countries it says can raise a reason are the ones whose code does.
@Suite struct ReasonCatalogTests {
    static let root = RepositoryPaths.root()

    /// The case name of a reason: `unknownFuel` for `.unknownFuel(name: "x")`.
    static func caseName(_ reason: Reason) -> String {
        String(String(describing: reason).prefix { $0 != "(" })
    }

    @Test func theCatalogHoldsEveryCaseOnceAndEveryCodeOnce() throws {
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/FuelFeeds/Reasons/Reason.swift"), encoding: .utf8)
        let enumBody = source.components(separatedBy: "public enum TextField")[0]
        let declared = enumBody.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case ") else { return nil }
            return String(trimmed.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
        }
        #expect(declared.count > 40)
        #expect(Set(declared) == Set(Reason.catalog.map(Self.caseName)), "add the new case to Reason.catalog")
        let codes = Reason.catalog.map(\.code)
        #expect(Set(codes).count == codes.count, "two reasons share a code")
        for code in codes {
            #expect(code.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }, "\(code)")
        }
    }

    @Test(arguments: Reason.catalog)
    func everyHoleHasAValue(_ reason: Reason) {
        let declaration = reason.declaration
        #expect(declaration.pattern.filter { $0 == "⟨" }.count == declaration.values.count, "\(declaration.pattern)")
        #expect(!declaration.sentence.contains("⟨"))
    }

    /// A reason with values like a feed's.
    static func example(_ reason: Reason) -> Reason {
        switch reason {
        case .unknownFuel: .unknownFuel(name: "Querosene")
        case .unknownPriceKey: .unknownPriceKey(key: "Precio Gasolina 99 Turbo")
        case .shortageOfUnknownFuel: .shortageOfUnknownFuel(name: "E85")
        case .unknownFuelType: .unknownFuelType(name: "ELE")
        case .unknownFuelName: .unknownFuelName(name: "Blue Super")
        case .coordinatesOutside: .coordinatesOutside(country: "PT")
        case .priceTooOld: .priceTooOld(days: 30)
        case .priceAfterFetch: .priceAfterFetch(days: 1)
        case .textCut(let field, _): .textCut(field: field, limit: [.hours, .service].contains(field) ? 1_000 : 200)
        default: reason
        }
    }

    /// The code the previous release gave a sentence: its words slugged, less the values it knew to leave out.
    static func previousCode(_ sentence: String) -> String {
        if sentence.hasPrefix("coordinates outside ") { return "coordinates-outside-country" }
        if sentence.hasPrefix("price older than ") { return "price-too-old" }
        let named = ["unknown fuel: ", "unknown fuel type: ", "unknown fuel name: ", "shortage of an unknown fuel: "]
        let words = named.first(where: sentence.hasPrefix).map { String($0.dropLast(2)) } ?? sentence
        var code = ""
        var pendingDash = false
        for scalar in words.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !code.isEmpty { code += "-" }
                pendingDash = false
                code.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
            } else {
                pendingDash = true
            }
        }
        return code
    }

    @Test(arguments: Reason.catalog.map(example))
    func theCodeIsThePreviousReleasesOrItsAliasIs(_ reason: Reason) {
        let previous = Self.previousCode(reason.sentence)
        if reason.declaration.alias == nil {
            #expect(reason.code == previous)
        } else {
            #expect(previous != reason.code, "an alias for a code that did not change")
            #expect(Reason.currentCode(for: previous) == reason.code, "\(previous) is not accepted")
        }
    }

    /// The Swift files under a folder, by path.
    static func sources(under folder: String) throws -> [(path: String, text: String)] {
        let base = Self.root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// Whether the text names the case as `.name` (a use), not as part of a longer name.
    static func uses(_ text: String, _ name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: "." + name) {
            let next = rest[range.upperBound...].first
            if !(next.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func theCountriesThatCanRaiseAReasonAreTheOnesWhoseCodeDoes() throws {
        let countries = try Self.sources(under: "Sources/FuelFeeds/Countries")
        let build = try Self.sources(under: "Sources/FuelBuild")
        for reason in Reason.catalog {
            let name = Self.caseName(reason)
            let raising = Set(countries.filter { Self.uses($0.text, name) }.map { String($0.path.prefix(2)) })
            let inBuild = build.contains { Self.uses($0.text, name) }
            switch reason.declaration.origin {
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
}
