import Foundation
import Testing

@testable import FuelFormat

/// HTTP dates (`Last-Modified`, `If-Modified-Since`, `Retry-After`) in the three forms RFC 9110 allows.
@Suite struct HTTPDateTests {
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ])
    func httpDatesInAllThreeForms(_ text: String) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test func httpDateFormatsIMFFixdate() {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 1_798_761_600)) == "Fri, 01 Jan 2027 00:00:00 GMT")
        #expect(HTTPDate.parse("not a date") == nil)
    }
}
