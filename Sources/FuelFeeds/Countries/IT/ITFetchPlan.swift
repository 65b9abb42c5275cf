import Foundation
import FuelFormat

/// MIMIT's two files, registry and prices; a pair whose extraction dates (or, without them, Last-Modified days)
/// differ is refused. `fetch --check` asks for the first 16 KB of each.
public struct ITFetchPlan: FeedFetchPlan {
    /// `anagrafica_impianti_attivi.csv`, the registry of stations.
    public var registryURL: String
    /// `prezzo_alle_8.csv`, the prices in force at 08:00.
    public var pricesURL: String

    public var endpoints: [String] { [registryURL, pricesURL] }

    public var probes: [FeedProbe] {
        [(registryURL, ITRegistry.columns), (pricesURL, ITPrices.columns)].map { url, columns in
            FeedProbe(url: url, rangeBytes: FeedShape.headBytes) { file in
                let shape = ITFetchPlan.shape(columns: columns)
                if let problem = shape.problem(with: file) { throw FeedShapeProblem(problem) }
                guard let date = ITFetchPlan.extractionDate(of: file, columns: columns) else {
                    throw FeedShapeProblem("no \"Estrazione del\" line in its first lines")
                }
                return "Estrazione del \(date)"
            }
        }
    }

    public func fetch(_ session: any FeedSession) async throws {
        let registry = try await session.download(
            registryURL, as: "IT/\(ITAdapter.registryFile)", shape: Self.shape(columns: ITRegistry.columns))
        let prices = try await session.download(
            pricesURL, as: "IT/\(ITAdapter.pricesFile)", shape: Self.shape(columns: ITPrices.columns))
        if let registryDate = Self.extractionDate(of: registry.file, columns: ITRegistry.columns),
            let pricesDate = Self.extractionDate(of: prices.file, columns: ITPrices.columns)
        {
            guard registryDate == pricesDate else {
                let (older, newer) = registryDate < pricesDate ? (registry, prices) : (prices, registry)
                throw session.failure(
                    older.relativePath,
                    "says \"Estrazione del \(min(registryDate, pricesDate))\" but \(newer.relativePath) says "
                        + "\(max(registryDate, pricesDate)): the two files are from different days")
            }
            return
        }
        let registryDay = registry.lastModified.flatMap(HTTPDate.parse).map(Self.utcDay)
        let pricesDay = prices.lastModified.flatMap(HTTPDate.parse).map(Self.utcDay)
        if let registryDay, let pricesDay, registryDay != pricesDay {
            let (older, newer) = registryDay < pricesDay ? (registry, prices) : (prices, registry)
            throw session.failure(
                older.relativePath,
                "was last modified on \(min(registryDay, pricesDay)) but \(newer.relativePath) on "
                    + "\(max(registryDay, pricesDay)): the two files are from different days")
        }
    }

    /// A MIMIT CSV with these columns, judged by the adapter's own header rule (``ITTable``) on the first 16 KB.
    static func shape(columns: [String]) -> FeedShape {
        FeedShape(name: "CSV") { head, _ in
            do {
                _ = try ITTable(bytes: head, file: "", country: "IT", expected: columns)
                return nil
            } catch let error as FeedError {
                return error.reason
            } catch {
                return String(describing: error)
            }
        }
    }

    /// The `Estrazione del` date of a MIMIT CSV as `YYYY-MM-DD`, read by the adapter's rule from the first 16 KB.
    static func extractionDate(of file: URL, columns: [String]) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: FeedShape.headBytes)) ?? Data())
        let table = try? ITTable(bytes: head, file: "", country: "IT", expected: columns)
        return table?.extractionDate?.text
    }

    private static func utcDay(_ date: Date) -> String { String(UTCTime.format(date).prefix(10)) }
}
