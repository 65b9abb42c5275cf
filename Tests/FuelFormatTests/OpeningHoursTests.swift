import FuelFormat
import Testing
import _FuelTestSupport

/// The published subset of the `opening_hours` syntax: what it reads, how it spells a value, what it refuses.
@Suite struct OpeningHoursTests {
    /// `canonical`: The canonical spelling, or nil when the text is outside the subset.
    typealias Case = NamedCase<(canonical: String?)>

    static let inside: [Case] = [
        Case("24/7", (canonical:"24/7")),
        Case("Mo-Fr 06:00-22:00", (canonical:"Mo-Fr 06:00-22:00")),
        Case("Mo-Fr 06:00-22:00; Sa 07:00-15:00", (canonical:"Mo-Fr 06:00-22:00; Sa 07:00-15:00")),
        Case("Mo,We,Fr 08:00-12:00", (canonical:"Mo 08:00-12:00; We 08:00-12:00; Fr 08:00-12:00")),
        Case("Mo-Su 06:00-12:00,14:00-20:00", (canonical:"Mo-Su 06:00-12:00,14:00-20:00")),
        Case("Fr-Sa 22:00-02:00", (canonical:"Fr-Sa 22:00-02:00")),
        Case("Mo-Su 06:00-00:00", (canonical:"Mo-Su 06:00-00:00")),
        Case("Mo-Sa 07:00-19:00; Su closed; PH off", (canonical:"Mo-Sa 07:00-19:00; Su off; PH off")),
        Case("Mo-Su 06:00-22:00; PH 08:00-18:00", (canonical:"Mo-Su 06:00-22:00; PH 08:00-18:00")),
        Case("Mo-Su 00:00-24:00", (canonical:"24/7")),
        Case("Sa 10:00-12:00; Mo 08:00-09:00", (canonical:"Mo 08:00-09:00; Sa 10:00-12:00")),
    ]

    static let outside: [Case] = [
        Case("", (canonical:nil)),
        Case("Mo-Fr 06:00-22:00; Mo 08:00-10:00", (canonical:nil)),
        Case("Sa-Mo 06:00-22:00", (canonical:nil)),
        Case("Mo-Mo 06:00-22:00", (canonical:nil)),
        Case("Mo 6:00-22:00", (canonical:nil)),
        Case("Mo 08:00-08:00", (canonical:nil)),
        Case("Mo 24:00-02:00", (canonical:nil)),
        Case("Mo 08:00-24:30", (canonical:nil)),
        Case("Mo 08:60-12:00", (canonical:nil)),
        Case("Mo-Su sunrise-sunset", (canonical:nil)),
        Case("Mo-Fr 06:00-22:00 \"by appointment\"", (canonical:nil)),
        Case("Mo-Fr 06:00-22:00;Sa 07:00-15:00", (canonical:nil)),
        Case("PH off; PH 08:00-10:00", (canonical:nil)),
        Case("24/7; PH off", (canonical:nil)),
        Case("Mo-Fr 06:00+", (canonical:nil)),
        Case("mo-fr 06:00-22:00", (canonical:nil)),
    ]

    @Test(arguments: inside + outside)
    func aValueReadsOnlyInsideTheSubset(_ testCase: Case) {
        #expect(OpeningHours(parsing: testCase.name)?.text == testCase.canonical)
    }

    @Test func aSpanKnowsWhetherItCrossesMidnight() throws {
        #expect(try #require(OpeningHours.Span(start: 22 * 60, end: 2 * 60)).crossesMidnight)
        #expect(try #require(OpeningHours.Span(start: 6 * 60, end: 0)).crossesMidnight)
        #expect(try !#require(OpeningHours.Span(start: 6 * 60, end: 1440)).crossesMidnight)
        #expect(OpeningHours.Span(start: 1440, end: 60) == nil)
    }
}
