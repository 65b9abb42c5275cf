import Foundation
import FuelFormat
import Testing

@Suite struct UTCTimeTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"),
        (Int64(1_758_989_147), "2025-09-27T16:05:47Z"),
        (Int64(951_782_400), "2000-02-29T00:00:00Z"),
        (Int64(-1), "1969-12-31T23:59:59Z"),
        (Int64(4_102_444_800), "2100-01-01T00:00:00Z"),
        (Int64(-30_610_224_000), "1000-01-01T00:00:00Z"),
        (Int64(-30_641_760_000), "0999-01-01T00:00:00Z"),
        (Int64(253_402_300_799), "9999-12-31T23:59:59Z"),
    ])
    func formatsAndParses(_ seconds: Int64, _ text: String) {
        #expect(UTCTime.format(seconds: seconds) == text)
        #expect(UTCTime.parse(text) == seconds)
    }

    @Test func appendsTheSameBytesAsItFormats() {
        var bytes = Array("x".utf8)
        UTCTime.append(Date(timeIntervalSince1970: 1_758_989_147.9), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x2025-09-27T16:05:47Z")
    }

    @Test(arguments: ["2025-09-27 16:05:47Z", "2025-13-27T16:05:47Z", "2025-09-27T16:05:47", "x"])
    func rejectsOtherShapes(_ text: String) {
        #expect(UTCTime.parse(text) == nil)
    }
}
