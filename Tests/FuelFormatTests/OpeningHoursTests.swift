import FuelFormat
import Testing

/// The published subset of the `opening_hours` syntax: what it reads, how it spells a value, what it refuses.
@Suite struct OpeningHoursTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        /// The canonical spelling, or nil when the text is outside the subset.
        var canonical: String?
        var testDescription: String { text }
    }

    static let inside: [Case] = [
        Case(text: "24/7", canonical: "24/7"),
        Case(text: "Mo-Fr 06:00-22:00", canonical: "Mo-Fr 06:00-22:00"),
        Case(text: "Mo-Fr 06:00-22:00; Sa 07:00-15:00", canonical: "Mo-Fr 06:00-22:00; Sa 07:00-15:00"),
        Case(text: "Mo,We,Fr 08:00-12:00", canonical: "Mo 08:00-12:00; We 08:00-12:00; Fr 08:00-12:00"),
        Case(text: "Mo-Su 06:00-12:00,14:00-20:00", canonical: "Mo-Su 06:00-12:00,14:00-20:00"),
        Case(text: "Fr-Sa 22:00-02:00", canonical: "Fr-Sa 22:00-02:00"),
        Case(text: "Mo-Su 06:00-00:00", canonical: "Mo-Su 06:00-00:00"),
        Case(text: "Mo-Sa 07:00-19:00; Su closed; PH off", canonical: "Mo-Sa 07:00-19:00; Su off; PH off"),
        Case(text: "Mo-Su 06:00-22:00; PH 08:00-18:00", canonical: "Mo-Su 06:00-22:00; PH 08:00-18:00"),
        Case(text: "Mo-Su 00:00-24:00", canonical: "24/7"),
        Case(text: "Sa 10:00-12:00; Mo 08:00-09:00", canonical: "Mo 08:00-09:00; Sa 10:00-12:00"),
    ]

    static let outside: [Case] = [
        Case(text: "", canonical: nil),
        Case(text: "Mo-Fr 06:00-22:00; Mo 08:00-10:00", canonical: nil),
        Case(text: "Sa-Mo 06:00-22:00", canonical: nil),
        Case(text: "Mo-Mo 06:00-22:00", canonical: nil),
        Case(text: "Mo 6:00-22:00", canonical: nil),
        Case(text: "Mo 08:00-08:00", canonical: nil),
        Case(text: "Mo 24:00-02:00", canonical: nil),
        Case(text: "Mo 08:00-24:30", canonical: nil),
        Case(text: "Mo 08:60-12:00", canonical: nil),
        Case(text: "Mo-Su sunrise-sunset", canonical: nil),
        Case(text: "Mo-Fr 06:00-22:00 \"by appointment\"", canonical: nil),
        Case(text: "Mo-Fr 06:00-22:00;Sa 07:00-15:00", canonical: nil),
        Case(text: "PH off; PH 08:00-10:00", canonical: nil),
        Case(text: "24/7; PH off", canonical: nil),
        Case(text: "Mo-Fr 06:00+", canonical: nil),
        Case(text: "mo-fr 06:00-22:00", canonical: nil),
    ]

    @Test(arguments: inside + outside)
    func aValueReadsOnlyInsideTheSubset(_ testCase: Case) {
        #expect(OpeningHours(parsing: testCase.text)?.text == testCase.canonical)
    }

    @Test func aSpanKnowsWhetherItCrossesMidnight() throws {
        #expect(try #require(OpeningHours.Span(start: 22 * 60, end: 2 * 60)).crossesMidnight)
        #expect(try #require(OpeningHours.Span(start: 6 * 60, end: 0)).crossesMidnight)
        #expect(try !#require(OpeningHours.Span(start: 6 * 60, end: 1440)).crossesMidnight)
        #expect(OpeningHours.Span(start: 1440, end: 60) == nil)
    }
}
