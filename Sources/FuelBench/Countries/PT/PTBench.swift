import Foundation
import FuelFeeds

/// Portugal in the bench: DGEG's `PesquisarPostos` pages (``PortugalFeed``), a JSON API answering current prices on
/// every request, paged as `Tests/Servers/feed_server.py` pages it (``PortugalPages``).
extension PTAdapter: BenchCountry {
    var geography: CountryGeography { .portugal }
    var dayPublication: DayPublication { .live }
    var serviceHost: String { "dgeg.gov.pt" }

    func writeFeed(context: GenerationContext, folder: URL) throws -> (GeneratedCountry, [GeneratedFile]) {
        try PortugalFeed(context: context, folder: folder).write()
    }

    func servedFiles(_ files: [String: [UInt8]]) throws -> [String: [UInt8]] { try PortugalPages.rows(files) }

    func answer(path: String, query: [String: String], files: [String: [UInt8]]) -> [UInt8] {
        PortugalPages.page(
            files, size: Int(query["qtdPorPagina"] ?? "") ?? 0, number: Int(query["pagina"] ?? "") ?? 0)
    }
}
