import Foundation
import FuelFeeds
import FuelGrid
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

    /// `PesquisarPostos` page by page until an empty page.
    private static func portugal(_ downloader: FeedDownloader, _ collector: StagedCollector) async throws {
        let settings = downloader.settings
        let separator = settings.url.contains("?") ? "&" : "?"
        var previousDigest: String?
        for page in 1...100_000 {
            let url = "\(settings.url)\(separator)qtdPorPagina=\(settings.pageSize)&pagina=\(page)"
            let relativePath = "PT/page-\(Self.padded(page)).json"
            let file = try await downloader.fetch(url, as: relativePath, format: .json)
            let records: Int
            do {
                records = try Self.portugalRecords(in: file.staged ?? downloader.url(of: relativePath))
            } catch let reason as PageProblem {
                if let staged = file.staged { removeQuietly(staged) }
                throw downloader.failure(relativePath, reason.text)
            }
            if records == 0 {
                if let staged = file.staged { removeQuietly(staged) }
                guard page > 1 else { throw downloader.failure(relativePath, "the first page has no stations") }
                return
            }
            collector.add(file)
            if file.entry.sha256 == previousDigest {
                throw downloader.failure(
                    relativePath, "repeats the previous page: the server ignores paging (pageSize \(settings.pageSize))"
                )
            }
            previousDigest = file.entry.sha256
        }
        throw downloader.failure("PT", "more than 100000 pages; giving up")
    }

    private struct PageProblem: Error { var text: String }

    /// The number of records in a `{"status":true,"mensagem":…,"resultado":[…]}` page.
    private static func portugalRecords(in file: URL) throws -> Int {
        guard let data = FileManager.default.contents(atPath: file.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw PageProblem(text: "is not a JSON object") }
        if let status = object["status"] as? Bool, !status {
            throw PageProblem(text: "the API answered status false: \(object["mensagem"] as? String ?? "no message")")
        }
        guard let records = object["resultado"] as? [Any] else {
            throw PageProblem(text: "has no \"resultado\" array")
        }
        return records.count
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
                    "\(base)/search/gas-stations/by-region?code=\(district)&type=PB&fuelType=\(fuel)&includeClosed=false"
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
