import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat
import FuelHTTP

/// What each publisher needs fetched, and the checks a complete set must pass. Every function returns the staged
/// set or throws, removing what it staged.
enum CountrySources {
    /// Countries fetching knows how to get.
    static let supported = ["AT", "ES", "FR", "IT", "PT"]

    static func fetch(_ downloader: FeedDownloader) async throws -> [StagedFile] {
        let collector = StagedCollector()
        do {
            switch downloader.country {
            case "ES":
                try await collector.add(
                    downloader.fetch(downloader.settings.url, as: "ES/EstacionesTerrestres.json", format: .json))
            case "FR":
                try await collector.add(
                    downloader.fetch(downloader.settings.url, as: "FR/instantane.zip", format: .zip))
            case "IT": try await italy(downloader, collector)
            case "PT": try await portugal(downloader, collector)
            case "AT": try await austria(downloader, collector)
            default:
                throw downloader.failure(downloader.country, "no fetcher for this country")
            }
            return collector.files
        } catch {
            collector.discard()
            throw error
        }
    }

    // MARK: IT

    /// Both MIMIT files; a pair whose extraction dates (or, without them, Last-Modified days) differ is refused.
    private static func italy(_ downloader: FeedDownloader, _ collector: StagedCollector) async throws {
        let settings = downloader.settings
        let base = settings.url.hasSuffix("/") ? settings.url : settings.url + "/"
        let registry = try await collector.add(
            downloader.fetch(
                settings.registryURL ?? base + settings.registryFile, as: "IT/anagrafica_impianti_attivi.csv",
                format: .csv))
        let prices = try await collector.add(
            downloader.fetch(
                settings.pricesURL ?? base + settings.pricesFile, as: "IT/prezzo_alle_8.csv", format: .csv))
        let location = { (file: StagedFile) in file.staged ?? downloader.url(of: file.relativePath) }
        let registryDate = FeedFormat.extractionDate(of: location(registry))
        let pricesDate = FeedFormat.extractionDate(of: location(prices))
        if let registryDate, let pricesDate {
            guard registryDate == pricesDate else {
                let (older, newer) = registryDate < pricesDate ? (registry, prices) : (prices, registry)
                throw downloader.failure(
                    older.relativePath,
                    "says \"Estrazione del \(min(registryDate, pricesDate))\" but \(newer.relativePath) says "
                        + "\(max(registryDate, pricesDate)): the two files are from different days")
            }
            return
        }
        let registryDay = registry.entry.lastModified.flatMap(HTTPDate.parse).map(Self.utcDay)
        let pricesDay = prices.entry.lastModified.flatMap(HTTPDate.parse).map(Self.utcDay)
        if let registryDay, let pricesDay, registryDay != pricesDay {
            let (older, newer) = registryDay < pricesDay ? (registry, prices) : (prices, registry)
            throw downloader.failure(
                older.relativePath,
                "was last modified on \(min(registryDay, pricesDay)) but \(newer.relativePath) on "
                    + "\(max(registryDay, pricesDay)): the two files are from different days")
        }
    }

    private static func utcDay(_ date: Date) -> String { String(UTCTime.format(date).prefix(10)) }

    // MARK: PT

    /// `PesquisarPostos` in pages of `pageSize` rows (by default one page holds the whole country), until a page
    /// whose `resultado` is null, missing or empty. Rows come sorted by price, so paging while prices change can skip
    /// or repeat rows: the rows received must add up to the `Quantidade` every row carries, or PT fails with both
    /// numbers.
    private static func portugal(_ downloader: FeedDownloader, _ collector: StagedCollector) async throws {
        let settings = downloader.settings
        var previousDigest: String?
        var received = 0
        var expected: Int?
        for page in 1...100_000 {
            let url = settings.portugalPage(page, size: settings.pageSize)
            let relativePath = "PT/page-\(Self.padded(page)).json"
            let file = try await downloader.fetch(url, as: relativePath, format: .json)
            let rows: PortugalPage
            do {
                rows = try PortugalPage(file: file.staged ?? downloader.url(of: relativePath))
            } catch let reason as PageProblem {
                if let staged = file.staged { removeQuietly(staged) }
                throw downloader.failure(relativePath, reason.text)
            }
            if rows.count == 0 {
                if let staged = file.staged { removeQuietly(staged) }
                guard page > 1 else { throw downloader.failure(relativePath, "the first page has no stations") }
                break
            }
            collector.add(file)
            if file.entry.sha256 == previousDigest {
                throw downloader.failure(
                    relativePath, "repeats the previous page: the server ignores paging (pageSize \(settings.pageSize))"
                )
            }
            previousDigest = file.entry.sha256
            guard let total = rows.quantidade else {
                throw downloader.failure(
                    relativePath, "its rows carry no Quantidade, so the crawl cannot be checked for completeness")
            }
            if let expected, expected != total {
                throw downloader.failure(
                    relativePath,
                    "says Quantidade \(total) where page 1 said \(expected): the rows changed while paging")
            }
            expected = total
            received += rows.count
            if received >= total || rows.count < settings.pageSize { break }
        }
        if let expected, received != expected {
            throw downloader.failure(
                "PT",
                "received \(received) rows but the service's Quantidade is \(expected): the crawl is incomplete "
                    + "(rows are sorted by price, so paging while prices change skips or repeats rows; fetch setting "
                    + "pageSize \(settings.pageSize) should hold the whole country in one page)")
        }
    }

