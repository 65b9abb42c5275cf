import Foundation
import FuelGrid
import Testing

@Suite struct UTCTimeTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"),
        (Int64(1_758_989_147), "2025-09-27T16:05:47Z"),
        (Int64(951_782_400), "2000-02-29T00:00:00Z"),
        (Int64(-1), "1969-12-31T23:59:59Z"),
        (Int64(4_102_444_800), "2100-01-01T00:00:00Z"),
    ])
    func formatsAndParses(_ seconds: Int64, _ text: String) {
        #expect(UTCTime.format(seconds: seconds) == text)
        #expect(UTCTime.parse(text) == seconds)
    }

    @Test(arguments: ["2025-09-27 16:05:47Z", "2025-13-27T16:05:47Z", "2025-09-27T16:05:47", "x"])
    func rejectsOtherShapes(_ text: String) {
        #expect(UTCTime.parse(text) == nil)
    }
}
