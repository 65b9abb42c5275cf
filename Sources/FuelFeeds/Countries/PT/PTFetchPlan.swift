import Foundation
import FuelCodecs

/// `PesquisarPostos` in pages of ``pageSize`` rows (by default one page holds the whole country), until a page
/// whose `resultado` is null, missing or empty. Rows come sorted by price, so paging while prices change can skip
/// or repeat rows: the rows received must add up to the `Quantidade` every row carries, or PT fails with both
/// numbers. `fetch --check` asks for one row.
public struct PTFetchPlan: FeedFetchPlan {
    /// DGEG's `PesquisarPostos`.
    public var url: String
    /// Rows a page (`pageSize`); the default holds the whole country in one page.
    public var pageSize = 20_000
    /// The `idsTiposComb` ids asked for; empty sends no filter.
    public var fuelTypeIDs: [Int] = []

    public var endpoints: [String] { [url] }

    public var probes: [FeedProbe] {
        [
            FeedProbe(url: page(1, size: 1)) { file in
                let page = try PTPage(file: file)
                guard let total = page.quantidade, page.count > 0 else {
                    throw FeedShapeProblem("the page has no row with Quantidade")
                }
                return "\(total) rows"
            }
        ]
    }

    /// The URL of one page, with the fuel-type filter when there is one.
    public func page(_ page: Int, size: Int) -> String {
        let separator = url.contains("?") ? "&" : "?"
        let filter = fuelTypeIDs.isEmpty ? "" : "idsTiposComb=\(fuelTypeIDs.map(String.init).joined(separator: ","))&"
        return "\(url)\(separator)\(filter)qtdPorPagina=\(size)&pagina=\(page)"
    }

    public func fetch(_ session: any FeedSession) async throws {
        var previousDigest: String?
        var received = 0
        var expected: Int?
        for number in 1...100_000 {
            let relativePath = "PT/page-\(Self.padded(number)).json"
            let file = try await session.download(page(number, size: pageSize), as: relativePath, shape: .json)
            let rows: PTPage
            do { rows = try PTPage(file: file.file) } catch let problem as FeedShapeProblem {
                throw session.failure(relativePath, problem.text)
            }
            if rows.count == 0 {
                session.discard(file)
                guard number > 1 else { throw session.failure(relativePath, "the first page has no stations") }
                break
            }
            if file.sha256 == previousDigest {
                throw session.failure(
                    relativePath, "repeats the previous page: the server ignores paging (pageSize \(pageSize))")
            }
            previousDigest = file.sha256
            guard let total = rows.quantidade else {
                throw session.failure(
                    relativePath, "its rows carry no Quantidade, so the crawl cannot be checked for completeness")
            }
            if let expected, expected != total {
                throw session.failure(
                    relativePath,
                    "says Quantidade \(total) where page 1 said \(expected): the rows changed while paging")
            }
            expected = total
            received += rows.count
            if received >= total || rows.count < pageSize { break }
        }
        if let expected, received != expected {
            throw session.failure(
                "PT",
                "received \(received) rows but the service's Quantidade is \(expected): the crawl is incomplete "
                    + "(rows are sorted by price, so paging while prices change skips or repeats rows; fetch setting "
                    + "pageSize \(pageSize) should hold the whole country in one page)")
        }
    }

    private static func padded(_ page: Int) -> String {
        let text = String(page)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}

/// The rows of one `{"status":true,"mensagem":…,"resultado":[…]}` page, read with the adapter's JSON parser.
struct PTPage {
    /// Rows in `resultado`; 0 when it is null, missing or empty (no more rows).
    var count = 0
    /// The `Quantidade` of the first row: how many rows match the whole query.
    var quantidade: Int?

    /// - Throws: ``FeedShapeProblem`` when the page is not such an answer.
    init(file: URL) throws {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw FeedShapeProblem("cannot be read back")
        }
        let document: JSONDocument
        do { document = try JSONDocument(parsing: [UInt8](data)) } catch {
            throw FeedShapeProblem("is not JSON: \(error)")
        }
        let root = document.root
        guard root.kind == .object else { throw FeedShapeProblem("is not a JSON object") }
        if let status = root["status"], status.bool == false {
            throw FeedShapeProblem("the API answered status false: \(root["mensagem"]?.string ?? "no message")")
        }
        guard let list = root["resultado"], !list.isNull else { return }
        guard list.kind == .array else { throw FeedShapeProblem("has a \"resultado\" that is \(list.kind)") }
        count = list.count
        var rows = list.elements.makeIterator()
        if let key = document.keyID("Quantidade"), let first = rows.next() { quantidade = first.member(key)?.int }
    }
}