    struct PageProblem: Error { var text: String }

    /// The rows of one `{"status":true,"mensagem":…,"resultado":[…]}` page, read with the adapters' JSON parser.
    struct PortugalPage {
        /// Rows in `resultado`; 0 when it is null, missing or empty (no more rows).
        var count = 0
        /// The `Quantidade` of the first row: how many rows match the whole query.
        var quantidade: Int?

        init(file: URL) throws {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw PageProblem(text: "cannot be read back")
            }
            let document: JSONDocument
            do { document = try JSONDocument(parsing: [UInt8](data)) } catch {
                throw PageProblem(text: "is not JSON: \(error)")
            }
            let root = document.root
            guard root.kind == .object else { throw PageProblem(text: "is not a JSON object") }
            if let status = root["status"], status.bool == false {
                throw PageProblem(
                    text: "the API answered status false: \(root["mensagem"]?.string ?? "no message")")
            }
            guard let list = root["resultado"], !list.isNull else { return }
            guard list.kind == .array else { throw PageProblem(text: "has a \"resultado\" that is \(list.kind)") }
            count = list.count
            var rows = list.elements.makeIterator()
            if let key = document.keyID("Quantidade"), let first = rows.next() { quantidade = first.member(key)?.int }
        }
    }
    private static func padded(_ page: Int) -> String {
        let text = String(page)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    // MARK: AT

    /// The region list, then every district (`PB`) × fuel type, each answer saved as its own file.
    private static func austria(_ downloader: FeedDownloader, _ collector: StagedCollector) async throws {
        let base =
            downloader.settings.url.hasSuffix("/")
            ? String(downloader.settings.url.dropLast()) : downloader.settings.url
        let regions = try await collector.add(
            downloader.fetch(base + "/regions?includeCities=false", as: "AT/_regions.json", format: .json))
        let districts: [String]
        do {
            districts = try Self.districts(in: regions.staged ?? downloader.url(of: regions.relativePath))
        } catch let reason as PageProblem {
            throw downloader.failure(regions.relativePath, reason.text)
        }
        for district in districts {
            for fuel in downloader.settings.fuelTypes {
                let url =
                    "\(base)/search/gas-stations/by-region?code=\(district)&type=PB&fuelType=\(fuel)&includeClosed=true"
                try await collector.add(downloader.fetch(url, as: "AT/\(district)-\(fuel).json", format: .jsonArray))
            }
        }
    }

    /// The political-district codes (`type` `PB`) anywhere in the region tree, sorted numerically.
    static func districts(in file: URL) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: file.path),
            let tree = try? JSONSerialization.jsonObject(with: data)
        else { throw PageProblem(text: "is not JSON") }
        var codes = Set<Int>()
        func walk(_ node: Any) {
            if let list = node as? [Any] { list.forEach(walk) }
            guard let region = node as? [String: Any] else { return }
            if (region["type"] as? String) == "PB" {
                if let code = region["code"] as? Int {
                    codes.insert(code)
                } else if let text = region["code"] as? String, let code = Int(text) {
                    codes.insert(code)
                }
            }
            if let children = region["subRegions"] { walk(children) }
        }
        walk(tree)
        guard !codes.isEmpty else { throw PageProblem(text: "lists no political districts (type PB)") }
        return codes.sorted().map(String.init)
    }
}

/// The files staged so far for one country, so a failure can remove them all.
private final class StagedCollector {
    private(set) var files: [StagedFile] = []

    @discardableResult
    func add(_ file: StagedFile) -> StagedFile {
        files.append(file)
        return file
    }

    func discard() {
        for file in files { if let staged = file.staged { removeQuietly(staged) } }
        files = []
    }
}
