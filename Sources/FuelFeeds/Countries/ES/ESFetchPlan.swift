import Foundation
import FuelCodecs

/// MITECO's `EstacionesTerrestres` document, in one GET.
public struct ESFetchPlan: FeedFetchPlan {
    /// The `EstacionesTerrestres` document.
    public var url: String
    /// `checkUrl`: the light request of `fetch --check` (its smallest filtered query, `…/FiltroProvincia/52`).
    public var checkURL: String?

    public var endpoints: [String] { [url] + (checkURL.map { [$0] } ?? []) }

    public var probes: [FeedProbe] { [FeedProbe(url: checkURL ?? url, read: Self.countStations)] }

    public func fetch(_ session: any FeedSession) async throws {
        _ = try await session.download(url, as: "ES/EstacionesTerrestres.json", shape: .json)
    }

    /// An `EstacionesTerrestres` answer: `ResultadoConsulta` OK and a `ListaEESSPrecio` array, counted.
    static func countStations(_ file: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: file.path),
            let document = try? JSONDocument(parsing: [UInt8](data)), document.root.kind == .object
        else { throw FeedShapeProblem("is not a JSON object") }
        guard document.root["ResultadoConsulta"]?.stringEquals("OK") == true else {
            throw FeedShapeProblem("has no ResultadoConsulta \"OK\"")
        }
        guard let list = document.root["ListaEESSPrecio"], list.kind == .array else {
            throw FeedShapeProblem("has no ListaEESSPrecio array")
        }
        return "\(list.count) stations"
    }
}
