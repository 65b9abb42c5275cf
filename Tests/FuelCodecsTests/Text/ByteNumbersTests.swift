import FuelCodecs
import Testing

/// ``ByteNumbers/decimal(_:)``, the byte-level decimal reader that the IT and FR hot paths share.
@Suite struct ByteNumbersTests {
    @Test(arguments: [
        ("1.889", 1.889), ("-279400", -279_400), ("4424024.1001506", 4_424_024.1001506),
        ("44.91704718250436", 44.91704718250436), ("8.70067298412323", 8.70067298412323), (".5", 0.5),
        ("0.100", 0.1), ("12345678901234567890.5", 12_345_678_901_234_567_890.5),
    ])
    func decimal(_ text: String, _ value: Double) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { ByteNumbers.decimal($0) } == value)
    }

    @Test(arguments: ["", "-", ".", "1,5", "1.2.3", "1e5", "nan", "inf", "0x10", " 1"])
    func notDecimal(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { ByteNumbers.decimal($0) } == nil)
    }
}
