import FuelFeeds
import Testing

/// ``Reason``: one stable code per kind, whatever the country, limit or feed name in its sentence.
@Suite struct ReasonTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var reason: Reason
        var code: String
        var sentence: String
        var testDescription: String { sentence }
    }

    static let cases: [Case] = [
        Case(reason: Reason(.noCurrentPrice), code: "no-current-price", sentence: "no current price"),
        Case(reason: Reason(.emptyIDEESS), code: "empty-ideess", sentence: "empty IDEESS"),
        Case(
            reason: .coordinatesOutside(country: "PT"), code: "coordinates-outside-country",
            sentence: "coordinates outside PT"),
        Case(
            reason: .coordinatesOutside(country: "IT"), code: "coordinates-outside-country",
            sentence: "coordinates outside IT"),
        Case(reason: .priceTooOld(days: 30), code: "price-too-old", sentence: "price older than 30 days"),
        Case(reason: .priceTooOld(days: 7), code: "price-too-old", sentence: "price older than 7 days"),
        Case(
            reason: .priceAfterFetch(days: 1), code: "price-dated-after-the-fetch",
            sentence: "price dated more than 1 day after the fetch"),
        Case(
            reason: .priceAfterFetch(days: 2), code: "price-dated-after-the-fetch",
            sentence: "price dated more than 2 days after the fetch"),
        Case(
            reason: Reason(.duplicateRegistryID), code: "duplicate-idimpianto-in-the-registry",
            sentence: "duplicate idImpianto in the registry"),
        Case(
            reason: Reason(.registryRowGuessed), code: "registry-row-with-a-stray-separator-text-fields-guessed",
            sentence: "registry row with a stray separator, text fields guessed"),
        Case(
            reason: Reason(.closedWeekWithCurrentPrices),
            code: "hours-left-unknown-all-seven-days-ferme-but-prices-are-current",
            sentence: "hours left unknown: all seven days ferme but prices are current"),
        Case(reason: .unknownFuel(name: "Gasóleo X"), code: "unknown-fuel", sentence: "unknown fuel: Gasóleo X"),
        Case(reason: .unknownFuel(name: "GPL"), code: "unknown-fuel", sentence: "unknown fuel: GPL"),
        Case(reason: .unknownFuelType(name: "ELE"), code: "unknown-fuel-type", sentence: "unknown fuel type: ELE"),
        Case(
            reason: .unknownFuelName(name: "Blue Super"), code: "unknown-fuel-name",
            sentence: "unknown fuel name: Blue Super"),
        Case(
            reason: .shortageOfUnknownFuel(name: "E85"), code: "shortage-of-an-unknown-fuel",
            sentence: "shortage of an unknown fuel: E85"),
        Case(
            reason: .unknownPriceKey(key: "Precio Gasolina 99 Turbo"), code: "unknown-price-key",
            sentence: "unknown price key: Precio Gasolina 99 Turbo"),
        Case(
            reason: Reason(.bioethanolReadAsE85), code: "precio-bioetanol-read-as-e85",
            sentence: "Precio Bioetanol read as e85 (% BioEtanol 70 or more)"),
        Case(
            reason: Reason(.bioethanolKeptAsOther), code: "precio-bioetanol-kept-as-other",
            sentence: "Precio Bioetanol kept as other (% BioEtanol below 70 or missing)"),
        Case(
            reason: .textCut(field: .name, limit: 200), code: "name-cut-to-limit",
            sentence: "name cut to 200 characters"),
        Case(
            reason: .textCut(field: .service, limit: 1_000), code: "service-cut-to-limit",
            sentence: "service cut to 1000 characters"),
        Case(
            reason: .controlCharactersRemoved(field: .city), code: "control-characters-removed-from-city",
            sentence: "control characters removed from city"),
        Case(reason: Reason(.emptyPrix), code: "empty-prix-skipped", sentence: "empty <prix/> skipped"),
        Case(reason: .unknownFuel(name: "⟨x⟩ | y"), code: "unknown-fuel", sentence: "unknown fuel: ⟨x⟩ | y"),
    ]

    @Test(arguments: cases)
    func codeAndSentence(_ testCase: Case) {
        #expect(testCase.reason.code == testCase.code)
        #expect(testCase.reason.sentence == testCase.sentence)
    }

    @Test func countsOfOneCodeAddUpAndKeepTheirSentences() {
        let tally: ReasonTally = [
            .coordinatesOutside(country: "PT"): 2, .coordinatesOutside(country: "ES"): 3, Reason(.noCurrentPrice): 1,
            Reason(.swappedCoordinates): 4, .unknownFuel(name: "B"): 1, .unknownFuel(name: "A"): 2,
        ]
        #expect(
            tally.rejects.codes == ["coordinates-outside-country": 5, "no-current-price": 1])
        #expect(tally.repairs.codes == ["swapped-lat-lon-repaired": 4])
        #expect(tally.counters.codes == ["unknown-fuel": 3])
        #expect(
            tally.sentences == [
                "coordinates-outside-country": "coordinates outside ES; coordinates outside PT",
                "no-current-price": "no current price",
                "swapped-lat-lon-repaired": "swapped lat/lon repaired",
                "unknown-fuel": "unknown fuel: A; unknown fuel: B",
            ])
        #expect(tally.largest(2) == ["4 swapped lat/lon repaired", "3 coordinates outside ES"])
    }

    @Test func aReasonCountedZeroTimesIsAbsent() {
        var tally = ReasonTally()
        tally[.priceRowLatin1] += 0
        tally[.emptyPrice] = 0
        #expect(tally.isEmpty)
        #expect(tally == [:])
        tally[.emptyPrice] += 2
        #expect(
            tally + [Reason(.emptyPrice): 1, Reason(.noPrice): 1] == [Reason(.emptyPrice): 3, Reason(.noPrice): 1])
    }

    @Test(arguments: [
        ("precio-bioetanol-read-as-e85-bioetanol-70-or-more", "precio-bioetanol-read-as-e85"),
        ("precio-bioetanol-kept-as-other-bioetanol-below-70-or-missing", "precio-bioetanol-kept-as-other"),
        ("price-dated-more-than-1-day-after-the-fetch", "price-dated-after-the-fetch"),
        ("name-cut-to-200-characters", "name-cut-to-limit"),
        ("hours-cut-to-1000-characters", "hours-cut-to-limit"),
        ("unknown-price-key-precio-gasolina-99-turbo", "unknown-price-key"),
        ("unknown-price-key", "unknown-price-key"),
        ("no-current-price", "no-current-price"),
    ])
    func anEarlierCodeIsStillAccepted(_ old: String, _ current: String) {
        #expect(Reason.currentCode(for: old) == current)
    }

    @Test(arguments: ["", "unknown-fuel-", "name-cut-to--characters", "precio-bioetanol", "no-such-reason"])
    func aCodeNoReasonHasIsRefused(_ code: String) {
        #expect(Reason.currentCode(for: code) == nil)
    }
}
