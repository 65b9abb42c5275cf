import Foundation
import Testing
import _FuelTestSupport

@testable import FuelReport

/// The script and stylesheet built into `fuel-publish` are exactly `Sources/FuelReport/Resources/`
/// (`scripts/embed-report-assets` writes them), and the page inlines them as they are.
@Suite struct ReportAssetsTests {
    struct Asset: Sendable, CustomTestStringConvertible {
        let file: String
        let builtIn: String
        var testDescription: String { file }
    }

    static let assets = [
        Asset(file: "report.js", builtIn: ReportAssets.javaScript),
        Asset(file: "report.css", builtIn: ReportAssets.css),
    ]

    @Test(arguments: assets) func theBuiltInCopyIsTheFile(_ asset: Asset) throws {
        let file = RepositoryPaths.root().appendingPathComponent("Sources/FuelReport/Resources/\(asset.file)")
        // Bytes, not `String` equality, which would also take the text in another Unicode normalisation.
        let bytes = try Data(contentsOf: file)
        #expect(Data((asset.builtIn + "\n").utf8) == bytes, "\(asset.file): run scripts/embed-report-assets")
    }

    @Test(arguments: assets) func thePageInlinesTheAsset(_ asset: Asset) {
        #expect(ReportPage.html(ReportPageTests.input).contains("\n\(asset.builtIn)\n</s"), "\(asset.file)")
    }
}
