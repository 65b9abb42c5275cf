import FuelBuild
import Testing

/// ``ReasonCode``: one stable machine key per reason, whatever the country or limit in its sentence.
@Suite struct ReasonCodeTests {
    @Test(arguments: [
        ("no current price", "no-current-price"),
        ("empty IDEESS", "empty-ideess"),
        ("coordinates outside PT", "coordinates-outside-country"),
        ("coordinates outside IT", "coordinates-outside-country"),
        ("price older than 30 days", "price-too-old"),
        ("price older than 7 days", "price-too-old"),
        ("price dated more than 1 day after the fetch", "price-dated-more-than-1-day-after-the-fetch"),
        ("duplicate idImpianto in the registry", "duplicate-idimpianto-in-the-registry"),
        (
            "registry row with a stray separator, text fields guessed",
            "registry-row-with-a-stray-separator-text-fields-guessed"
        ),
        ("hours left unknown: all seven days ferme", "hours-left-unknown-all-seven-days-ferme"),
        ("é", "unnamed"),
        ("unknown fuel: Gasóleo X", "unknown-fuel"),
        ("unknown fuel: GPL", "unknown-fuel"),
        ("unknown fuel type: ELE", "unknown-fuel-type"),
        ("unknown fuel name: Blue Super", "unknown-fuel-name"),
        ("shortage of an unknown fuel: E85", "shortage-of-an-unknown-fuel"),
    ])
    func code(_ sentence: String, _ code: String) {
        #expect(ReasonCode.code(for: sentence) == code)
    }

    @Test func countsOfOneCodeAddUpAndKeepTheirSentence() {
        let counts = ["coordinates outside PT": 2, "coordinates outside ES": 3, "no current price": 1]
        #expect(ReasonCode.codes(counts) == ["coordinates-outside-country": 5, "no-current-price": 1])
        #expect(
            ReasonCode.sentences(counts.keys)
                == [
                    "coordinates-outside-country": "coordinates outside ES; coordinates outside PT",
                    "no-current-price": "no current price",
                ])
    }
}
