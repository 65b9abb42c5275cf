import FuelCodecs
import Testing

/// ``Text/clean(_:)``, the byte-level cleaning of feed text (UTF-8 or ISO-8859-1) that the IT and FR hot paths share.
@Suite struct TextTests {
    struct Clean: Sendable, CustomTestStringConvertible {
        var label: String
        var bytes: [UInt8]
        var text: String?
        var latin1: Bool
        var testDescription: String { label }
    }

    @Test(arguments: [
        Clean(label: "plain", bytes: Array("VIA ROMA 1".utf8), text: "VIA ROMA 1", latin1: false),
        Clean(
            label: "runs, TABs and ends", bytes: Array("  SS 10 KM.103\t  15040  ".utf8), text: "SS 10 KM.103 15040",
            latin1: false),
        Clean(label: "no-break space", bytes: Array("VIA\u{A0}ROMA".utf8), text: "VIA ROMA", latin1: false),
        Clean(label: "UTF-8 accents", bytes: Array("CANICATTÌ".utf8), text: "CANICATTÌ", latin1: false),
        Clean(label: "ISO-8859-1 fallback", bytes: Array("CANICATT".utf8) + [0xCC], text: "CANICATTÌ", latin1: true),
        Clean(label: "ISO-8859-1 no-break space", bytes: [0x41, 0xA0, 0x42], text: "A B", latin1: true),
        Clean(label: "only white space", bytes: Array(" \t ".utf8), text: nil, latin1: false),
        Clean(label: "empty", bytes: [], text: nil, latin1: false),
        Clean(
            label: "quotes are kept", bytes: Array("\"IP SERVICES S.R.L.".utf8), text: "\"IP SERVICES S.R.L.",
            latin1: false),
    ])
    func clean(_ testCase: Clean) {
        let result = testCase.bytes.withUnsafeBufferPointer { Text.clean($0) }
        #expect(result.text == testCase.text)
        #expect(result.latin1 == testCase.latin1)
        #expect(result.text == Text.cleaned(Text.decodeUTF8OrLatin1(testCase.bytes)))
    }
}
