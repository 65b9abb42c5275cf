import Foundation
import FuelFeeds
import Testing

/// ``Reason/catalog`` holds the shared kinds and every registered country's, each once and each code once; every
/// kind's holes can be filled, and its code is the one the previous release reported (or names it as its alias).
@Suite struct ReasonCatalogTests {
    @Test func theCatalogHoldsEveryKindOnceAndEveryCodeOnce() {
        let codes = Reason.catalog.map(\.code)
        #expect(codes.count > 40)
        #expect(Set(codes).count == codes.count, "two kinds share a code: \(codes.sorted())")
        for code in codes {
            #expect(code.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }, "\(code)")
        }
        for kind in Reason.Kind.shared {
            #expect(Reason.catalog.contains(kind), "\(kind.code)")
        }
    }

    @Test(arguments: CountryRegistry.codes)
    func everyKindACountryRaisesIsAnAdaptersKindInTheCatalog(_ code: String) throws {
        let country = try #require(CountryRegistry.country(code))
        let kinds = country.reasonKinds
        #expect(Set(kinds).count == kinds.count, "\(code) lists a kind twice")
        for kind in kinds {
            #expect(kind.raiser == .adapters, "\(code) lists \(kind.code), which validation raises")
            #expect(Reason.catalog.filter { $0.code == kind.code } == [kind], "\(kind.code)")
            guard case .adapters(let countries) = kind.origin else {
                Issue.record("\(kind.code): \(kind.origin)")
                continue
            }
            #expect(countries.contains(code))
        }
    }

    @Test func everyAdaptersKindHasACountryThatRaisesIt() {
        for kind in Reason.catalog where kind.raiser == .adapters {
            #expect(kind.origin != .adapters([]), "\(kind.code) is raised by no registered country")
        }
    }

    /// A reason of every kind with values like a feed's: the kinds with holes need one here.
    static let examples: [String: Reason] = Dictionary(
        uniqueKeysWithValues: ([
            .unknownFuel(name: "Querosene"), .unknownPriceKey(key: "Precio Gasolina 99 Turbo"),
            .shortageOfUnknownFuel(name: "E85"), .unknownFuelType(name: "ELE"),
            .unknownFuelName(name: "Blue Super"), .coordinatesOutside(country: "PT"), .priceTooOld(days: 30),
            .priceAfterFetch(days: 1),
        ]
            + Reason.TextField.allCases.map { field in
                Reason.textCut(field: field, limit: [.hours, .service].contains(field) ? 1_000 : 200)
            }).map { ($0.code, $0) })

    static func example(_ kind: Reason.Kind) -> Reason {
        examples[kind.code] ?? Reason(kind)
    }

    /// The kinds with no hole, and the examples of those with holes (a missing example traps in `Reason(kind)`).
    static let catalogExamples: [Reason] = Reason.catalog.filter { $0.holeCount == 0 || examples[$0.code] != nil }
        .map(example)

    @Test func everyKindWithHolesHasAnExample() {
        let missing = Reason.catalog.filter { $0.holeCount > 0 && Self.examples[$0.code] == nil }.map(\.code)
        #expect(missing.isEmpty, "add an example for \(missing)")
    }

    @Test(arguments: catalogExamples)
    func everyHoleHasAValue(_ reason: Reason) {
        #expect(reason.kind.pattern.filter { $0 == "⟨" }.count == reason.values.count, "\(reason.kind.pattern)")
        #expect(!reason.sentence.contains("⟨"))
        #expect(Reason.catalog.contains(reason.kind))
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

    @Test(arguments: catalogExamples)
    func theCodeIsThePreviousReleasesOrItsAliasIs(_ reason: Reason) {
        let previous = Self.previousCode(reason.sentence)
        if reason.kind.alias == nil {
            #expect(reason.code == previous)
        } else {
            #expect(previous != reason.code, "an alias for a code that did not change")
            #expect(Reason.currentCode(for: previous) == reason.code, "\(previous) is not accepted")
        }
    }
}
