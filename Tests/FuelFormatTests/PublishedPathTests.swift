import FuelFormat
import Testing

/// Every published path is sorted by kind in one place.
struct PublishedPathTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var formatTwo: Bool = false
        var kind: PublishedPath.Kind
        var isFormatTwo: Bool
        var testDescription: String { path + (formatTwo ? " (below v2/)" : "") }
    }

    static let cases: [Case] = [
        Case(path: "index.json", kind: .index, isFormatTwo: false),
        Case(path: "sources.json", kind: .sources, isFormatTwo: false),
        Case(path: "brands/ES.json", kind: .brands, isFormatTwo: false),
        Case(path: "tiles/77_-19.json", kind: .tile, isFormatTwo: false),
        Case(path: "v2/index.json", kind: .index, isFormatTwo: true),
        Case(path: "v2/tiles/77_-19.0123456789abcdef.json", kind: .tile, isFormatTwo: true),
        Case(path: "v2/builds/20261201T050000Z.json", kind: .buildArchive, isFormatTwo: true),
        Case(path: "tiles/77_-19.0123456789abcdef.json", formatTwo: true, kind: .tile, isFormatTwo: true),
        Case(path: "sources.0123456789abcdef.json", formatTwo: true, kind: .sources, isFormatTwo: true),
        Case(path: "brands/PT.0123456789abcdef.json", formatTwo: true, kind: .brands, isFormatTwo: true),
        Case(path: ".lock", kind: .other, isFormatTwo: false),
        Case(path: "tiles/", kind: .other, isFormatTwo: false),
        Case(path: "notes/readme.json", kind: .other, isFormatTwo: false),
    ]

    @Test(arguments: cases)
    func kindOf(_ testCase: Case) {
        let path = PublishedPath(testCase.path, formatTwo: testCase.formatTwo)
        #expect(path.kind == testCase.kind)
        #expect(path.isFormatTwo == testCase.isFormatTwo)
    }
}
